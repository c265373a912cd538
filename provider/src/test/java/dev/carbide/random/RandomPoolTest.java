package dev.carbide.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The pool's rules, checked exactly: its source here writes a running count of 32-bit words, so a
 * byte handed out twice, or handed out after it should have been dropped, shows as a repeated or
 * out-of-order word.
 */
class RandomPoolTest {
  private static final int CAPACITY = 64;

  /** Fills buffers with consecutive big-endian ints, counting the fills. */
  private static final class CountingSource implements RandomPool.Source {
    final AtomicInteger nextWord = new AtomicInteger();
    final AtomicInteger fills = new AtomicInteger();

    @Override
    public void fill(byte[] buffer) {
      fills.incrementAndGet();
      ByteBuffer words = ByteBuffer.wrap(buffer);
      while (words.hasRemaining()) {
        words.putInt(nextWord.getAndIncrement());
      }
    }
  }

  private final CountingSource source = new CountingSource();
  private final AtomicLong now = new AtomicLong();
  private final RandomPool pool = new RandomPool(1, CAPACITY, source, now::get, 1000);

  private int[] takeWords(RandomPool from, int count) {
    byte[] out = new byte[4 * count];
    from.take(out, 0, out.length);
    int[] words = new int[count];
    ByteBuffer.wrap(out).asIntBuffer().get(words);
    return words;
  }

  private static int[] range(int from, int count) {
    int[] words = new int[count];
    for (int i = 0; i < count; i++) {
      words[i] = from + i;
    }
    return words;
  }

  @Test
  void handsOutTheSourcesBytesInOrderOnce() {
    assertArrayEquals(range(0, 3), takeWords(pool, 3));
    // 20 words straddle the end of the first 16-word buffer.
    assertArrayEquals(range(3, 20), takeWords(pool, 20));
    assertArrayEquals(range(23, 1), takeWords(pool, 1));
    assertEquals(2, source.fills.get());
  }

  @Test
  void servesARequestLargerThanTheBufferAcrossRefills() {
    assertArrayEquals(range(0, 40), takeWords(pool, 40));
    assertEquals(3, source.fills.get());
  }

  @Test
  void writesOnlyTheRequestedRange() {
    byte[] out = new byte[12];
    pool.take(out, 4, 4);
    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, copyOutside(out, 4, 4));
    assertEquals(0, ByteBuffer.wrap(out, 4, 4).getInt());
    pool.take(out, 0, 0);
    assertEquals(1, source.fills.get());
  }

  private static byte[] copyOutside(byte[] bytes, int offset, int length) {
    byte[] copy = bytes.clone();
    Arrays.fill(copy, offset, offset + length, (byte) 0);
    return copy;
  }

  @Test
  void discardDropsEveryUnservedByte() {
    takeWords(pool, 2);
    pool.discard();
    assertArrayEquals(range(16, 2), takeWords(pool, 2));
    assertEquals(2, source.fills.get());
  }

  @Test
  void dropsBytesOlderThanTheMaximumAge() {
    takeWords(pool, 1);
    now.addAndGet(1000);
    assertArrayEquals(range(1, 1), takeWords(pool, 1)); // exactly the maximum age: still served
    now.addAndGet(1);
    assertArrayEquals(range(16, 1), takeWords(pool, 1));
    assertEquals(2, source.fills.get());
  }

  @Test
  void aFailedRefillServesNothingAndTheNextOneRecovers() {
    RuntimeException failure = new IllegalStateException("entropy source failed");
    RandomPool failing =
        new RandomPool(
            1,
            CAPACITY,
            buffer -> {
              if (source.fills.get() == 1) {
                source.fills.incrementAndGet();
                Arrays.fill(buffer, (byte) 0x55);
                throw failure;
              }
              source.fill(buffer);
            },
            now::get,
            1000);
    assertArrayEquals(range(0, 16), takeWords(failing, 16));
    assertSame(failure, assertThrows(IllegalStateException.class, () -> takeWords(failing, 1)));
    assertArrayEquals(range(16, 1), takeWords(failing, 1));
  }

  @Test
  void concurrentRequestsNeverShareAByte() throws Exception {
    RandomPool shared = new RandomPool(2, CAPACITY, source, System::nanoTime, Long.MAX_VALUE);
    int threads = 8;
    int rounds = 20_000;
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      List<Future<List<Integer>>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int words = 1 + t % 5; // 4 to 20 bytes, so requests straddle refills at varied points
        results.add(
            executor.submit(
                () -> {
                  List<Integer> seen = new ArrayList<>();
                  for (int i = 0; i < rounds; i++) {
                    if (i % 5000 == 4999) {
                      shared.discard();
                    }
                    for (int word : takeWords(shared, words)) {
                      seen.add(word);
                    }
                  }
                  return seen;
                }));
      }
      Set<Integer> all = new HashSet<>();
      int total = 0;
      for (Future<List<Integer>> result : results) {
        for (int word : result.get()) {
          assertTrue(all.add(word), "word " + word + " handed out twice");
          total++;
        }
      }
      assertEquals(total, all.size());
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void stripeCountsArePowersOfTwo() {
    int stripes = RandomPool.defaultStripes();
    assertEquals(1, Integer.bitCount(stripes));
    assertTrue(stripes >= 2 && stripes <= 64);
    assertThrows(
        IllegalArgumentException.class, () -> new RandomPool(3, CAPACITY, source, now::get, 1));
  }
}
