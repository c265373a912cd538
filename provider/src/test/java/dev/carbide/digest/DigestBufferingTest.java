package dev.carbide.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.RandomFeeds;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Java-side buffering that digests share with MACs (internal.MessageContext), against the JDK's
 * SUN provider: random splits through every update form, update(byte) past the buffer's capacity,
 * clone() and reset() with data buffered in Java or absorbed natively.
 */
class DigestBufferingTest {
  private static final long SEED = Long.getLong("carbide.test.seed", System.nanoTime());

  @ParameterizedTest
  @ValueSource(strings = {"SHA-1", "SHA-256", "SHA-512", "SHA3-256"})
  void randomSplitsCloneAndReset(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode());
    MessageDigest ours = MessageDigest.getInstance(algorithm, Carbide.provider());
    MessageDigest jdk = MessageDigest.getInstance(algorithm, "SUN");
    for (int length : new int[] {0, 1, 1024, 1025, 3000, 70_000}) {
      byte[] message = new byte[length];
      random.nextBytes(message);
      RandomFeeds.feed(RandomFeeds.of(ours), message, random);
      assertArrayEquals(jdk.digest(message), ours.digest(), "seed " + SEED);

      // update(byte) alone past the pending buffer's capacity.
      for (byte b : message) {
        ours.update(b);
      }
      MessageDigest copy = (MessageDigest) ours.clone();
      byte[] expected = jdk.digest(message);
      assertArrayEquals(expected, ours.digest(), "seed " + SEED);
      assertArrayEquals(expected, copy.digest(), "clone, seed " + SEED);

      RandomFeeds.feed(RandomFeeds.of(ours), message, random);
      ours.reset();
      assertArrayEquals(jdk.digest(), ours.digest(), "reset, seed " + SEED);
    }
  }
}
