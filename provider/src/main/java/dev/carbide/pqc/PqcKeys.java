package dev.carbide.pqc;

import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.NativePublicKey;
import dev.carbide.keys.PkeyNative;
import dev.carbide.keys.TranslationCache;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;

/**
 * Builds Carbide post-quantum keys from encodings and translates other providers' keys (the JDK
 * 25's, Bouncy Castle's) through their encoding, cached for as long as the foreign key lives. Every
 * check names what a key must be: a family ("ML-KEM") or, for the per-set services, one parameter
 * set ("ML-KEM-768").
 */
final class PqcKeys {
  private PqcKeys() {}

  private static final TranslationCache<NativePublicKey> PUBLIC = new TranslationCache<>();
  private static final TranslationCache<NativePrivateKey> PRIVATE = new TranslationCache<>();

  /** What a service accepts: one family, and within it any set or only {@code fixed}. */
  record Scope(PqcAlgorithm.Family family, PqcAlgorithm fixed) {
    /** The key's parameter set; InvalidKeyException unless it is in this scope. */
    PqcAlgorithm check(PqcAlgorithm parameterSet) throws InvalidKeyException {
      if (parameterSet == null || parameterSet.family != family) {
        throw new InvalidKeyException("not an " + family.jcaName + " key");
      }
      if (fixed != null && parameterSet != fixed) {
        throw new InvalidKeyException(
            "Expected a " + fixed.jcaName + " key, not " + parameterSet.jcaName);
      }
      return parameterSet;
    }

    String name() {
      return fixed != null ? fixed.jcaName : family.jcaName;
    }
  }

  static PqcPublicKeyImpl fromX509(byte[] der, Scope scope) throws InvalidKeyException {
    long handle = PkeyNative.parsePublic(der);
    return new PqcPublicKeyImpl(checked(handle, scope), handle);
  }

  static PqcPrivateKeyImpl fromPkcs8(byte[] der, Scope scope) throws InvalidKeyException {
    long handle = PkeyNative.parsePrivate(der);
    return new PqcPrivateKeyImpl(checked(handle, scope), handle);
  }

  /** The parameter set of native key {@code handle}, which is freed if it is out of scope. */
  private static PqcAlgorithm checked(long handle, Scope scope) throws InvalidKeyException {
    try {
      return scope.check(PqcAlgorithm.byName(PkeyNative.typeName(handle)));
    } catch (InvalidKeyException | RuntimeException e) {
      PkeyNative.free(handle);
      throw e;
    }
  }

  /** Any public key of the scope as a Carbide key; foreign keys are translated once. */
  static PqcPublicKeyImpl toPublic(Key key, Scope scope) throws InvalidKeyException {
    if (key instanceof PqcPublicKeyImpl own) {
      scope.check(own.parameterSet());
      return own;
    }
    if (!(key instanceof PublicKey)) {
      throw new InvalidKeyException("a public key is needed");
    }
    NativePublicKey cached = PUBLIC.get(key);
    if (cached == null) {
      cached = translatePublic(key, new Scope(scope.family(), null));
      PUBLIC.put(key, cached);
    }
    scope.check(((PqcKey) cached).parameterSet());
    return (PqcPublicKeyImpl) cached;
  }

  static PqcPrivateKeyImpl toPrivate(Key key, Scope scope) throws InvalidKeyException {
    if (key instanceof PqcPrivateKeyImpl own) {
      scope.check(own.parameterSet());
      return own;
    }
    if (!(key instanceof PrivateKey)) {
      throw new InvalidKeyException("a private key is needed");
    }
    NativePrivateKey cached = PRIVATE.get(key);
    if (cached == null) {
      cached = translatePrivate(key, new Scope(scope.family(), null));
      PRIVATE.put(key, cached);
    }
    scope.check(((PqcKey) cached).parameterSet());
    return (PqcPrivateKeyImpl) cached;
  }

  static PqcPublicKeyImpl translatePublic(Key key, Scope scope) throws InvalidKeyException {
    if (key instanceof PublicKey && "X.509".equalsIgnoreCase(key.getFormat())) {
      byte[] encoded = key.getEncoded();
      if (encoded != null) {
        return fromX509(encoded, scope);
      }
    }
    throw new InvalidKeyException("an encodable " + scope.name() + " public key is needed");
  }

  static PqcPrivateKeyImpl translatePrivate(Key key, Scope scope) throws InvalidKeyException {
    if (key instanceof PrivateKey && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
      byte[] encoded = key.getEncoded();
      if (encoded != null) {
        try {
          return fromPkcs8(encoded, scope);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
    }
    throw new InvalidKeyException("an encodable " + scope.name() + " private key is needed");
  }
}
