package dev.carbide.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.Jdk;
import dev.carbide.testing.Seeds;
import dev.carbide.testing.Services;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random sequences of every MessageDigest step (updates of every length, single bytes, digest into
 * new and caller's arrays, reset, clone) on Carbide's SHA digests and SUN's in lockstep, over a
 * pool of clones that each go their own way. A SHA digest changes form between these steps: on Java
 * 22 and later a HeapShaDigest's message is empty (started natively, the state array unread) or
 * held in its state, with bytes buffered in Java or not; on Java 17 to 21 a NativeMessageDigest is
 * a session or a clone's snapshot. Each step must give SUN's bytes whatever form it meets. Every
 * failure names the seed and step that replay it.
 */
class DigestLockstepTest {
  /** Steps per algorithm: some 2,000 digests, a few milliseconds each algorithm. */
  private static final int STEPS = 6000;

  /** The most digests alive at once; a clone past it replaces one. */
  private static final int POOL = 6;

  /** Lengths around the Java buffers (256, 1024), the blocks (64, 128) and one critical step. */
  private static final int[] LENGTHS = {
    0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 191, 255, 256, 257, 1023, 1024, 1025, 16385
  };

  /** One Carbide digest and SUN's, fed the same steps. */
  private record Pair(MessageDigest carbide, MessageDigest sun) {
    Pair copy() throws CloneNotSupportedException {
      return new Pair((MessageDigest) carbide.clone(), (MessageDigest) sun.clone());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"})
  void everyStepInAnyOrderMatchesSun(String algorithm) throws Exception {
    Random random = Seeds.random(algorithm, "lockstep");
    List<Pair> pool = new ArrayList<>();
    pool.add(new Pair(Services.digest(algorithm), Jdk.digest(algorithm)));
    for (int step = 0; step < STEPS; step++) {
      Object[] context = {algorithm, "lockstep", "step", step};
      Pair pair = pool.get(random.nextInt(pool.size()));
      switch (random.nextInt(10)) {
        case 0, 1, 2 -> {
          int length =
              random.nextBoolean() ? LENGTHS[random.nextInt(LENGTHS.length)] : random.nextInt(300);
          byte[] input = Seeds.bytes(random, length + 20);
          int offset = random.nextInt(21);
          pair.carbide().update(input, offset, length);
          pair.sun().update(input, offset, length);
        }
        case 3 -> {
          int count = 1 + random.nextInt(70);
          for (int i = 0; i < count; i++) {
            byte b = (byte) random.nextInt();
            pair.carbide().update(b);
            pair.sun().update(b);
          }
        }
        case 4, 5 ->
            assertArrayEquals(
                pair.sun().digest(), pair.carbide().digest(), () -> Seeds.replay(context));
        case 6 -> {
          int length = pair.sun().getDigestLength();
          int offset = random.nextInt(9);
          byte[] expected = new byte[offset + length + 3];
          byte[] actual = expected.clone();
          assertEquals(
              pair.sun().digest(expected, offset, length + 3),
              pair.carbide().digest(actual, offset, length + 3),
              () -> Seeds.replay(context));
          assertArrayEquals(expected, actual, () -> Seeds.replay(context));
        }
        case 7 -> {
          pair.carbide().reset();
          pair.sun().reset();
        }
        default -> {
          Pair copy = pair.copy();
          if (pool.size() < POOL) {
            pool.add(copy);
          } else {
            pool.set(random.nextInt(POOL), copy);
          }
        }
      }
    }
    for (Pair pair : pool) {
      assertArrayEquals(pair.sun().digest(), pair.carbide().digest(), algorithm + ": last digests");
      assertArrayEquals(
          Jdk.digest(algorithm, new byte[0]), pair.carbide().digest(), algorithm + ": then empty");
    }
  }
}
