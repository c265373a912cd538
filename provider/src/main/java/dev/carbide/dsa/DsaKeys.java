package dev.carbide.dsa;

import dev.carbide.keys.KeyTranslator;
import dev.carbide.keys.PkeyNative;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPair;
import java.security.interfaces.DSAParams;
import java.security.interfaces.DSAPrivateKey;
import java.security.interfaces.DSAPublicKey;
import java.security.spec.DSAParameterSpec;
import java.util.Arrays;

/**
 * Turns any DSA key into a Carbide one, and builds keys from components. Carbide keys pass through;
 * foreign keys are translated from their components or their encoding, and the translation is
 * cached for as long as the foreign key object lives.
 */
final class DsaKeys {
  private DsaKeys() {}

  private static final KeyTranslator<DsaPublicKeyImpl, DsaPrivateKeyImpl> KEYS =
      new KeyTranslator<>(
          DsaPublicKeyImpl.class,
          DsaPrivateKeyImpl.class,
          DsaKeys::translatePublic,
          DsaKeys::translatePrivate);

  static DsaPublicKeyImpl toPublic(Key key) throws InvalidKeyException {
    return KEYS.toPublic(key);
  }

  static DsaPrivateKeyImpl toPrivate(Key key) throws InvalidKeyException {
    return KEYS.toPrivate(key);
  }

  /** A fresh translation, not cached (translateKey's result belongs to the caller). */
  static DsaPublicKeyImpl translatePublic(Key key) throws InvalidKeyException {
    if (key instanceof DSAPublicKey dsa) {
      if (dsa.getParams() == null) {
        throw new InvalidKeyException("DSA public key lacks parameters");
      }
      return fromY(dsa.getParams(), dsa.getY());
    }
    if (key != null && "X.509".equalsIgnoreCase(key.getFormat()) && key.getEncoded() != null) {
      return fromX509(key.getEncoded());
    }
    throw new InvalidKeyException("not a DSA public key: " + describe(key));
  }

  static DsaPrivateKeyImpl translatePrivate(Key key) throws InvalidKeyException {
    if (key instanceof DSAPrivateKey dsa) {
      if (dsa.getParams() == null) {
        throw new InvalidKeyException("DSA private key lacks parameters");
      }
      return fromX(dsa.getParams(), dsa.getX());
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
    throw new InvalidKeyException("not a DSA private key: " + describe(key));
  }

  static DsaPublicKeyImpl fromY(DSAParams params, BigInteger y) throws InvalidKeyException {
    checkParams(params);
    if (y == null || y.signum() <= 0) {
      throw new InvalidKeyException("the DSA public value must be positive");
    }
    return new DsaPublicKeyImpl(publicHandle(params, unsigned(y)), params);
  }

  static DsaPrivateKeyImpl fromX(DSAParams params, BigInteger x) throws InvalidKeyException {
    checkParams(params);
    if (x == null || x.signum() <= 0) {
      throw new InvalidKeyException("the DSA private value must be positive");
    }
    byte[] value = unsigned(x);
    try {
      return new DsaPrivateKeyImpl(
          DsaNative.fromComponents(
              unsigned(params.getP()),
              unsigned(params.getQ()),
              unsigned(params.getG()),
              null,
              value),
          params);
    } finally {
      Arrays.fill(value, (byte) 0);
    }
  }

  static DsaPublicKeyImpl fromX509(byte[] der) throws InvalidKeyException {
    return new DsaPublicKeyImpl(checkedDsa(PkeyNative.parsePublic(der)), null);
  }

  static DsaPrivateKeyImpl fromPkcs8(byte[] der) throws InvalidKeyException {
    return new DsaPrivateKeyImpl(checkedDsa(PkeyNative.parsePrivate(der)), null);
  }

  /**
   * A generated pair from the native key holding both halves: the private key owns it, and the
   * public key shares it until the private key is destroyed (then y is read out and imported alone
   * if needed), so a generation imports nothing.
   */
  static KeyPair pairOf(long handle, DSAParams params) {
    DsaPrivateKeyImpl privateKey = new DsaPrivateKeyImpl(handle, params);
    return new KeyPair(privateKey.generatedPublicKey(), privateKey);
  }

  /** A native public key from y (unsigned) over {@code params}. */
  static long publicHandle(DSAParams params, byte[] y) throws InvalidKeyException {
    return DsaNative.fromComponents(
        unsigned(params.getP()), unsigned(params.getQ()), unsigned(params.getG()), y, null);
  }

  /** The domain parameters of native key {@code handle}. */
  static DSAParameterSpec paramsOf(long handle) {
    return new DSAParameterSpec(
        new BigInteger(1, DsaNative.component(handle, DsaNative.P)),
        new BigInteger(1, DsaNative.component(handle, DsaNative.Q)),
        new BigInteger(1, DsaNative.component(handle, DsaNative.G)));
  }

  static byte[] unsigned(BigInteger value) {
    byte[] bytes = value.toByteArray();
    return bytes.length > 1 && bytes[0] == 0 ? Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
  }

  static void checkParams(DSAParams params) throws InvalidKeyException {
    if (params == null || params.getP() == null || params.getQ() == null || params.getG() == null) {
      throw new InvalidKeyException("DSA parameters are missing");
    }
    if (params.getP().signum() <= 0 || params.getQ().signum() <= 0 || params.getG().signum() <= 0) {
      throw new InvalidKeyException("DSA parameters must be positive");
    }
  }

  // A freshly parsed key; frees it if it is not a DSA key.
  private static long checkedDsa(long handle) throws InvalidKeyException {
    if (!"DSA".equals(PkeyNative.typeName(handle))) {
      PkeyNative.free(handle);
      throw new InvalidKeyException("not a DSA key");
    }
    return handle;
  }

  private static String describe(Key key) {
    return key == null ? "null" : key.getClass().getName() + " (" + key.getAlgorithm() + ")";
  }
}
