package dev.carbide.rsa;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;

/**
 * KeyPairGenerator "RSA" and "RSASSA-PSS", with SunRsaSign's default size (3072 bits since JDK 19,
 * 2048 before, or as {@code jdk.security.defaultKeySize} says) and exponent 65537, and with its
 * checks on the size and exponent. Keys come from OpenSSL's DRBG: a SecureRandom passed to {@code
 * initialize} is not used. Generated private keys are CRT keys.
 */
final class RsaKeyPairGenerator extends KeyPairGeneratorSpi {
  private static final int DEFAULT_BITS = defaultBits();

  private final RsaType type;
  private int bits = DEFAULT_BITS;
  private BigInteger exponent = RSAKeyGenParameterSpec.F4;
  private PSSParameterSpec params;
  private long generator;
  private Cleaner.Cleanable cleanable;

  // As the JDK's SecurityProviderConstants decides it, without generating a key to find out.
  private static int defaultBits() {
    int bits = Runtime.version().feature() >= 19 ? 3072 : 2048;
    String overrides = System.getProperty("jdk.security.defaultKeySize", "");
    for (String entry : overrides.split(",")) {
      String[] pair = entry.trim().split(":");
      if (pair.length == 2 && pair[0].trim().equalsIgnoreCase("RSA")) {
        try {
          bits = Integer.parseInt(pair[1].trim());
        } catch (NumberFormatException e) {
          // the JDK ignores a malformed entry too
        }
      }
    }
    return bits;
  }

  RsaKeyPairGenerator(RsaType type) {
    this.type = type;
  }

  @Override
  public void initialize(int keysize, SecureRandom random) {
    try {
      select(keysize, RSAKeyGenParameterSpec.F4, null);
    } catch (InvalidAlgorithmParameterException e) {
      throw invalidSize(keysize, e);
    }
  }

  // SunRsaSign's message for a bad size changed between JDK releases (JDK 25 names the wrapped
  // exception's class); the running JDK's own generator words it, at no cost beyond its checks.
  private static InvalidParameterException invalidSize(
      int keysize, InvalidAlgorithmParameterException cause) {
    try {
      KeyPairGenerator.getInstance("RSA", "SunRsaSign").initialize(keysize);
    } catch (InvalidParameterException jdk) {
      InvalidParameterException result = new InvalidParameterException(jdk.getMessage());
      result.initCause(cause);
      return result;
    } catch (GeneralSecurityException | RuntimeException absent) {
      // no SunRsaSign: fall back to JDK 25's wording
    }
    return new InvalidParameterException(cause.toString());
  }

  @Override
  public void initialize(AlgorithmParameterSpec spec, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(spec instanceof RSAKeyGenParameterSpec rsa)) {
      throw new InvalidAlgorithmParameterException(
          "Params must be instance of RSAKeyGenParameterSpec");
    }
    AlgorithmParameterSpec keyParams = rsa.getKeyParams();
    if (keyParams != null && !(type.pss && keyParams instanceof PSSParameterSpec)) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported key parameters for " + type.jcaName + ": " + keyParams);
    }
    if (keyParams != null) {
      RsaPss.validate(keyParams);
    }
    BigInteger e = rsa.getPublicExponent();
    if (e == null) {
      e = RSAKeyGenParameterSpec.F4;
    } else {
      if (e.compareTo(RSAKeyGenParameterSpec.F0) < 0) {
        throw new InvalidAlgorithmParameterException("Public exponent must be 3 or larger");
      }
      if (!e.testBit(0)) {
        throw new InvalidAlgorithmParameterException("Public exponent must be an odd number");
      }
      if (e.bitLength() > rsa.getKeysize()) {
        throw new InvalidAlgorithmParameterException(
            "Public exponent must be smaller than key size");
      }
    }
    select(rsa.getKeysize(), e, (PSSParameterSpec) keyParams);
  }

  private void select(int keysize, BigInteger e, PSSParameterSpec keyParams)
      throws InvalidAlgorithmParameterException {
    try {
      RsaKeys.checkKeyLengths(BigInteger.ONE.shiftLeft(keysize - 1), e);
    } catch (InvalidKeyException ex) {
      throw new InvalidAlgorithmParameterException("Invalid key sizes", ex);
    }
    if (keysize != bits || !e.equals(exponent) || !java.util.Objects.equals(keyParams, params)) {
      release();
    }
    bits = keysize;
    exponent = e;
    params = keyParams;
  }

  private void release() {
    if (cleanable != null) {
      cleanable.clean();
      cleanable = null;
      generator = 0;
    }
  }

  @Override
  public KeyPair generateKeyPair() {
    try {
      if (generator == 0) {
        try {
          byte[] e = RsaKeys.magnitude(exponent);
          generator =
              params == null
                  ? RsaNative.newKeyGenerator(type.pss, bits, e, 2, null, null, 0)
                  : RsaNative.newKeyGenerator(
                      true,
                      bits,
                      e,
                      2,
                      RsaPss.canonical(params.getDigestAlgorithm()),
                      RsaPss.canonical(RsaPss.mgf1Digest(params)),
                      params.getSaltLength());
        } catch (InvalidAlgorithmParameterException e) {
          throw new ProviderException(e.getMessage(), e);
        }
        cleanable =
            NativeCleaner.register(
                this, generator, RsaNative::freeKeyGenerator, NativeFootprint.KEY_PAIR_GENERATOR);
      }
      RsaPrivateCrtKeyImpl privateKey =
          new RsaPrivateCrtKeyImpl(type, params, RsaNative.generate(generator));
      try {
        return new KeyPair(privateKey.publicKey(), privateKey);
      } catch (InvalidKeyException e) {
        throw new ProviderException("a generated key was refused", e);
      }
    } finally {
      Reference.reachabilityFence(this);
    }
  }
}
