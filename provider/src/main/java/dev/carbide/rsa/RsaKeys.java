package dev.carbide.rsa;

import dev.carbide.keys.KeyTranslator;
import dev.carbide.keys.PkeyNative;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.interfaces.RSAKey;
import java.security.interfaces.RSAMultiPrimePrivateCrtKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAOtherPrimeInfo;
import java.util.Arrays;

/**
 * Turns any RSA key into a Carbide one, with SunRsaSign's checks: a modulus of 512 to 16384 bits, a
 * public exponent of at least 3 and below the modulus, of at most 64 bits past 3072-bit moduli.
 * Carbide keys pass through; foreign keys are translated from their components or their encoding,
 * and the translation is cached for as long as the foreign key object lives.
 */
final class RsaKeys {
  private RsaKeys() {}

  static final int MIN_BITS = 512;
  static final int MAX_BITS = 16384;
  private static final int MAX_RESTRICTED_BITS = 3072;
  private static final BigInteger THREE = BigInteger.valueOf(3);

  private static final KeyTranslator<RsaPublicKeyImpl, RsaPrivateCrtKeyImpl> KEYS =
      new KeyTranslator<>(
          RsaPublicKeyImpl.class,
          RsaPrivateCrtKeyImpl.class,
          RsaKeys::translatePublic,
          RsaKeys::translatePrivate);

  static RsaPublicKeyImpl toPublic(Key key) throws InvalidKeyException {
    return KEYS.toPublic(key);
  }

  static RsaPrivateCrtKeyImpl toPrivate(Key key) throws InvalidKeyException {
    return KEYS.toPrivate(key);
  }

  /** The key type of a foreign key, by its algorithm name. */
  static RsaType typeOf(Key key) throws InvalidKeyException {
    String algorithm = key.getAlgorithm();
    if ("RSA".equalsIgnoreCase(algorithm)) {
      return RsaType.RSA;
    }
    if ("RSASSA-PSS".equalsIgnoreCase(algorithm) || "PSS".equalsIgnoreCase(algorithm)) {
      return RsaType.PSS;
    }
    throw new InvalidKeyException("an RSA key is needed, not " + describe(key));
  }

  /** A fresh translation, not cached (translateKey's result belongs to the caller). */
  static RsaPublicKeyImpl translatePublic(Key key) throws InvalidKeyException {
    if (key instanceof RSAPublicKey rsa) {
      return fromPublicComponents(
          typeOf(key), rsa.getModulus(), rsa.getPublicExponent(), rsa.getParams());
    }
    if (key != null && "X.509".equalsIgnoreCase(key.getFormat()) && key.getEncoded() != null) {
      return fromX509(null, key.getEncoded());
    }
    throw new InvalidKeyException("an RSA public key is needed, not " + describe(key));
  }

  static RsaPrivateCrtKeyImpl translatePrivate(Key key) throws InvalidKeyException {
    if (key instanceof RSAPrivateCrtKey crt) {
      return fromCrtComponents(typeOf(key), crtParts(crt), crt.getParams());
    }
    if (key instanceof RSAPrivateKey) {
      // OpenSSL computes with CRT keys (and needs the public exponent for blinding), so a key of
      // only a modulus and private exponent is left to the next provider.
      throw new InvalidKeyException(
          "Carbide needs an RSA private key with its CRT components, not " + describe(key));
    }
    if (key != null && "PKCS#8".equalsIgnoreCase(key.getFormat())) {
      byte[] encoded = key.getEncoded();
      if (encoded != null) {
        try {
          return fromPkcs8(null, encoded);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
    }
    throw new InvalidKeyException("an RSA private key is needed, not " + describe(key));
  }

  static void checkKeyLengths(BigInteger modulus, BigInteger exponent) throws InvalidKeyException {
    int bits = modulus.bitLength();
    if (bits < MIN_BITS) {
      throw new InvalidKeyException("RSA keys must be at least " + MIN_BITS + " bits long");
    }
    if (bits > MAX_BITS) {
      throw new InvalidKeyException("RSA keys must be no longer than " + MAX_BITS + " bits");
    }
    if (bits > MAX_RESTRICTED_BITS && exponent.bitLength() > 64) {
      throw new InvalidKeyException(
          "RSA exponents can be no more than 64 bits if modulus is greater than "
              + MAX_RESTRICTED_BITS
              + " bits");
    }
  }

  static AlgorithmParameterSpec checkParams(RsaType type, AlgorithmParameterSpec params)
      throws InvalidKeyException {
    if (params == null) {
      return null;
    }
    if (!type.pss) {
      throw new InvalidKeyException("No parameters accepted for RSA keys");
    }
    if (!(params instanceof PSSParameterSpec)) {
      throw new InvalidKeyException("Unsupported params for RSASSA-PSS key: " + params);
    }
    try {
      return RsaPss.validate(params);
    } catch (java.security.InvalidAlgorithmParameterException e) {
      throw new InvalidKeyException("Invalid RSASSA-PSS key parameters: " + e.getMessage(), e);
    }
  }

  static RsaPublicKeyImpl fromPublicComponents(
      RsaType type, BigInteger modulus, BigInteger exponent, AlgorithmParameterSpec params)
      throws InvalidKeyException {
    checkKeyLengths(modulus, exponent);
    if (exponent.compareTo(modulus) >= 0) {
      throw new InvalidKeyException("exponent is larger than modulus");
    }
    if (exponent.compareTo(THREE) < 0) {
      throw new InvalidKeyException("exponent is smaller than 3");
    }
    AlgorithmParameterSpec checked = checkParams(type, params);
    long handle = fromParts(type, new byte[][] {magnitude(modulus), magnitude(exponent)}, checked);
    return new RsaPublicKeyImpl(type, checked, handle);
  }

  /**
   * The components of a CRT key in native order; the caller zeroes them. Those of a multi-prime key
   * include the other primes.
   */
  static byte[][] crtParts(RSAPrivateCrtKey key) throws InvalidKeyException {
    BigInteger[] values = {
      key.getModulus(),
      key.getPublicExponent(),
      key.getPrivateExponent(),
      key.getPrimeP(),
      key.getPrimeQ(),
      key.getPrimeExponentP(),
      key.getPrimeExponentQ(),
      key.getCrtCoefficient()
    };
    RSAOtherPrimeInfo[] others =
        key instanceof RSAMultiPrimePrivateCrtKey multi ? multi.getOtherPrimeInfo() : null;
    return parts(values, others);
  }

  static byte[][] parts(BigInteger[] values, RSAOtherPrimeInfo[] others)
      throws InvalidKeyException {
    int extra = others == null ? 0 : others.length;
    byte[][] parts = new byte[values.length + 3 * extra][];
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null || values[i].signum() <= 0) {
        throw new InvalidKeyException("RSA CRT component " + i + " is missing or not positive");
      }
      parts[i] = magnitude(values[i]);
    }
    for (int i = 0; i < extra; i++) {
      parts[values.length + 3 * i] = magnitude(others[i].getPrime());
      parts[values.length + 3 * i + 1] = magnitude(others[i].getExponent());
      parts[values.length + 3 * i + 2] = magnitude(others[i].getCrtCoefficient());
    }
    return parts;
  }

  /** A CRT private key from {@code parts} (as {@link #parts}), which this zeroes. */
  static RsaPrivateCrtKeyImpl fromCrtComponents(
      RsaType type, byte[][] parts, AlgorithmParameterSpec params) throws InvalidKeyException {
    try {
      checkKeyLengths(new BigInteger(1, parts[0]), new BigInteger(1, parts[1]));
      AlgorithmParameterSpec checked = checkParams(type, params);
      return RsaPrivateCrtKeyImpl.of(type, checked, fromParts(type, parts, checked));
    } finally {
      for (byte[] part : parts) {
        Arrays.fill(part, (byte) 0);
      }
    }
  }

  /**
   * A native key of {@code type} from {@code parts}; a PSS key carries {@code params} (checked) as
   * its restriction, so that its encodings carry them too.
   */
  static long fromParts(RsaType type, byte[][] parts, AlgorithmParameterSpec params)
      throws InvalidKeyException {
    if (params instanceof PSSParameterSpec pss) {
      return RsaNative.fromComponents(
          true,
          parts,
          RsaPss.canonical(pss.getDigestAlgorithm()),
          RsaPss.canonical(RsaPss.mgf1Digest(pss)),
          pss.getSaltLength());
    }
    return RsaNative.fromComponents(type.pss, parts, null, null, 0);
  }

  /** A public key from its X.509 encoding; {@code expected} null accepts either type. */
  static RsaPublicKeyImpl fromX509(RsaType expected, byte[] der) throws InvalidKeyException {
    long handle = PkeyNative.parsePublic(der);
    try {
      RsaType type = checkedType(handle, expected);
      checkKeyLengths(
          new BigInteger(1, RsaNative.component(handle, RsaNative.MODULUS)),
          new BigInteger(1, RsaNative.component(handle, RsaNative.PUBLIC_EXPONENT)));
      return new RsaPublicKeyImpl(type, type.pss ? pssParams(der, false) : null, handle);
    } catch (InvalidKeyException | RuntimeException e) {
      PkeyNative.free(handle);
      throw e;
    }
  }

  /** A CRT private key from its PKCS#8 encoding; {@code expected} null accepts either type. */
  static RsaPrivateCrtKeyImpl fromPkcs8(RsaType expected, byte[] der) throws InvalidKeyException {
    long handle = PkeyNative.parsePrivate(der);
    try {
      RsaType type = checkedType(handle, expected);
      if (!RsaNative.hasCrt(handle)) {
        throw new InvalidKeyException("Carbide needs an RSA private key with its CRT components");
      }
      checkKeyLengths(
          new BigInteger(1, RsaNative.component(handle, RsaNative.MODULUS)),
          new BigInteger(1, RsaNative.component(handle, RsaNative.PUBLIC_EXPONENT)));
      return RsaPrivateCrtKeyImpl.of(type, type.pss ? pssParams(der, true) : null, handle);
    } catch (InvalidKeyException | RuntimeException e) {
      PkeyNative.free(handle);
      throw e;
    }
  }

  // The type of a freshly parsed key; throws (the caller frees the key) if it is no RSA key or the
  // wrong one.
  private static RsaType checkedType(long handle, RsaType expected) throws InvalidKeyException {
    String name = PkeyNative.typeName(handle);
    RsaType type = "RSA".equals(name) ? RsaType.RSA : "RSA-PSS".equals(name) ? RsaType.PSS : null;
    if (type == null || expected != null && type != expected) {
      throw new InvalidKeyException(
          "not an " + (expected == null ? "RSA" : expected.jcaName) + " key: " + name);
    }
    return type;
  }

  /**
   * The PSS parameters in the AlgorithmIdentifier of an X.509 or PKCS#8 encoding, read by the JDK's
   * RSASSA-PSS AlgorithmParameters; null if the key restricts nothing.
   */
  private static PSSParameterSpec pssParams(byte[] der, boolean pkcs8) throws InvalidKeyException {
    byte[] params = Der.algorithmParameters(der, pkcs8);
    if (params == null) {
      return null;
    }
    try {
      AlgorithmParameters parameters = AlgorithmParameters.getInstance("RSASSA-PSS");
      parameters.init(params);
      return parameters.getParameterSpec(PSSParameterSpec.class);
    } catch (java.security.GeneralSecurityException | java.io.IOException e) {
      throw new InvalidKeyException("invalid RSASSA-PSS key parameters", e);
    }
  }

  static byte[] magnitude(BigInteger value) {
    byte[] bytes = value.toByteArray();
    if (bytes.length > 1 && bytes[0] == 0) {
      byte[] trimmed = Arrays.copyOfRange(bytes, 1, bytes.length);
      Arrays.fill(bytes, (byte) 0);
      return trimmed;
    }
    return bytes;
  }

  static int modulusBytes(RSAKey key) {
    return (key.getModulus().bitLength() + 7) / 8;
  }

  static String describe(Key key) {
    return key == null ? "null" : key.getClass().getName() + " (" + key.getAlgorithm() + ")";
  }
}
