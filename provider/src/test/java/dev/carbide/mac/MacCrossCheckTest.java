package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.RandomFeeds;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Carbide against SunJCE on random keys (empty, around every block size, up to 300 bytes) and
 * random messages (0 B to 1 MB) fed through every update form in random splits. The seed is
 * printed, and {@code -Dcarbide.test.seed} replays a run.
 */
class MacCrossCheckTest {
  static final java.util.List<String> ALGORITHMS = Hmacs.ALGORITHMS;

  private static final long SEED = Long.getLong("carbide.test.seed", System.nanoTime());

  /** Around the block sizes of SHA-1/2 (64, 128) and SHA3 (144, 136, 104, 72). */
  private static final int[] KEY_LENGTHS = {
    0, 1, 16, 20, 32, 63, 64, 65, 71, 72, 73, 103, 104, 105, 127, 128, 129, 135, 136, 137, 143, 144,
    145, 256, 300
  };

  private static final int[] MESSAGE_LENGTHS = {
    0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 1023, 1024, 1025, 2049, 70_001
  };

  @BeforeAll
  static void printSeed() {
    System.out.println("MacCrossCheckTest seed: -Dcarbide.test.seed=" + SEED);
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void randomKeysAndMessagesInRandomSplits(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode());
    Mac ours = Hmacs.carbide(algorithm);
    Mac jdk = Hmacs.jdk(algorithm);
    int[] keyLengths =
        IntStream.concat(Arrays.stream(KEY_LENGTHS), random.ints(4, 0, 301)).toArray();
    for (int keyLength : keyLengths) {
      SecretKey key = randomKey(random, keyLength);
      ours.init(key);
      jdk.init(key);
      for (int length : MESSAGE_LENGTHS) {
        byte[] message = bytes(random, length);
        RandomFeeds.feed(RandomFeeds.of(ours), message, random);
        assertArrayEquals(
            jdk.doFinal(message),
            ours.doFinal(),
            () -> algorithm + " key " + keyLength + " message " + length + " seed " + SEED);
      }
    }
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void oneMegabyte(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode() ^ 1);
    Keyed keyed = Keyed.randomly(algorithm, random);
    Mac ours = keyed.ours;
    Mac jdk = keyed.jdk;
    byte[] message = bytes(random, (1 << 20) - random.nextInt(2));
    byte[] expected = jdk.doFinal(message);
    assertArrayEquals(expected, ours.doFinal(message), "one array, seed " + SEED);
    RandomFeeds.feed(RandomFeeds.of(ours), message, random);
    assertArrayEquals(expected, ours.doFinal(), "random splits, seed " + SEED);
    ours.update(ByteBuffer.allocateDirect(message.length).put(message).flip());
    assertArrayEquals(expected, ours.doFinal(), "one direct buffer, seed " + SEED);
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void cloneMidStream(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode() ^ 2);
    Keyed keyed = Keyed.randomly(algorithm, random);
    Mac ours = keyed.ours;
    Mac jdk = keyed.jdk;
    // Short prefixes stay in Java's pending buffer; long ones have reached the native context.
    for (int prefixLength : new int[] {0, 10, 1000, 5000}) {
      byte[] prefix = bytes(random, prefixLength);
      byte[] left = bytes(random, random.nextInt(3000));
      byte[] right = bytes(random, random.nextInt(3000));
      RandomFeeds.feed(RandomFeeds.of(ours), prefix, random);
      Mac copy = (Mac) ours.clone();
      RandomFeeds.feed(RandomFeeds.of(ours), left, random);
      RandomFeeds.feed(RandomFeeds.of(copy), right, random);
      jdk.update(prefix);
      Mac jdkCopy = (Mac) jdk.clone();
      assertArrayEquals(jdk.doFinal(left), ours.doFinal(), "original, seed " + SEED);
      assertArrayEquals(jdkCopy.doFinal(right), copy.doFinal(), "clone, seed " + SEED);
      // Both keep the key afterwards.
      assertArrayEquals(jdk.doFinal(right), copy.doFinal(right));
      assertArrayEquals(jdk.doFinal(left), ours.doFinal(left));
    }
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void resetDiscardsBufferedAndAbsorbedData(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode() ^ 3);
    Keyed keyed = Keyed.randomly(algorithm, random);
    Mac ours = keyed.ours;
    Mac jdk = keyed.jdk;
    for (int garbageLength : new int[] {0, 7, 1024, 4000}) {
      RandomFeeds.feed(RandomFeeds.of(ours), bytes(random, garbageLength), random);
      ours.reset();
      byte[] message = bytes(random, random.nextInt(2000));
      assertArrayEquals(jdk.doFinal(message), ours.doFinal(message), "seed " + SEED);
    }
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void doFinalIntoAnArrayAtAnOffset(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode() ^ 4);
    Keyed keyed = Keyed.randomly(algorithm, random);
    Mac ours = keyed.ours;
    Mac jdk = keyed.jdk;
    byte[] message = bytes(random, 100);
    byte[] expected = jdk.doFinal(message);
    for (int offset : new int[] {0, 1, 17}) {
      byte[] out = bytes(random, offset + expected.length + 3);
      byte[] before = out.clone();
      ours.update(message);
      ours.doFinal(out, offset);
      assertArrayEquals(expected, Arrays.copyOfRange(out, offset, offset + expected.length));
      assertArrayEquals(Arrays.copyOf(before, offset), Arrays.copyOf(out, offset));
      assertArrayEquals(
          Arrays.copyOfRange(before, offset + expected.length, out.length),
          Arrays.copyOfRange(out, offset + expected.length, out.length));
    }
    assertEquals(expected.length, ours.getMacLength());
  }

  /** A Carbide and a SunJCE Mac, both keyed with one random key of 0 to 300 bytes. */
  private record Keyed(Mac ours, Mac jdk) {
    static Keyed randomly(String algorithm, Random random) throws Exception {
      SecretKey key = randomKey(random, random.nextInt(301));
      Keyed keyed = new Keyed(Hmacs.carbide(algorithm), Hmacs.jdk(algorithm));
      keyed.ours.init(key);
      keyed.jdk.init(key);
      return keyed;
    }
  }

  /** Random bytes under an arbitrary algorithm name, as HKDF's keys are; length 0 allowed. */
  static SecretKey randomKey(Random random, int length) {
    return Hmacs.key("TlsRandomSecret" + length, "RAW", bytes(random, length));
  }

  static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }
}
