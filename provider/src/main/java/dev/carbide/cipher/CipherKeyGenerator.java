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

/**
 * KeyGenerator for a cipher's secret keys (AES, ChaCha20, DESede), with SunJCE's sizes, messages
 * and key bytes: random bytes, shaped where the cipher's keys have a form of their own (DESede).
 */
final class CipherKeyGenerator extends KeyGeneratorSpi {
  /** Turns a key size in bits into key bytes drawn from {@code random}. */
  @FunctionalInterface
  private interface KeyBytes {
    byte[] draw(int bits, SecureRandom random);
  }

  private final String algorithm;
  private final String displayName;
  private final int[] allowedBits;
  private final String sizeMessage;
  private final KeyBytes keyBytes;
  private int bits;
  private SecureRandom random;

  private CipherKeyGenerator(
      String algorithm,
      String displayName,
      KeyBytes keyBytes,
      int defaultBits,
      String sizeMessage,
      int... allowedBits) {
    this.algorithm = algorithm;
    this.displayName = displayName;
    this.keyBytes = keyBytes;
    this.allowedBits = allowedBits;
    this.sizeMessage = sizeMessage;
    this.bits = defaultBits;
  }

  private CipherKeyGenerator(
      String algorithm, int defaultBits, String sizeMessage, int... allowedBits) {
    this(
        algorithm,
        algorithm,
        CipherKeyGenerator::randomBytes,
        defaultBits,
        sizeMessage,
        allowedBits);
  }

  private static byte[] randomBytes(int bits, SecureRandom random) {
    byte[] key = new byte[bits / 8];
    random.nextBytes(key);
    return key;
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

  /**
   * DESede as SunJCE's: 168 bits (three DES keys) by default, or 112 (two, the third equal to the
   * first), always as 24 bytes with each DES key's parity bits set. Weak DES keys are not avoided,
   * as SunJCE does not avoid them for Triple DES.
   */
  static CipherKeyGenerator desede() {
    return new CipherKeyGenerator(
        "DESede",
        "Triple DES",
        DesedeKeys::draw,
        168,
        "Wrong keysize: must be equal to 112 or 168",
        112,
        168);
  }

  @Override
  protected void engineInit(SecureRandom random) {
    this.random = random;
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    throw new InvalidAlgorithmParameterException(
        displayName + " key generation does not take any parameters");
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
    byte[] key = keyBytes.draw(bits, random);
    try {
      return new SecretKeySpec(key, algorithm);
    } finally {
      Arrays.fill(key, (byte) 0);
    }
  }
}
