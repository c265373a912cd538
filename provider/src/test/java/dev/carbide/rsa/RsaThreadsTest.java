package dev.carbide.rsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.KeyPair;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;
import org.junit.jupiter.api.Test;

/**
 * One RSA key pair shared by eight threads that sign, verify and decrypt at once, each result
 * checked; and one Signature shared by two threads, which must fail cleanly rather than crash.
 */
class RsaThreadsTest {
  private static final int THREADS = 8;
  private static final int ROUNDS = 40;

  @Test
  void eightThreadsShareOneKey() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    // Built once from a foreign key too, so the translation cache is shared as well.
    KeyPair foreign = RsaTesting.jdk();
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<Integer>> results = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      int seed = t;
      results.add(
          pool.submit(
              () -> {
                start.await();
                Random random = new Random(seed);
                int checked = 0;
                for (int i = 0; i < ROUNDS; i++) {
                  KeyPair keys = (i & 1) == 0 ? pair : foreign;
                  byte[] message = new byte[random.nextInt(200)];
                  random.nextBytes(message);
                  checked += round(keys, message, seed, i);
                }
                return checked;
              }));
    }
    start.countDown();
    int total = 0;
    for (Future<Integer> result : results) {
      total += result.get();
    }
    pool.shutdown();
    assertEquals(THREADS * ROUNDS * 4, total);
  }

  private static int round(KeyPair keys, byte[] message, int seed, int i) throws Exception {
    String algorithm = (seed + i) % 3 == 0 ? "RSASSA-PSS" : "SHA256withRSA";
    Signature signer = Signature.getInstance(algorithm, Carbide.provider());
    Signature verifier = Signature.getInstance(algorithm, Carbide.provider());
    if (algorithm.equals("RSASSA-PSS")) {
      PSSParameterSpec params =
          new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
      signer.setParameter(params);
      verifier.setParameter(params);
    }
    signer.initSign(keys.getPrivate());
    signer.update(message);
    byte[] signature = signer.sign();
    verifier.initVerify(keys.getPublic());
    verifier.update(message);
    assertTrue(verifier.verify(signature));
    signature[seed % signature.length] ^= 1;
    verifier.update(message);
    assertFalse(verifier.verify(signature));
    Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding", Carbide.provider());
    cipher.init(Cipher.ENCRYPT_MODE, keys.getPublic());
    byte[] ciphertext = cipher.doFinal(message, 0, Math.min(message.length, 200));
    cipher.init(Cipher.DECRYPT_MODE, keys.getPrivate());
    assertArrayEquals(
        java.util.Arrays.copyOf(message, Math.min(message.length, 200)),
        cipher.doFinal(ciphertext));
    return 4;
  }

  @Test
  void aSignatureSharedByTwoThreadsFailsCleanly() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    Signature shared = Signature.getInstance("SHA256withRSA", Carbide.provider());
    shared.initSign(pair.getPrivate());
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger signed = new AtomicInteger();
    Runnable storm =
        () -> {
          for (int i = 0; i < 200; i++) {
            try {
              if (i % 17 == 0) {
                shared.initSign(pair.getPrivate());
              }
              shared.update(new byte[2000]);
              if (shared.sign().length == 256) {
                signed.incrementAndGet();
              }
            } catch (IllegalStateException e) {
              refused.incrementAndGet();
            } catch (Exception e) {
              // A SignatureException from a state mixed up by the other thread is a clean failure.
              refused.incrementAndGet();
            }
          }
        };
    Thread a = new Thread(storm);
    Thread b = new Thread(storm);
    a.start();
    b.start();
    a.join();
    b.join();
    assertEquals(400, refused.get() + signed.get());
    assertTrue(signed.get() > 0);
  }
}
