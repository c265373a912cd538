package dev.carbide.keys;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The KeyFactory dispatch that DSA, DH and RSA share: each family lists, in order, the KeySpec
 * classes it makes keys from and those it gives keys back as (the first that fits wins), and
 * supplies its key translation ({@link Translation}, method references into its key helpers) and
 * its JDK provider's messages; this class walks the tables. A refusal of a key's values
 * (InvalidKeyException from the family) becomes InvalidKeySpecException with the same message.
 *
 * @param <U> the family's public key class
 * @param <R> the family's private key class
 */
public abstract class SpecKeyFactory<U extends PublicKey, R extends PrivateKey>
    extends KeyFactorySpi {
  /** Makes a key from a spec of one class. */
  @FunctionalInterface
  public interface Make<S extends KeySpec, K> {
    K make(S spec) throws InvalidKeyException, InvalidKeySpecException;
  }

  /** A key's spec of one class, or null where the key has none of that class. */
  @FunctionalInterface
  public interface View<K> {
    KeySpec view(K key) throws InvalidKeyException, InvalidKeySpecException;
  }

  /** One spec class a key is made from. */
  public record From<S extends KeySpec, K>(Class<S> type, Make<S, K> make) {
    K apply(KeySpec spec) throws InvalidKeyException, InvalidKeySpecException {
      return make.make(type.cast(spec));
    }
  }

  /** Parses an encoding into a key. */
  @FunctionalInterface
  public interface Parse<K> {
    K parse(byte[] der) throws InvalidKeyException;
  }

  /** Keys from an X509EncodedKeySpec, by {@code parse}. */
  public static <K> From<X509EncodedKeySpec, K> x509(Parse<K> parse) {
    return new From<>(X509EncodedKeySpec.class, spec -> parse.parse(spec.getEncoded()));
  }

  /** Keys from a PKCS8EncodedKeySpec, by {@code parse}; the copy of the encoding is zeroed. */
  public static <K> From<PKCS8EncodedKeySpec, K> pkcs8(Parse<K> parse) {
    return new From<>(
        PKCS8EncodedKeySpec.class,
        spec -> {
          byte[] encoded = spec.getEncoded();
          try {
            return parse.parse(encoded);
          } finally {
            Arrays.fill(encoded, (byte) 0);
          }
        });
  }

  /** One spec class a key is given back as. */
  public record To<K>(Class<? extends KeySpec> type, View<K> view) {}

  /** A key of any provider made into one of the family's (or refused). */
  @FunctionalInterface
  public interface Convert<K> {
    K convert(Key key) throws InvalidKeyException;
  }

  /**
   * How a family turns keys into its own: {@code toPublic}/{@code toPrivate} give its key classes
   * (a cached translation, for getKeySpec), {@code translatePublic}/{@code translatePrivate} a
   * fresh translation of a foreign key (for translateKey, which returns the family's own keys,
   * instances of {@code publicClass} or {@code privateClass}, as they are).
   */
  public record Translation<U extends PublicKey, R extends PrivateKey>(
      Class<U> publicClass,
      Class<R> privateClass,
      Convert<U> toPublic,
      Convert<R> toPrivate,
      Convert<? extends Key> translatePublic,
      Convert<? extends Key> translatePrivate) {}

  /** The JDK provider's messages, which the family's factory repeats. */
  public record Messages(
      String publicSpec,
      String privateSpec,
      String publicKeySpec,
      String privateKeySpec,
      String keyType,
      String translate) {}

  private final List<From<?, ? extends PublicKey>> publicFrom;
  private final List<From<?, ? extends PrivateKey>> privateFrom;
  private final List<To<U>> publicTo;
  private final List<To<R>> privateTo;
  private final Messages messages;
  private final Translation<U, R> translation;

  protected SpecKeyFactory(
      List<From<?, ? extends PublicKey>> publicFrom,
      List<From<?, ? extends PrivateKey>> privateFrom,
      List<To<U>> publicTo,
      List<To<R>> privateTo,
      Messages messages,
      Translation<U, R> translation) {
    this.publicFrom = publicFrom;
    this.privateFrom = privateFrom;
    this.publicTo = publicTo;
    this.privateTo = privateTo;
    this.messages = messages;
    this.translation = translation;
  }

  /**
   * Refuses a null key or spec class as the JDK's factory does (by default a NullPointerException).
   */
  protected void checkNotNull(Key key, Class<?> specClass) throws InvalidKeySpecException {
    Objects.requireNonNull(key, "key must not be null");
    Objects.requireNonNull(specClass, "keySpec must not be null");
  }

  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    return make(publicFrom, spec, messages.publicSpec);
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    return make(privateFrom, spec, messages.privateSpec);
  }

  private static <K> K make(List<From<?, ? extends K>> table, KeySpec spec, String refusal)
      throws InvalidKeySpecException {
    try {
      for (From<?, ? extends K> from : table) {
        if (from.type.isInstance(spec)) {
          return from.apply(spec);
        }
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException(refusal);
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    checkNotNull(key, specClass);
    try {
      if (key instanceof PublicKey) {
        return view(publicTo, translation.toPublic.convert(key), specClass, messages.publicKeySpec);
      }
      if (key instanceof PrivateKey) {
        return view(
            privateTo, translation.toPrivate.convert(key), specClass, messages.privateKeySpec);
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException(messages.keyType);
  }

  private static <K, T extends KeySpec> T view(
      List<To<K>> table, K key, Class<T> specClass, String refusal)
      throws InvalidKeyException, InvalidKeySpecException {
    for (To<K> to : table) {
      if (specClass.isAssignableFrom(to.type)) {
        KeySpec spec = to.view.view(key);
        if (spec != null) {
          return specClass.cast(spec);
        }
      }
    }
    throw new InvalidKeySpecException(refusal);
  }

  @Override
  protected Key engineTranslateKey(Key key) throws InvalidKeyException {
    if (key == null) {
      throw new InvalidKeyException("Key must not be null");
    }
    if (translation.publicClass.isInstance(key) || translation.privateClass.isInstance(key)) {
      return key;
    }
    if (key instanceof PublicKey) {
      return translation.translatePublic.convert(key);
    }
    if (key instanceof PrivateKey) {
      return translation.translatePrivate.convert(key);
    }
    throw new InvalidKeyException(messages.translate);
  }
}
