package dev.carbide.mac;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * Random HMAC keys, with SunJCE's sizes and rules: the default is the digest's output length (the
 * block length, 64 bytes, for HmacSHA1), any key size in bits is rounded up to whole bytes, and no
 * parameter spec is accepted.
 *
 * <p>Two rule sets, as in JDK 25: HmacMD5 and HmacSHA1 (the legacy generators) takes any positive
 * size and keeps it across {@code init(SecureRandom)}; the others want at least 40 bits and go back
 * to the default size on {@code init(SecureRandom)}.
 */
final class HmacKeyGenerator extends KeyGeneratorSpi {
  /** The smallest key size the SHA-2 and SHA-3 generators accept, in bits. */
  private static final int MIN_BITS = 40;

  private final String algorithm;
  private final String displayName;
  private final int defaultBytes;
  private final boolean legacy;
  private int keyBytes;
  private SecureRandom random;

  private HmacKeyGenerator(String algorithm, String displayName, int defaultBytes, boolean legacy) {
    this.algorithm = algorithm;
    this.displayName = displayName;
    this.defaultBytes = defaultBytes;
    this.legacy = legacy;
    this.keyBytes = defaultBytes;
  }

  /** The generator for HmacMD5 or HmacSHA1, whose rules are older than the others'. */
  static HmacKeyGenerator legacy(String algorithm, int defaultBytes, String displayName) {
    return new HmacKeyGenerator(algorithm, displayName, defaultBytes, true);
  }

  static HmacKeyGenerator standard(String algorithm, int defaultBytes) {
    return new HmacKeyGenerator(algorithm, algorithm, defaultBytes, false);
  }

  @Override
  protected void engineInit(SecureRandom random) {
    this.random = random;
    if (!legacy) {
      keyBytes = defaultBytes;
    }
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    throw new InvalidAlgorithmParameterException(
        displayName + " key generation does not take any parameters");
  }

  @Override
  protected void engineInit(int keysize, SecureRandom random) {
    if (legacy && keysize <= 0) {
      throw new IllegalArgumentException("keysize must not be <= 0");
    }
    if (!legacy && keysize < MIN_BITS) {
      throw new InvalidParameterException("Key length must be at least " + MIN_BITS + " bits");
    }
    // Rounded up without overflow, unlike (keysize + 7) / 8.
    keyBytes = (keysize >>> 3) + ((keysize & 7) != 0 ? 1 : 0);
    this.random = random;
  }

  @Override
  protected SecretKey engineGenerateKey() {
    if (random == null) {
      random = new SecureRandom();
    }
    byte[] bytes = new byte[keyBytes];
    random.nextBytes(bytes);
    try {
      return new SecretKeySpec(bytes, algorithm);
    } finally {
      Arrays.fill(bytes, (byte) 0);
    }
  }
}
