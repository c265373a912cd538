package dev.carbide;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.Jdk;
import dev.carbide.testing.Seeds;
import dev.carbide.testing.Services;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Eight threads at once, each with its own engines (a JCA engine is single-threaded by contract)
 * but sharing the native algorithm cache, and sharing one SecureRandom (which must be thread-safe).
 * Every result is checked against the JDK's providers, and the count of checks is asserted.
 */
class ConcurrencyTest {
  private static final int THREADS = 8;
  private static final int ITERATIONS = 250;

  @FunctionalInterface
  interface Work {
    /** One iteration on one thread; returns the number of results it checked. */
    int run(int thread, int iteration, Random random) throws Exception;
  }

  /** Runs {@code work} on eight threads released together; returns the results checked. */
  private static int onEightThreads(String name, Work work) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Integer>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        futures.add(
            pool.submit(
                () -> {
                  Random random = Seeds.random(name, thread);
                  start.await();
                  int checked = 0;
                  for (int i = 0; i < ITERATIONS; i++) {
                    try {
                      checked += work.run(thread, i, random);
                    } catch (Throwable e) {
                      throw new AssertionError(
                          Seeds.replay(name, thread) + " iteration " + i + ": " + e, e);
                    }
                  }
                  return checked;
                }));
      }
      start.countDown();
      int checked = 0;
      for (Future<Integer> future : futures) {
        try {
          checked += future.get(5, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
          throw new AssertionError(e.getCause().getMessage(), e.getCause());
        }
      }
      return checked;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Mostly short messages, as in TLS, sometimes past the SPI's buffer or a pinning chunk. */
  private static byte[] message(Random random) {
    int[] limits = {64, 1100, 5000, 300_000};
    return Seeds.bytes(random, random.nextInt(limits[random.nextInt(limits.length)]));
  }

  /** Feeds {@code message} in up to four random pieces, the last through a direct buffer. */
  private static void feed(MessageDigest digest, byte[] message, Random random) {
    int position = 0;
    for (int piece = 0; piece < 3 && position < message.length; piece++) {
      int length = random.nextInt(message.length - position + 1);
      digest.update(message, position, length);
      position += length;
    }
    ByteBuffer rest = ByteBuffer.allocateDirect(message.length - position);
    rest.put(message, position, message.length - position).flip();
    digest.update(rest);
  }

  @Test
  void digestsOnEightThreads() throws Exception {
    List<String> algorithms = Services.algorithms("MessageDigest");
    Map<Integer, Map<String, MessageDigest>> perThread = new ConcurrentHashMap<>();
    int checked =
        onEightThreads(
            "digests",
            (thread, iteration, random) -> {
              Map<String, MessageDigest> own =
                  perThread.computeIfAbsent(thread, t -> new HashMap<>());
              String algorithm = algorithms.get(random.nextInt(algorithms.size()));
              MessageDigest carbide = own.computeIfAbsent(algorithm, Services::digest);
              byte[] message = message(random);
              byte[] expected = Jdk.digest(algorithm, message);
              if (iteration % 5 == 0) {
                // A clone taken mid-message on this thread must finish like the original.
                int half = message.length / 2;
                carbide.update(message, 0, half);
                MessageDigest copy = (MessageDigest) carbide.clone();
                copy.update(message, half, message.length - half);
                assertArrayEquals(expected, copy.digest(), algorithm + " clone");
                carbide.reset();
              }
              feed(carbide, message, random);
              assertArrayEquals(expected, carbide.digest(), algorithm);
              return 1;
            });
    assertEquals(THREADS * ITERATIONS, checked);
  }

  @Test
  void macsOnEightThreads() throws Exception {
    assumeTrue(Services.has("Mac", "HmacSHA256"), "Carbide registers no HmacSHA256");
    List<String> algorithms = new ArrayList<>();
    for (String algorithm : Services.algorithms("Mac")) {
      if (algorithm.startsWith("Hmac") && Jdk.hasMac(algorithm)) {
        algorithms.add(algorithm);
      }
    }
    int checked =
        onEightThreads(
            "macs",
            (thread, iteration, random) -> {
              String algorithm = algorithms.get(random.nextInt(algorithms.size()));
              SecretKeySpec key =
                  new SecretKeySpec(Seeds.bytes(random, 1 + random.nextInt(100)), "RAW");
              Mac carbide = Mac.getInstance(algorithm, Carbide.provider());
              Mac jdk = Jdk.mac(algorithm);
              carbide.init(key);
              jdk.init(key);
              for (int message = 0; message < 3; message++) {
                byte[] data = message(random);
                assertArrayEquals(jdk.doFinal(data), carbide.doFinal(data), algorithm);
              }
              return 1;
            });
    assertEquals(THREADS * ITERATIONS, checked);
  }

  @Test
  void oneSecureRandomSharedByEightThreads() throws Exception {
    assumeTrue(Services.has("SecureRandom", "DEFAULT"), "Carbide registers no SecureRandom");
    SecureRandom shared = SecureRandom.getInstance("DEFAULT", Carbide.provider());
    Set<ByteBuffer> seen = ConcurrentHashMap.newKeySet();
    AtomicInteger allZero = new AtomicInteger();
    int checked =
        onEightThreads(
            "secure random",
            (thread, iteration, random) -> {
              byte[] data = new byte[16 + random.nextInt(2048)];
              shared.nextBytes(data);
              assertTrue(seen.add(ByteBuffer.wrap(data, 0, 16).slice()), "a repeated output");
              if (ByteBuffer.wrap(data).equals(ByteBuffer.allocate(data.length))) {
                allZero.incrementAndGet();
              }
              MessageDigest carbide = Services.digest("SHA-256");
              assertArrayEquals(Jdk.digest("SHA-256", data), carbide.digest(data));
              return 1;
            });
    assertEquals(THREADS * ITERATIONS, checked);
    assertEquals(THREADS * ITERATIONS, seen.size());
    assertFalse(allZero.get() > 0, "all-zero outputs");
  }
}
