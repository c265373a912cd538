package dev.carbide.keys;

import java.security.InvalidKeyException;
import java.security.Key;
import javax.security.auth.Destroyable;

/**
 * The front every family's keys pass through on their way into an SPI: Carbide's own keys of the
 * family go through as they are; a destroyed foreign private key is refused; any other key is
 * translated by the family's translation and the result cached for as long as the foreign key
 * object lives ({@link TranslationCache}), so a SunJCE or SUN key used over and over is parsed
 * once.
 */
public final class KeyTranslator<U extends NativePublicKey, R extends NativePrivateKey> {
  private final Class<U> publicClass;
  private final Class<R> privateClass;
  private final TranslationCache.Translation<U> translatePublic;
  private final TranslationCache.Translation<R> translatePrivate;
  private final TranslationCache<U> publics = new TranslationCache<>();
  private final TranslationCache<R> privates = new TranslationCache<>();

  public KeyTranslator(
      Class<U> publicClass,
      Class<R> privateClass,
      TranslationCache.Translation<U> translatePublic,
      TranslationCache.Translation<R> translatePrivate) {
    this.publicClass = publicClass;
    this.privateClass = privateClass;
    this.translatePublic = translatePublic;
    this.translatePrivate = translatePrivate;
  }

  /** The Carbide form of a public key; InvalidKeyException if it cannot be one. */
  public U toPublic(Key key) throws InvalidKeyException {
    if (publicClass.isInstance(key)) {
      return publicClass.cast(key);
    }
    return publics.getOrTranslate(key, translatePublic);
  }

  /** The Carbide form of a private key; InvalidKeyException if it cannot be one or is destroyed. */
  public R toPrivate(Key key) throws InvalidKeyException {
    if (privateClass.isInstance(key)) {
      return privateClass.cast(key);
    }
    if (key instanceof Destroyable d && d.isDestroyed()) {
      throw new InvalidKeyException("the key has been destroyed");
    }
    return privates.getOrTranslate(key, translatePrivate);
  }
}
