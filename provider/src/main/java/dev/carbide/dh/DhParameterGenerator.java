package dev.carbide.dh;

import java.security.AlgorithmParameterGenerator;
import java.security.AlgorithmParameterGeneratorSpi;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.DSAParameterSpec;
import javax.crypto.spec.DHGenParameterSpec;
import javax.crypto.spec.DHParameterSpec;

/**
 * AlgorithmParameterGenerator "DiffieHellman", as SunJCE makes DH groups: the p and g of fresh DSA
 * domain parameters (a prime-order subgroup, FIPS 186-4), with SunJCE's sizes, messages and default
 * size (that of its DH key-pair generator). Slow by nature: seconds at 3072 bits. Where a standard
 * group will do, the RFC 7919 FFDHE groups are the better choice.
 */
final class DhParameterGenerator extends AlgorithmParameterGeneratorSpi {
  private int primeSize;
  private int exponentSize;

  private static void checkSupport(int keysize, int exponentSize) {
    boolean supported =
        keysize == 2048
            || keysize == 3072
            || (keysize >= 512 && keysize <= 1024 && (keysize & 0x3f) == 0);
    if (!supported) {
      throw new InvalidParameterException(
          "Supported DH key size must be multiple of 64 and range from 512 to 1024 (inclusive),"
              + " or 2048, 3072. The specified key size "
              + keysize
              + " is not supported");
    }
    if (exponentSize < 0 || exponentSize > keysize) {
      throw new InvalidParameterException(
          "Exponent size must be positive and no larger than modulus size");
    }
  }

  @Override
  protected void engineInit(int keysize, SecureRandom random) {
    checkSupport(keysize, 0);
    primeSize = keysize;
    exponentSize = 0;
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec spec, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(spec instanceof DHGenParameterSpec gen)) {
      throw new InvalidAlgorithmParameterException("Inappropriate parameter type");
    }
    try {
      checkSupport(gen.getPrimeSize(), gen.getExponentSize());
    } catch (InvalidParameterException e) {
      throw new InvalidAlgorithmParameterException(e.getMessage());
    }
    primeSize = gen.getPrimeSize();
    exponentSize = gen.getExponentSize();
  }

  @Override
  protected AlgorithmParameters engineGenerateParameters() {
    int size = primeSize != 0 ? primeSize : DhGroups.defaults().getP().bitLength();
    try {
      AlgorithmParameterGenerator dsa = AlgorithmParameterGenerator.getInstance("DSA");
      dsa.init(size);
      DSAParameterSpec group = dsa.generateParameters().getParameterSpec(DSAParameterSpec.class);
      AlgorithmParameters result = AlgorithmParameters.getInstance("DiffieHellman");
      result.init(
          exponentSize > 0
              ? new DHParameterSpec(group.getP(), group.getG(), exponentSize)
              : new DHParameterSpec(group.getP(), group.getG()));
      return result;
    } catch (GeneralSecurityException e) {
      throw new ProviderException("Unexpected exception", e);
    }
  }
}
