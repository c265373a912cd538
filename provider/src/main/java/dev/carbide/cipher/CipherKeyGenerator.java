package dev.carbide.cipher;

import dev.carbide.internal.JdkDefaults;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** KeyGenerator for a cipher's secret keys (AES, ChaCha20), with SunJCE's sizes and messages. */
final class CipherKeyGenerator extends KeyGeneratorSpi {
  private final String algorithm;
  private final int[] allowedBits;
  private final String sizeMessage;
  private int bits;
  private SecureRandom random;

  CipherKeyGenerator(String algorithm, int defaultBits, String sizeMessage, int... allowedBits) {
    this.algorithm = algorithm;
    this.allowedBits = allowedBits;
    this.sizeMessage = sizeMessage;
    this.bits = defaultBits;
  }

  static CipherKeyGenerator aes() {
    return new CipherKeyGenerator(
        "AES",
        JdkDefaults.aesKeyBits(),
        "Wrong keysize: must be equal to 128, 192 or 256",
        128,
        192,
        256);
  }

  static CipherKeyGenerator chaCha20() {
    return new CipherKeyGenerator("ChaCha20", 256, "Key length for ChaCha20 must be 256 bits", 256);
  }

  @Override
  protected void engineInit(SecureRandom random) {
    this.random = random;
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    throw new InvalidAlgorithmParameterException(
        algorithm + " key generation does not take any parameters");
  }

  @Override
  protected void engineInit(int keysize, SecureRandom random) {
    if (Arrays.stream(allowedBits).noneMatch(allowed -> allowed == keysize)) {
      throw new InvalidParameterException(sizeMessage);
    }
    bits = keysize;
    this.random = random;
  }

  @Override
  protected SecretKey engineGenerateKey() {
    if (random == null) {
      random = new SecureRandom();
    }
    byte[] key = new byte[bits / 8];
    random.nextBytes(key);
    try {
      return new SecretKeySpec(key, algorithm);
    } finally {
      Arrays.fill(key, (byte) 0);
    }
  }
}
