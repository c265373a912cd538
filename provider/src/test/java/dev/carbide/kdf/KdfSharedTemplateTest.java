package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.KbkdfKeySpec;
import dev.carbide.KeyAgreementKdfSpec;
import dev.carbide.internal.SpecArrays;
import dev.carbide.kdf.KdfCrossCheckTest.Case;
import dev.carbide.testing.Carbide;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.SecretKeyFactory;
import org.junit.jupiter.api.Test;

/**
 * Every factory of a service in the process derives through one native template, and KBKDF over
 * AES-CMAC on the spare contexts that template keeps: nothing of one derivation may reach the next,
 * whichever thread runs it. Random inputs of several services (keys of every length, empty and
 * non-empty Labels, Contexts, IVs, salts and FixedInfo, both fixed-input layouts) run in shuffled
 * orders on threads sharing the factories, and each answer must equal Bouncy Castle's.
 */
class KdfSharedTemplateTest {
  private static final long SEED = Long.getLong("carbide.test.seed", System.nanoTime());

  private static final String[] KBKDF = {
    "COUNTER-HMACSHA256",
    "FEEDBACK-HMACSHA256",
    "COUNTER-HMACSHA512",
    "COUNTER-AESCMAC",
    "FEEDBACK-AESCMAC"
  };
  private static final String[] AGREEMENT = {
    "ONESTEP-SHA256", "ONESTEP-HMACSHA256", "X963KDF-SHA256"
  };

  @Test
  void reusedContextsGiveEveryDerivationItsOwnAnswerUnderThreads() throws Exception {
    System.out.println("KdfSharedTemplateTest seed: -Dcarbide.test.seed=" + SEED);
    Random random = new Random(SEED);
    List<Case> cases = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      for (String variant : KBKDF) {
        cases.add(KdfCrossCheckTest.kbkdfCase(variant, random));
      }
      for (String algorithm : AGREEMENT) {
        cases.add(KdfCrossCheckTest.agreementCase(algorithm, random));
      }
    }
    List<String> algorithms = cases.stream().map(Case::algorithm).distinct().toList();
    List<SecretKeyFactory> factories = new ArrayList<>();
    for (String algorithm : algorithms) {
      factories.add(SecretKeyFactory.getInstance(algorithm, Carbide.provider()));
    }
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<Integer>> wrong = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        long threadSeed = SEED + t;
        wrong.add(
            pool.submit(
                () -> {
                  List<Case> order = new ArrayList<>(cases);
                  int failures = 0;
                  for (int round = 0; round < 8; round++) {
                    Collections.shuffle(order, new Random(threadSeed * 31 + round));
                    for (Case c : order) {
                      SecretKeyFactory factory = factories.get(algorithms.indexOf(c.algorithm()));
                      byte[] key = factory.generateSecret(c.spec()).getEncoded();
                      failures += Arrays.equals(key, c.expected()) ? 0 : 1;
                    }
                  }
                  return failures;
                }));
      }
      for (Future<Integer> failures : wrong) {
        assertEquals(0, failures.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  // The KDFs read the specs' arrays through readers that only the spec classes may register: a
  // second reader, or one from elsewhere, would see (or swap) every caller's secrets.
  @Test
  void onlyTheSpecClassesRegisterTheirReaders() {
    byte[] key = {1, 2, 3};
    KbkdfKeySpec kbkdf = new KbkdfKeySpec(key, null, null, 256);
    KeyAgreementKdfSpec agreement = new KeyAgreementKdfSpec(key, null, 256);
    assertThrows(IllegalStateException.class, () -> SpecArrays.registerKbkdf((spec, f) -> key));
    assertThrows(IllegalStateException.class, () -> SpecArrays.registerAgreement((spec, f) -> key));
    // The readers give the spec's own copies (made by its constructor), not the caller's arrays.
    assertNotSame(key, SpecArrays.of(kbkdf, SpecArrays.KEY));
    assertArrayEquals(key, SpecArrays.of(kbkdf, SpecArrays.KEY));
    assertSame(SpecArrays.of(agreement, SpecArrays.SHARED_SECRET), SpecArrays.of(agreement, 0));
    assertThrows(IllegalArgumentException.class, () -> SpecArrays.of(kbkdf, 9));
  }
}
