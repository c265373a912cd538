package dev.carbide.dh;

import dev.carbide.keys.NativeKeyPairGeneratorSpi;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.DHParameterSpec;

/**
 * KeyPairGenerator "DiffieHellman": over given {@link DHParameterSpec}s, or for a bare key size
 * over SunJCE's group of that size ({@link DhGroups}). Keys come from OpenSSL's DRBG: a
 * SecureRandom passed to {@code initialize} is not used. The private value has the parameters'
 * length {@code l} in bits where one is given, else the length OpenSSL picks for the group's
 * strength.
 *
 * <p>The native generator's lifecycle and guard are {@link NativeKeyPairGeneratorSpi}'s.
 */
final class DhKeyPairGenerator extends NativeKeyPairGeneratorSpi<DHParameterSpec> {
  DhKeyPairGenerator() {
    super(null, DhNative::freeGenerator, "SunJCE's DH group");
  }

  @Override
  public void initialize(int keysize, SecureRandom random) {
    try {
      select(DhGroups.forSize(keysize));
    } catch (InvalidAlgorithmParameterException e) {
      throw new ProviderException("OpenSSL refused SunJCE's DH group", e);
    }
  }

  @Override
  public void initialize(AlgorithmParameterSpec spec, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(spec instanceof DHParameterSpec dh)) {
      throw new InvalidAlgorithmParameterException("Inappropriate parameter type");
    }
    int size = dh.getP().bitLength();
    try {
      checkSize(size);
    } catch (InvalidParameterException e) {
      throw new InvalidAlgorithmParameterException(e.getMessage(), e);
    }
    if (dh.getL() < 0 || dh.getL() > size) {
      throw new InvalidAlgorithmParameterException(
          "Exponent size must be positive and less than modulus size");
    }
    select(dh);
  }

  // SunJCE's range: multiples of 64 from 512 to 8192 bits, and its message.
  private static void checkSize(int size) {
    if (size < 512 || size > 8192 || (size & 0x3f) != 0) {
      throw new InvalidParameterException(
          "DH key size must be multiple of 64, and can only range from 512 to 8192 (inclusive). "
              + "The specific key size "
              + size
              + " is not supported");
    }
  }

  @Override
  protected long newGenerator(DHParameterSpec params) throws InvalidAlgorithmParameterException {
    return DhNative.newGenerator(
        DhKeys.unsigned(params.getP()), DhKeys.unsigned(params.getG()), params.getL());
  }

  @Override
  protected long generate(long generator) {
    return DhNative.generate(generator);
  }

  @Override
  protected KeyPair pairOf(long handle, DHParameterSpec params) {
    return DhKeys.pairOf(handle, params);
  }

  @Override
  protected DHParameterSpec defaults() {
    return DhGroups.defaults();
  }
}
