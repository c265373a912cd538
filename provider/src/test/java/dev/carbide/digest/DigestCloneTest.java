package dev.carbide.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.internal.NativeFootprint;
import dev.carbide.internal.NativeMemory;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.Jdk;
import dev.carbide.testing.Seeds;
import dev.carbide.testing.Services;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * clone() at every point of a message, against the JDK's SUN provider: a clone finished at once
 * (SunJSSE's transcript hash), a clone updated further, clones of clones, and clones finished on
 * other threads. SHA-1 and SHA-2 clones hold a snapshot of the state instead of a native session
 * (NativeMessageDigest, Java 17 to 21), or a copy of the state array (HeapShaDigest, Java 22 and
 * later); the other digests copy their session. Every failure names the seed and case that replay
 * it.
 */
class DigestCloneTest {
  /** Around the 64- and 128-byte blocks and the SHA-3 rates, the 1024-byte buffer, and beyond. */
  private static final int[] PREFIXES = {
    0, 1, 55, 64, 65, 127, 128, 129, 136, 1023, 1024, 1025, 5000
  };

  static List<String> algorithms() {
    return DigestCrossCheckTest.algorithms();
  }

  private static byte[] concat(byte[] first, byte[] second) {
    byte[] both = Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    return both;
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void aCloneAtEveryPointFinishesOrContinuesAsSunDoes(String algorithm) throws Exception {
    for (int prefix : PREFIXES) {
      Object[] context = {algorithm, "clone at", prefix};
      Random random = Seeds.random(context);
      byte[] message = Seeds.bytes(random, prefix);
      byte[] suffix = Seeds.bytes(random, random.nextInt(300));
      MessageDigest parent = Services.digest(algorithm);
      Feed.MIXED.feed(parent, message, random);
      int length = parent.getDigestLength();

      // Finished at once, both ways, then reused for a new message or reset.
      MessageDigest finished = (MessageDigest) parent.clone();
      assertArrayEquals(Jdk.digest(algorithm, message), finished.digest(), Seeds.replay(context));
      assertArrayEquals(
          Jdk.digest(algorithm, new byte[0]), finished.digest(), Seeds.replay(context));
      Feed.MIXED.feed(finished, suffix, random);
      assertArrayEquals(Jdk.digest(algorithm, suffix), finished.digest(), Seeds.replay(context));
      MessageDigest intoBuffer = (MessageDigest) parent.clone();
      byte[] out = new byte[length + 9];
      assertEquals(length, intoBuffer.digest(out, 5, length + 4));
      assertArrayEquals(
          Jdk.digest(algorithm, message),
          Arrays.copyOfRange(out, 5, 5 + length),
          Seeds.replay(context));
      MessageDigest reset = (MessageDigest) parent.clone();
      reset.reset();
      Feed.MIXED.feed(reset, suffix, random);
      assertArrayEquals(Jdk.digest(algorithm, suffix), reset.digest(), Seeds.replay(context));

      // Continued through every feed; the parent is untouched by all of it.
      for (Feed feed : Feed.values()) {
        MessageDigest continued = (MessageDigest) parent.clone();
        feed.feed(continued, suffix, random);
        assertArrayEquals(
            Jdk.digest(algorithm, concat(message, suffix)),
            continued.digest(),
            Seeds.replay(algorithm, "clone at", prefix, feed));
      }
      assertArrayEquals(Jdk.digest(algorithm, message), parent.digest(), Seeds.replay(context));

      // A clone of the parent after digest() and after reset() holds an empty message.
      assertArrayEquals(
          Jdk.digest(algorithm, new byte[0]),
          ((MessageDigest) parent.clone()).digest(),
          Seeds.replay(context));
      parent.update(message);
      parent.reset();
      assertArrayEquals(
          Jdk.digest(algorithm, new byte[0]),
          ((MessageDigest) parent.clone()).digest(),
          Seeds.replay(context));

      // Cloning may move the parent's buffered bytes into its native state: a reset still clears.
      parent.update(message);
      MessageDigest beforeReset = (MessageDigest) parent.clone();
      parent.reset();
      Feed.MIXED.feed(parent, suffix, random);
      assertArrayEquals(Jdk.digest(algorithm, suffix), parent.digest(), Seeds.replay(context));
      assertArrayEquals(
          Jdk.digest(algorithm, message), beforeReset.digest(), Seeds.replay(context));
    }
  }

  @ParameterizedTest
  @MethodSource("algorithms")
  void clonesOfClonesAndTheirParentsStayIndependent(String algorithm) throws Exception {
    for (int prefix : new int[] {0, 70, 1100}) {
      Object[] context = {algorithm, "clones of clones", prefix};
      Random random = Seeds.random(context);
      byte[] message = Seeds.bytes(random, prefix);
      byte[] x = Seeds.bytes(random, 200);
      byte[] y = Seeds.bytes(random, 1500);
      byte[] z = Seeds.bytes(random, 3);
      MessageDigest parent = Services.digest(algorithm);
      parent.update(message);

      MessageDigest first = (MessageDigest) parent.clone();
      parent.update(x);
      MessageDigest second = (MessageDigest) first.clone(); // a clone of a clone not yet used
      first.update(y);
      MessageDigest third = (MessageDigest) second.clone();
      MessageDigest fourth = (MessageDigest) first.clone(); // a clone of a clone since updated
      third.update(z);

      assertArrayEquals(Jdk.digest(algorithm, message), second.digest(), Seeds.replay(context));
      assertArrayEquals(
          Jdk.digest(algorithm, concat(message, y)), first.digest(), Seeds.replay(context));
      assertArrayEquals(
          Jdk.digest(algorithm, concat(message, x)), parent.digest(), Seeds.replay(context));
      assertArrayEquals(
          Jdk.digest(algorithm, concat(message, z)), third.digest(), Seeds.replay(context));
      assertArrayEquals(
          Jdk.digest(algorithm, concat(message, y)), fourth.digest(), Seeds.replay(context));
      // second is finished: its clone holds an empty message.
      assertArrayEquals(
          Jdk.digest(algorithm, new byte[0]),
          ((MessageDigest) second.clone()).digest(),
          Seeds.replay(context));
    }
  }

  /**
   * A transcript hash as SunJSSE keeps one, with its clones finished or continued on other threads
   * while the parent goes on: about 2,000 clones per digest.
   */
  @ParameterizedTest
  @ValueSource(strings = {"SHA-256", "SHA-384", "SHA3-256"})
  void clonesUsedOnOtherThreadsWhileTheParentGoesOn(String algorithm) throws Exception {
    assumeTrue(Services.has("MessageDigest", algorithm));
    Random random = Seeds.random(algorithm, "storm");
    MessageDigest parent = Services.digest(algorithm);
    byte[] transcript = Seeds.bytes(random, 40_000);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int position = 0, step = 0; position < transcript.length; step++) {
        int length = Math.min(random.nextInt(40), transcript.length - position);
        parent.update(transcript, position, length);
        position += length;
        MessageDigest clone = (MessageDigest) parent.clone();
        byte[] prefix = Arrays.copyOf(transcript, position);
        byte[] extra = Seeds.bytes(random, random.nextInt(100));
        int kind = step % 3;
        Object[] context = {algorithm, "storm", step, kind};
        results.add(
            pool.submit(
                () -> {
                  MessageDigest used = clone;
                  if (kind == 1) {
                    used.update(extra);
                  } else if (kind == 2) {
                    used = (MessageDigest) clone.clone();
                    clone.update(extra); // the clone's clone must not see this
                  }
                  byte[] expected =
                      Jdk.digest(algorithm, kind == 1 ? concat(prefix, extra) : prefix);
                  assertArrayEquals(expected, used.digest(), Seeds.replay(context));
                  return null;
                }));
      }
      for (Future<?> result : results) {
        result.get();
      }
      assertArrayEquals(Jdk.digest(algorithm, transcript), parent.digest());
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Fails if clone() of a SHA-1 or SHA-2 digest makes a native session again (each reserves a
   * MESSAGE_SESSION's worth of the native memory budget): that cost ten times the JDK's clone in a
   * TLS handshake's transcript hash.
   */
  @Test
  void shaClonesHoldNoNativeSessionUntilUpdated() throws Exception {
    assumeFalse(FipsSkips.FIPS_PASS, "FIPS-mode digests run in the module and copy their session");
    int count = 2000;
    for (String algorithm : List.of("SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512")) {
      MessageDigest parent = Services.digest(algorithm);
      parent.update(new byte[100]);
      List<MessageDigest> clones = new ArrayList<>(count);
      long before = NativeMemory.reserved();
      for (int i = 0; i < count; i++) {
        clones.add((MessageDigest) parent.clone());
      }
      long grown = NativeMemory.reserved() - before;
      // Other tests' objects may be freed meanwhile, never allocated: no thread runs them.
      assertTrue(
          grown < count * NativeFootprint.MESSAGE_SESSION.bytes() / 10,
          algorithm + ": " + count + " clones reserved " + grown + " bytes of native memory");
      byte[] expected = Jdk.digest(algorithm, new byte[100]);
      for (MessageDigest clone : clones) {
        assertArrayEquals(expected, clone.digest(), algorithm);
      }
    }
  }
}
