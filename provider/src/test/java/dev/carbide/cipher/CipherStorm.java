package dev.carbide.cipher;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The child JVM of {@link CipherThreadStormTest}: several threads share one Carbide Cipher per
 * transformation and call init, updateAAD, update and doFinal on it at random, through arrays and
 * direct buffers, in sizes on every native path (scratch, critical, pinned). It prints one line per
 * kind of outcome: "outcome <transformation> <class> <count>". A crash ends the JVM instead.
 */
public final class CipherStorm {
  private static final int THREADS = 4;

  private CipherStorm() {}

  public static void main(String[] args) throws Exception {
    long millis = Long.parseLong(args[0]);
    for (int i = 1; i < args.length; i++) {
      storm(args[i], millis);
    }
    System.out.println("done");
  }

  private static void storm(String transformation, long millis) throws Exception {
    Cipher shared = Cipher.getInstance(transformation, Carbide.provider());
    Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    CountDownLatch start = new CountDownLatch(1);
    Thread[] threads = new Thread[THREADS];
    long end = System.nanoTime() + millis * 1_000_000;
    for (int t = 0; t < THREADS; t++) {
      Random random = new Random(t * 31L + transformation.hashCode());
      threads[t] =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                while (System.nanoTime() < end) {
                  String outcome;
                  try {
                    step(shared, transformation, random);
                    outcome = "ok";
                  } catch (IllegalStateException | GeneralSecurityException e) {
                    outcome = e.getClass().getName();
                  } catch (Throwable e) {
                    // Anything else is a finding: print it whole.
                    outcome = "unexpected:" + e.getClass().getName();
                    e.printStackTrace(System.out);
                  }
                  outcomes.computeIfAbsent(outcome, k -> new LongAdder()).increment();
                }
              });
      threads[t].start();
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    outcomes.forEach(
        (outcome, count) ->
            System.out.println("outcome " + transformation + " " + outcome + " " + count.sum()));
  }

  private static void step(Cipher cipher, String transformation, Random random) throws Exception {
    int size = sizes(random);
    switch (random.nextInt(8)) {
      case 0, 1 -> {
        int mode = random.nextBoolean() ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
        cipher.init(mode, key(transformation, random), params(transformation, random));
      }
      case 2 -> {
        if (transformation.contains("GCM")
            || transformation.contains("CCM")
            || transformation.contains("Poly1305")) {
          cipher.updateAAD(bytes(random, random.nextInt(40)));
        }
      }
      case 3 -> cipher.update(bytes(random, size));
      case 4 -> cipher.update(bytes(random, size), 0, size, new byte[size + 64], random.nextInt(8));
      case 5 -> cipher.doFinal(bytes(random, size));
      case 6 -> {
        ByteBuffer in = ByteBuffer.allocateDirect(size);
        in.put(bytes(random, size)).flip();
        cipher.doFinal(in, ByteBuffer.allocateDirect(size + 64));
      }
      default -> {
        byte[] buffer = bytes(random, size + 64);
        cipher.doFinal(buffer, 16, size, buffer, 16); // in place
      }
    }
  }

  /** Lengths on every path: AAD-only, the scratch, the critical limit and large pinned calls. */
  private static int sizes(Random random) {
    int[] limits = {0, 16, 1024, 16 * 1024, 70_000};
    int size = random.nextInt(limits[random.nextInt(limits.length)] + 1);
    return size - size % 8 + 16; // multiples of 8 of at least 16, so key wrap takes most
  }

  private static SecretKey key(String transformation, Random random) {
    boolean chacha = transformation.startsWith("ChaCha20");
    if (transformation.startsWith("DESede")) {
      return new SecretKeySpec(bytes(random, 24), "DESede");
    }
    int[] sizes = transformation.contains("XTS") ? new int[] {32, 64} : new int[] {16, 24, 32};
    byte[] key = bytes(random, chacha ? 32 : sizes[random.nextInt(sizes.length)]);
    return new SecretKeySpec(key, chacha ? "ChaCha20" : "AES");
  }

  private static AlgorithmParameterSpec params(String transformation, Random random) {
    if (transformation.contains("GCM") || transformation.contains("CCM")) {
      return new GCMParameterSpec(128, bytes(random, 12));
    }
    if (transformation.startsWith("DESede")) {
      return new IvParameterSpec(bytes(random, 8));
    }
    if (transformation.startsWith("ChaCha20")) {
      return new IvParameterSpec(bytes(random, 12));
    }
    if (transformation.contains("KW")) {
      return null;
    }
    return new IvParameterSpec(bytes(random, 16));
  }

  private static byte[] bytes(Random random, int len) {
    byte[] bytes = new byte[len];
    random.nextBytes(bytes);
    return bytes;
  }
}
