package dev.carbide.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * One instance shared by 8 threads, as ThreadSafe=true invites: SecureRandom calls in without a
 * lock, so any race in the pool would hand the same bytes to two threads.
 */
class RandomConcurrencyTest {
  private static final int THREADS = 8;

  @Test
  void threadsSharingAnInstanceNeverReceiveTheSameBytes() throws Exception {
    assertUniqueAcrossThreads(new int[] {16}, 20_000, false);
  }

  @Test
  void mixedSizesWithConcurrentSeedingNeverRepeat() throws Exception {
    int limit = NativeSecureRandom.POOLED_LIMIT;
    assertUniqueAcrossThreads(new int[] {16, 32, limit - 16, limit, limit + 16, 4096}, 4000, true);
  }

  private static void assertUniqueAcrossThreads(int[] sizes, int requests, boolean seedMeanwhile)
      throws Exception {
    SecureRandom shared = NativeSecureRandomTest.carbide();
    ExecutorService executor = Executors.newFixedThreadPool(THREADS + 1);
    CountDownLatch start = new CountDownLatch(1);
    AtomicBoolean done = new AtomicBoolean();
    try {
      List<Future<List<byte[]>>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int first = t;
        results.add(
            executor.submit(
                () -> {
                  start.await();
                  List<byte[]> outputs = new ArrayList<>(requests);
                  for (int i = 0; i < requests; i++) {
                    byte[] out = new byte[sizes[(first + i) % sizes.length]];
                    shared.nextBytes(out);
                    outputs.add(out);
                  }
                  return outputs;
                }));
      }
      Future<Integer> seeder =
          executor.submit(
              () -> {
                start.await();
                int seeds = 0;
                while (seedMeanwhile && !done.get()) {
                  shared.setSeed(new byte[] {1, 2, 3});
                  shared.reseed();
                  seeds++;
                  Thread.sleep(1);
                }
                return seeds;
              });
      start.countDown();
      RandomSamples.Blocks blocks = new RandomSamples.Blocks();
      int expected = 0;
      for (Future<List<byte[]>> result : results) {
        for (byte[] out : result.get(2, TimeUnit.MINUTES)) {
          blocks.addAll(out);
          expected += out.length / 16;
        }
      }
      done.set(true);
      seeder.get(1, TimeUnit.MINUTES);
      assertEquals(expected, blocks.count());
    } finally {
      done.set(true);
      executor.shutdownNow();
    }
  }
}
