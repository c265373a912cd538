package dev.carbide.random;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sanity statistics over 1 MiB, gathered through each path a request can take. The bounds are fixed
 * and generous (about six standard deviations), so a working generator fails them with probability
 * below 1e-7, while a broken one (all zeros, a counter, a repeated buffer, a stuck bit) fails for
 * certain; {@link #theChecksRejectBrokenGenerators} proves the second half.
 */
class RandomStatisticsTest {
  private static final int SAMPLE = 1 << 20;

  /** Total ones may stray 6 standard deviations (sqrt(8 * SAMPLE) / 2 = 1448) from half. */
  private static final long MAX_ONES_DEVIATION = 8700;

  /** Each bit position (SAMPLE bits, deviation 512) may stray 6 standard deviations. */
  private static final long MAX_POSITION_DEVIATION = 3100;

  /** Chi-square of byte counts, 255 degrees of freedom: mean 255, deviation 22.6. */
  private static final double MIN_CHI_SQUARE = 150;

  private static final double MAX_CHI_SQUARE = 400;

  static Stream<Arguments> samples() throws Exception {
    return Stream.of(
        Arguments.of("one request", sample(SAMPLE)),
        Arguments.of("16-byte requests (pooled)", sample(16)),
        Arguments.of("257-byte requests (direct)", sample(257)),
        Arguments.of("mixed sizes", sample(0)));
  }

  /** 1 MiB from requests of {@code size} bytes, or of varied sizes when size is 0. */
  private static byte[] sample(int size) throws Exception {
    SecureRandom random = NativeSecureRandomTest.carbide();
    byte[] sample = new byte[SAMPLE];
    int[] mixed = {1, 7, 16, 100, 255, 256, 257, 1000, 4096, 5000};
    for (int at = 0, i = 0; at < SAMPLE; i++) {
      int n = Math.min(SAMPLE - at, size != 0 ? size : mixed[i % mixed.length]);
      byte[] out = new byte[n];
      random.nextBytes(out);
      System.arraycopy(out, 0, sample, at, n);
      at += n;
    }
    return sample;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void bitsAreBalanced(String path, byte[] sample) {
    assertTrue(bitsBalanced(sample), path);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void byteFrequenciesArePlausible(String path, byte[] sample) {
    double chiSquare = byteChiSquare(sample);
    assertTrue(
        chiSquare > MIN_CHI_SQUARE && chiSquare < MAX_CHI_SQUARE,
        path + ": chi-square " + chiSquare);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("samples")
  void no16ByteBlockRepeats(String path, byte[] sample) {
    new RandomSamples.Blocks().addAll(sample);
  }

  @Test
  void theChecksRejectBrokenGenerators() throws Exception {
    byte[] zeros = new byte[SAMPLE];
    assertFalse(bitsBalanced(zeros));

    byte[] counter = new byte[SAMPLE];
    for (int i = 0; i < SAMPLE; i++) {
      counter[i] = (byte) i;
    }
    assertFalse(byteChiSquare(counter) > MIN_CHI_SQUARE);

    byte[] stuckBit = sample(SAMPLE);
    for (int i = 0; i < SAMPLE; i++) {
      stuckBit[i] |= 0x10;
    }
    assertFalse(bitsBalanced(stuckBit));

    byte[] repeated = sample(SAMPLE);
    System.arraycopy(repeated, 0, repeated, 4096, 4096);
    assertThrows(AssertionError.class, () -> new RandomSamples.Blocks().addAll(repeated));
  }

  private static boolean bitsBalanced(byte[] sample) {
    long[] onesAt = new long[8];
    for (byte b : sample) {
      for (int bit = 0; bit < 8; bit++) {
        onesAt[bit] += (b >>> bit) & 1;
      }
    }
    long total = Arrays.stream(onesAt).sum();
    boolean balanced = Math.abs(total - 4L * sample.length) <= MAX_ONES_DEVIATION;
    for (long ones : onesAt) {
      balanced &= Math.abs(ones - sample.length / 2) <= MAX_POSITION_DEVIATION;
    }
    return balanced;
  }

  private static double byteChiSquare(byte[] sample) {
    long[] counts = new long[256];
    for (byte b : sample) {
      counts[b & 0xff]++;
    }
    double expected = sample.length / 256.0;
    double chiSquare = 0;
    for (long count : counts) {
      chiSquare += (count - expected) * (count - expected) / expected;
    }
    return chiSquare;
  }
}
