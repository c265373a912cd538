package dev.carbide.edec;

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
 * Builds Carbide EdDSA and XDH keys from raw bytes or encodings, and translates foreign keys
 * through their encoding, cached for as long as the foreign key object lives.
 */
final class EdEcKeys {
  private EdEcKeys() {}

  private static final TranslationCache<NativePublicKey> PUBLIC = new TranslationCache<>();
  private static final TranslationCache<NativePrivateKey> PRIVATE = new TranslationCache<>();

  static NativePublicKey publicKey(EdEcCurve curve, long handle) {
    return curve.signing
        ? new EdEcPublicKeyImpl(curve, handle)
        : new XecPublicKeyImpl(curve, handle);
  }

  /** A generated pair's public key, from its raw bytes, made natively only when needed. */
  static NativePublicKey generatedPublicKey(EdEcCurve curve, byte[] raw) {
    return curve.signing ? new EdEcPublicKeyImpl(curve, raw) : new XecPublicKeyImpl(curve, raw);
  }

  static NativePrivateKey privateKey(EdEcCurve curve, long handle) {
    return curve.signing
        ? new EdEcPrivateKeyImpl(curve, handle)
        : new XecPrivateKeyImpl(curve, handle);
  }

  static NativePublicKey fromRawPublic(EdEcCurve curve, byte[] raw) throws InvalidKeyException {
    return publicKey(curve, PkeyNative.newRawKey(curve.opensslName, raw, false));
  }

  static NativePrivateKey fromRawPrivate(EdEcCurve curve, byte[] raw) throws InvalidKeyException {
    return privateKey(curve, PkeyNative.newRawKey(curve.opensslName, raw, true));
  }

  /** Parses X.509; InvalidKeyException unless it holds a key of {@code signing}'s family. */
  static NativePublicKey fromX509(byte[] der, boolean signing) throws InvalidKeyException {
    long handle = PkeyNative.parsePublic(der);
    return publicKey(checkedCurve(handle, signing), handle);
  }

  static NativePrivateKey fromPkcs8(byte[] der, boolean signing) throws InvalidKeyException {
    long handle = PkeyNative.parsePrivate(der);
    return privateKey(checkedCurve(handle, signing), handle);
  }

  private static EdEcCurve checkedCurve(long handle, boolean signing) throws InvalidKeyException {
    EdEcCurve curve = EdEcCurve.byOpensslName(PkeyNative.typeName(handle));
    if (curve == null || curve.signing != signing) {
      PkeyNative.free(handle);
      throw new InvalidKeyException("not an " + (signing ? "EdDSA" : "XDH") + " key");
    }
    return curve;
  }

  /** Any public key of the family as a Carbide key; cached for foreign keys. */
  static NativePublicKey toPublic(Key key, boolean signing) throws InvalidKeyException {
    if (key instanceof EdEcKey own && own.curve().signing == signing) {
      return (NativePublicKey) checkPublic(key);
    }
    NativePublicKey cached = PUBLIC.get(key);
    if (cached == null) {
      cached = translatePublic(key, signing);
      PUBLIC.put(key, cached);
    }
    return cached;
  }

  static NativePrivateKey toPrivate(Key key, boolean signing) throws InvalidKeyException {
    if (key instanceof EdEcKey own && own.curve().signing == signing) {
      if (!(key instanceof PrivateKey)) {
        throw new InvalidKeyException("a private key is needed");
      }
      return (NativePrivateKey) key;
    }
    NativePrivateKey cached = PRIVATE.get(key);
    if (cached == null) {
      cached = translatePrivate(key, signing);
      PRIVATE.put(key, cached);
    }
    return cached;
  }

  static NativePublicKey translatePublic(Key key, boolean signing) throws InvalidKeyException {
    if (key instanceof PublicKey && "X.509".equalsIgnoreCase(key.getFormat())) {
      byte[] encoded = key.getEncoded();
      if (encoded != null) {
        return fromX509(encoded, signing);
      }
    }
    throw new InvalidKeyException("an encodable " + family(signing) + " public key is needed");
  }

  static NativePrivateKey translatePrivate(Key key, boolean signing) throws InvalidKeyException {
    if (key instanceof PrivateKey && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
      byte[] encoded = key.getEncoded();
      if (encoded != null) {
        try {
          return fromPkcs8(encoded, signing);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
    }
    throw new InvalidKeyException("an encodable " + family(signing) + " private key is needed");
  }

  private static Key checkPublic(Key key) throws InvalidKeyException {
    if (!(key instanceof PublicKey)) {
      throw new InvalidKeyException("a public key is needed");
    }
    return key;
  }

  private static String family(boolean signing) {
    return signing ? "EdDSA" : "XDH";
  }
}
