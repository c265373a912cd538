package dev.carbide.dh;

import dev.carbide.keys.KeyTranslator;
import dev.carbide.keys.PkeyNative;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPair;
import java.util.Arrays;
import javax.crypto.interfaces.DHPrivateKey;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;

/**
 * Turns any DH key into a Carbide one, and builds keys from components. Carbide keys pass through;
 * foreign keys are translated from their components or their encoding, and the translation is
 * cached for as long as the foreign key object lives.
 */
final class DhKeys {
  private DhKeys() {}

  private static final KeyTranslator<DhPublicKeyImpl, DhPrivateKeyImpl> KEYS =
      new KeyTranslator<>(
          DhPublicKeyImpl.class,
          DhPrivateKeyImpl.class,
          DhKeys::translatePublic,
          DhKeys::translatePrivate);

  static DhPublicKeyImpl toPublic(Key key) throws InvalidKeyException {
    return KEYS.toPublic(key);
  }

  static DhPrivateKeyImpl toPrivate(Key key) throws InvalidKeyException {
    return KEYS.toPrivate(key);
  }

  /** A fresh translation, not cached (translateKey's result belongs to the caller). */
  static DhPublicKeyImpl translatePublic(Key key) throws InvalidKeyException {
    if (key instanceof DHPublicKey dh) {
      return fromY(dh.getParams(), dh.getY());
    }
    if (key != null && "X.509".equalsIgnoreCase(key.getFormat()) && key.getEncoded() != null) {
      return fromX509(key.getEncoded());
    }
    throw new InvalidKeyException("a DH public key is needed, not " + describe(key));
  }

  static DhPrivateKeyImpl translatePrivate(Key key) throws InvalidKeyException {
    if (key instanceof DHPrivateKey dh) {
      return fromX(dh.getParams(), dh.getX());
    }
    if (key != null && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
      byte[] encoded = key.getEncoded();
      if (encoded != null) {
        try {
          return fromPkcs8(encoded);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
    }
    throw new InvalidKeyException("a DH private key is needed, not " + describe(key));
  }

  static DhPublicKeyImpl fromY(DHParameterSpec params, BigInteger y) throws InvalidKeyException {
    checkParams(params);
    return new DhPublicKeyImpl(publicHandle(params, unsigned(y)), params);
  }

  static DhPrivateKeyImpl fromX(DHParameterSpec params, BigInteger x) throws InvalidKeyException {
    checkParams(params);
    if (x == null || x.signum() <= 0) {
      throw new InvalidKeyException("the DH private value must be positive");
    }
    byte[] value = unsigned(x);
    try {
      return new DhPrivateKeyImpl(
          DhNative.fromComponents(
              unsigned(params.getP()), unsigned(params.getG()), params.getL(), null, value),
          params);
    } finally {
      Arrays.fill(value, (byte) 0);
    }
  }

  static DhPublicKeyImpl fromX509(byte[] der) throws InvalidKeyException {
    return new DhPublicKeyImpl(checkedDh(PkeyNative.parsePublic(der)));
  }

  static DhPrivateKeyImpl fromPkcs8(byte[] der) throws InvalidKeyException {
    return new DhPrivateKeyImpl(checkedDh(PkeyNative.parsePrivate(der)));
  }

  /**
   * A generated pair from the native key holding both halves: the private key owns it, and the
   * public key shares it until the private key is destroyed (then y is read out and imported alone
   * if needed), so a generation imports nothing.
   */
  static KeyPair pairOf(long handle, DHParameterSpec params) {
    DhPrivateKeyImpl privateKey = new DhPrivateKeyImpl(handle, params);
    return new KeyPair(privateKey.generatedPublicKey(), privateKey);
  }

  /** A native public key from y (unsigned) over {@code params}. */
  static long publicHandle(DHParameterSpec params, byte[] y) throws InvalidKeyException {
    return DhNative.fromComponents(
        unsigned(params.getP()), unsigned(params.getG()), params.getL(), y, null);
  }

  /** The domain parameters of native key {@code handle}, as DHParameterSpec holds them. */
  static DHParameterSpec paramsOf(long handle) {
    return new DHParameterSpec(
        new BigInteger(1, DhNative.component(handle, DhNative.P)),
        new BigInteger(1, DhNative.component(handle, DhNative.G)),
        DhNative.privateBits(handle));
  }

  static byte[] unsigned(BigInteger value) {
    byte[] bytes = value.toByteArray();
    return bytes.length > 1 && bytes[0] == 0 ? Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
  }

  private static void checkParams(DHParameterSpec params) throws InvalidKeyException {
    if (params == null || params.getP() == null || params.getG() == null) {
      throw new InvalidKeyException("DH parameters are missing");
    }
    if (params.getP().signum() <= 0 || params.getG().signum() <= 0) {
      throw new InvalidKeyException("DH parameters must be positive");
    }
  }

  // A freshly parsed key; frees it if it is not a DH key.
  private static long checkedDh(long handle) throws InvalidKeyException {
    if (!"DH".equals(PkeyNative.typeName(handle))) {
      PkeyNative.free(handle);
      throw new InvalidKeyException("not a DH key");
    }
    return handle;
  }

  private static String describe(Key key) {
    return key == null ? "null" : key.getClass().getName() + " (" + key.getAlgorithm() + ")";
  }
}
