package dev.carbide.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.Jdk;
import dev.carbide.testing.Seeds;
import dev.carbide.testing.Services;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Carbide against the JDK's SUN provider on random messages, fed in random chunks through every
 * update path, and through clone, reset, digest into a caller's buffer and reuse. Every failure
 * names the seed and case that replay it.
 */
class DigestCrossCheckTest {
  /**
   * Message lengths: the edges of the 64- and 128-byte SHA-2 blocks and the SHA-3 rates (72, 104,
   * 136, 144), the SPI's 1024-byte Java buffer, the native side's 256 KiB pinning chunk, and 1 MB.
   */
  static final int[] SIZES = {
    0,
    1,
    2,
    55,
    56,
    63,
    64,
    65,
    71,
    72,
    73,
    103,
    104,
    111,
    112,
    127,
    128,
    129,
    135,
    136,
    137,
    143,
    144,
    1023,
    1024,
    1025,
    2047,
    2048,
    2049,
    4096,
    16 * 1024,
    16 * 1024 + 1,
    256 * 1024 - 1,
    256 * 1024,
    256 * 1024 + 1,
    1024 * 1024
  };

  static List<String> algorithms() {
    return Services.algorithms("MessageDigest");
  }

  private static void assertMatchesSun(
      String algorithm, byte[] message, byte[] actual, Object... context) {
    assertArrayEquals(Jdk.digest(algorithm, message), actual, () -> Seeds.replay(context));
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void everySizeThroughEveryFeedMatchesSun(String algorithm) {
    for (int size : SIZES) {
      byte[] message = Seeds.bytes(Seeds.random(algorithm, size), size);
      byte[] expected = Jdk.digest(algorithm, message);
      for (Feed feed : Feed.values()) {
        Object[] context = {algorithm, size, feed};
        MessageDigest carbide = Services.digest(algorithm);
        feed.feed(carbide, message, Seeds.random(context));
        assertArrayEquals(expected, carbide.digest(), () -> Seeds.replay(context));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void oneInstanceReusedAcrossMessagesMatchesSun(String algorithm) {
    MessageDigest carbide = Services.digest(algorithm);
    Random random = Seeds.random(algorithm, "reuse");
    for (int i = 0; i < 60; i++) {
      int size = SIZES[random.nextInt(SIZES.length)];
      byte[] message = Seeds.bytes(random, size);
      Feed feed = Feed.values()[random.nextInt(Feed.values().length)];
      feed.feed(carbide, message, random);
      assertMatchesSun(algorithm, message, carbide.digest(), algorithm, "reuse", i, size, feed);
    }
    assertMatchesSun(algorithm, new byte[0], carbide.digest(), algorithm, "reuse", "empty");
  }

  /** Prefix lengths that leave the state in Java only, exactly full, or partly in native code. */
  static final int[] PREFIXES = {0, 10, 1024, 1025, 5000};

  @ParameterizedTest
  @MethodSource("algorithms")
  void clonesContinueIndependently(String algorithm) throws Exception {
    for (int prefix : PREFIXES) {
      Object[] context = {algorithm, "clone", prefix};
      Random random = Seeds.random(context);
      byte[] message = Seeds.bytes(random, prefix + 3000);
      byte[] other = message.clone();
      other[prefix + random.nextInt(3000)] ^= 1;

      MessageDigest original = Services.digest(algorithm);
      Feed.MIXED.feed(original, message, 0, prefix, random);
      MessageDigest copy = (MessageDigest) original.clone();
      MessageDigest copyOfCopy = (MessageDigest) copy.clone();
      Feed.MIXED.feed(copy, other, prefix, other.length, random);
      Feed.MIXED.feed(original, message, prefix, message.length, random);
      Feed.ARRAYS.feed(copyOfCopy, message, prefix, message.length, random);

      assertMatchesSun(algorithm, other, copy.digest(), context);
      assertMatchesSun(algorithm, message, original.digest(), context);
      assertMatchesSun(algorithm, message, copyOfCopy.digest(), context);
      MessageDigest afterDigest = (MessageDigest) original.clone();
      assertMatchesSun(algorithm, new byte[0], afterDigest.digest(), context);
    }
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void resetDiscardsEverythingBefore(String algorithm) {
    MessageDigest carbide = Services.digest(algorithm);
    for (int prefix : PREFIXES) {
      Object[] context = {algorithm, "reset", prefix};
      Random random = Seeds.random(context);
      Feed.MIXED.feed(carbide, Seeds.bytes(random, prefix), random);
      carbide.reset();
      byte[] message = Seeds.bytes(random, random.nextInt(3000));
      Feed.MIXED.feed(carbide, message, random);
      assertMatchesSun(algorithm, message, carbide.digest(), context);
    }
    carbide.update(new byte[100]);
    carbide.reset();
    carbide.reset();
    assertMatchesSun(algorithm, new byte[0], carbide.digest(), algorithm, "reset twice");
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void digestIntoLargerBufferWritesOnlyItsRange(String algorithm) throws Exception {
    for (int size : new int[] {0, 3, 64, 1500}) {
      Object[] context = {algorithm, "digest(buf, off, len)", size};
      byte[] message = Seeds.bytes(Seeds.random(context), size);
      MessageDigest carbide = Services.digest(algorithm);
      MessageDigest sun = Jdk.digest(algorithm);
      int length = carbide.getDigestLength();
      assertEquals(sun.getDigestLength(), length);
      byte[] actual = new byte[7 + length + 20 + 9];
      byte[] expected = new byte[actual.length];
      Arrays.fill(actual, (byte) 0x5a);
      Arrays.fill(expected, (byte) 0x5a);
      carbide.update(message);
      sun.update(message);
      assertEquals(sun.digest(expected, 7, length + 20), carbide.digest(actual, 7, length + 20));
      assertArrayEquals(expected, actual, () -> Seeds.replay(context));
      // Both are reset now; an exactly sized output works as well.
      byte[] exact = new byte[length];
      assertEquals(length, carbide.digest(exact, 0, length));
      assertMatchesSun(algorithm, new byte[0], exact, context);
    }
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void manySingleByteUpdatesPastTheJavaBuffer(String algorithm) {
    byte[] message = Seeds.bytes(Seeds.random(algorithm, "update(byte)"), 3000);
    MessageDigest carbide = Services.digest(algorithm);
    for (byte b : message) {
      carbide.update(b);
    }
    assertMatchesSun(algorithm, message, carbide.digest(), algorithm, "update(byte)");
  }
}
