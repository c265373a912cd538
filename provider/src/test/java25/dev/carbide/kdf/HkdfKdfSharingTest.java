package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.KDF;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * One KDF object shared by eight threads (issue 13). Carbide's HKDF keeps no state per KDF object,
 * and its native contexts come from a locked pool, so unlike an engine a shared KDF needs no guard:
 * every derivation, on every thread, must equal SunJCE's.
 */
class HkdfKdfSharingTest {
  private static final int THREADS = 8;
  private static final int DERIVATIONS = 300;

  @Test
  void oneKdfSharedByEightThreadsDerivesRightEveryTime() throws Exception {
    KDF shared = SunJceComparison.carbide("HKDF-SHA256");
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Random random = Seeds.random("shared KDF", t);
        results.add(
            pool.submit(
                () -> {
                  KDF sunJce = SunJceComparison.sunJce("HKDF-SHA256");
                  start.await();
                  for (int i = 0; i < DERIVATIONS; i++) {
                    HKDFParameterSpec spec = randomSpec(random);
                    assertArrayEquals(
                        sunJce.deriveData(spec), shared.deriveData(spec), "derivation " + i);
                  }
                  return DERIVATIONS;
                }));
      }
      start.countDown();
      int derived = 0;
      for (Future<Integer> result : results) {
        derived += result.get(2, TimeUnit.MINUTES);
      }
      assertEquals(THREADS * DERIVATIONS, derived);
    } finally {
      pool.shutdownNow();
    }
  }

  private static HKDFParameterSpec randomSpec(Random random) {
    byte[] ikm = Seeds.bytes(random, 1 + random.nextInt(64));
    byte[] salt = Seeds.bytes(random, random.nextInt(64));
    byte[] info = Seeds.bytes(random, random.nextInt(32));
    int length = 1 + random.nextInt(100);
    return switch (random.nextInt(3)) {
      case 0 ->
          HKDFParameterSpec.ofExtract()
              .addIKM(new SecretKeySpec(ikm, "RAW"))
              .addSalt(salt)
              .extractOnly();
      case 1 ->
          HKDFParameterSpec.expandOnly(
              new SecretKeySpec(Seeds.bytes(random, 32), "RAW"), info, length);
      default ->
          HKDFParameterSpec.ofExtract()
              .addIKM(new SecretKeySpec(ikm, "RAW"))
              .addSalt(salt)
              .thenExpand(info, length);
    };
  }
}
