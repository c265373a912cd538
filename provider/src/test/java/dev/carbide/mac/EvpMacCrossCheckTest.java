package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.KmacParameterSpec;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.RandomFeeds;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jcajce.spec.KMACParameterSpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MACs the JDK lacks (AESCMAC, AES-GMAC, KMAC128, KMAC256, POLY1305) against Bouncy Castle, the
 * reference for their names and behaviour, on random keys, parameters and messages (0 B to 70 KB)
 * fed in random splits through every update form, with reuse, reset and clone; GMAC also against
 * the JDK's AES/GCM over associated data alone. Then bad input and threads. The seed is printed,
 * and {@code -Dcarbide.test.seed} replays a run.
 */
class EvpMacCrossCheckTest {
  private static final long SEED = Long.getLong("carbide.test.seed", System.nanoTime());
  private static final Provider BC = new BouncyCastleProvider();
  private static final int[] MESSAGE_LENGTHS = {0, 1, 15, 16, 17, 63, 64, 65, 1023, 1024, 1025};

  @BeforeAll
  static void printSeed() {
    System.out.println("EvpMacCrossCheckTest seed: -Dcarbide.test.seed=" + SEED);
  }

  /** A random key and parameter for {@code algorithm}, as specs for Carbide and for BC. */
  private record Keyed(SecretKeySpec key, AlgorithmParameterSpec ours, AlgorithmParameterSpec bc) {
    static Keyed random(String algorithm, Random random) {
      return switch (algorithm) {
        case "AESCMAC" -> new Keyed(aesKey(random), null, null);
        case "AES-GMAC" -> {
          IvParameterSpec iv = new IvParameterSpec(bytes(random, 1 + random.nextInt(32)));
          yield new Keyed(aesKey(random), iv, iv);
        }
        case "POLY1305" -> new Keyed(new SecretKeySpec(bytes(random, 32), "POLY1305"), null, null);
        default -> {
          SecretKeySpec key = new SecretKeySpec(bytes(random, 4 + random.nextInt(200)), "KMAC");
          if (random.nextInt(4) == 0) {
            yield new Keyed(key, null, null);
          }
          int bits = 8 * (1 + random.nextInt(100));
          byte[] customisation = bytes(random, random.nextInt(3) == 0 ? 0 : random.nextInt(300));
          yield new Keyed(
              key,
              new KmacParameterSpec(bits, customisation),
              new KMACParameterSpec(bits, customisation));
        }
      };
    }
  }

  private static SecretKeySpec aesKey(Random random) {
    return new SecretKeySpec(bytes(random, 16 + 8 * random.nextInt(3)), "AES");
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private static Mac carbide(String algorithm) throws Exception {
    Mac mac = Mac.getInstance(algorithm, Carbide.provider());
    assertEquals(Carbide.provider(), mac.getProvider());
    return mac;
  }

  @ParameterizedTest
  @ValueSource(strings = {"AESCMAC", "AES-GMAC", "KMAC128", "KMAC256", "POLY1305"})
  void randomKeysAndMessagesMatchBouncyCastle(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode());
    Mac ours = carbide(algorithm);
    Mac bc = Mac.getInstance(algorithm, BC);
    for (int round = 0; round < 12; round++) {
      Keyed keyed = Keyed.random(algorithm, random);
      ours.init(keyed.key, keyed.ours);
      bc.init(keyed.key, keyed.bc);
      assertEquals(bc.getMacLength(), ours.getMacLength());
      List<Integer> lengths = new ArrayList<>();
      for (int length : MESSAGE_LENGTHS) {
        lengths.add(length);
      }
      lengths.add(random.nextInt(70_000));
      boolean gmac = algorithm.equals("AES-GMAC");
      for (int length : lengths) {
        String what = algorithm + " round " + round + " message " + length + " seed " + SEED;
        byte[] message = bytes(random, length);
        if (gmac) {
          // A GMAC IV serves one message: both need a new one for each.
          IvParameterSpec iv = new IvParameterSpec(bytes(random, 1 + random.nextInt(32)));
          ours.init(keyed.key, iv);
          bc.init(keyed.key, iv);
        }
        byte[] expected = bc.doFinal(message);
        RandomFeeds.feed(RandomFeeds.of(ours), message, random);
        if (!gmac && random.nextBoolean()) {
          // A clone carries the message so far; the original is then reset and fed again.
          Mac copy = (Mac) ours.clone();
          ours.reset();
          ours.update(message);
          assertArrayEquals(expected, copy.doFinal(), what + " (clone)");
        }
        assertArrayEquals(expected, ours.doFinal(), what);
        if (gmac) {
          IvParameterSpec iv = new IvParameterSpec(bytes(random, 12));
          ours.init(keyed.key, iv);
          bc.init(keyed.key, iv);
        }
        // The reverse: Carbide's tag of one array, BC's of a direct buffer.
        byte[] tag = ours.doFinal(message);
        bc.update(ByteBuffer.allocateDirect(length).put(message).flip());
        assertArrayEquals(tag, bc.doFinal(), what + " (reverse)");
      }
    }
  }

  @Test
  void gmacIsGcmOverAssociatedDataAloneAsTheJdkComputesIt() throws Exception {
    Random random = new Random(SEED ^ 7);
    Mac gmac = carbide("AES-GMAC");
    Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding", "SunJCE");
    for (int i = 0; i < 40; i++) {
      SecretKeySpec key = aesKey(random);
      byte[] iv = bytes(random, 1 + random.nextInt(64));
      byte[] aad = bytes(random, random.nextInt(5000));
      gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
      gcm.updateAAD(aad);
      gmac.init(key, new IvParameterSpec(iv));
      assertArrayEquals(gcm.doFinal(), gmac.doFinal(aad), "iv " + iv.length + " seed " + SEED);
    }
  }

  /**
   * GMAC re-initialised as it is used: the same key with a new IV (which skips keying the native
   * context), then keys that differ in one byte or in length, long IVs, and a refused init in
   * between; every tag is SunJCE's.
   */
  @Test
  void gmacReinitialisedWithRepeatedAndChangingKeysMatchesTheJdk() throws Exception {
    Random random = new Random(SEED ^ 11);
    Mac gmac = carbide("AES-GMAC");
    Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding", "SunJCE");
    byte[] raw = bytes(random, 32);
    byte[] near = raw.clone();
    near[31] ^= 1;
    SecretKeySpec[] keys = {
      new SecretKeySpec(raw, "AES"),
      new SecretKeySpec(near, "AES"),
      new SecretKeySpec(raw, 0, 16, "AES"),
      new SecretKeySpec(raw, "AES")
    };
    for (int i = 0; i < 60; i++) {
      SecretKeySpec key = keys[(i / 5) % keys.length];
      // Up to OpenSSL's longest GCM IV, 128 bytes.
      int ivLength = i % 7 == 6 ? 100 + random.nextInt(29) : 1 + random.nextInt(16);
      byte[] iv = bytes(random, ivLength);
      byte[] aad = bytes(random, random.nextInt(300));
      if (i % 11 == 10) {
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () -> gmac.init(key, new IvParameterSpec(new byte[0])));
      }
      gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
      gcm.updateAAD(aad);
      gmac.init(key, new IvParameterSpec(iv));
      assertArrayEquals(gcm.doFinal(), gmac.doFinal(aad), "message " + i + " seed " + SEED);
    }
  }

  @Test
  void badKeysAndParametersAreRefused() throws Exception {
    Mac cmac = carbide("AESCMAC");
    for (int length : new int[] {0, 8, 15, 17, 31, 33, 64}) {
      assertThrows(
          InvalidKeyException.class,
          () -> cmac.init(new SecretKeySpec(new byte[length + 1], 1, length, "AES")),
          "CMAC key " + length);
    }
    SecretKeySpec aes = new SecretKeySpec(new byte[16], "AES");
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> cmac.init(aes, new IvParameterSpec(new byte[16])));
    Mac gmac = carbide("AES-GMAC");
    // Mac.init(Key) wraps the missing IV's exception in an InvalidKeyException, as for any MAC.
    assertEquals(
        InvalidAlgorithmParameterException.class,
        assertThrows(InvalidKeyException.class, () -> gmac.init(aes)).getCause().getClass());
    assertThrows(
        InvalidAlgorithmParameterException.class, () -> gmac.init(aes, new KmacParameterSpec(128)));
    assertThrows(
        InvalidKeyException.class,
        () -> gmac.init(new SecretKeySpec(new byte[20], "AES"), new IvParameterSpec(new byte[12])));
    Mac poly = carbide("POLY1305");
    assertThrows(InvalidKeyException.class, () -> poly.init(new SecretKeySpec(new byte[16], "P")));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> poly.init(new SecretKeySpec(new byte[32], "P"), new IvParameterSpec(new byte[16])));
    Mac kmac = carbide("KMAC128");
    assertThrows(InvalidKeyException.class, () -> kmac.init(new SecretKeySpec(new byte[3], "K")));
    assertThrows(InvalidKeyException.class, () -> kmac.init(new SecretKeySpec(new byte[513], "K")));
    SecretKeySpec key = new SecretKeySpec(new byte[32], "K");
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> kmac.init(key, new IvParameterSpec(new byte[16])));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> kmac.init(key, new KmacParameterSpec(128, new byte[513])));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> kmac.init(key, new KmacParameterSpec(8 * 1025)));
    assertThrows(IllegalArgumentException.class, () -> new KmacParameterSpec(12));
    assertThrows(IllegalArgumentException.class, () -> new KmacParameterSpec(0));
    assertThrows(IllegalStateException.class, () -> carbide("KMAC256").doFinal());
  }

  @Test
  void aGmacIvServesOneMessage() throws Exception {
    Mac gmac = carbide("AES-GMAC");
    SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
    gmac.init(key, new IvParameterSpec(new byte[12]));
    gmac.doFinal(new byte[5]);
    IllegalStateException spent =
        assertThrows(IllegalStateException.class, () -> gmac.doFinal(new byte[5]));
    assertTrue(spent.getMessage().contains("new IV"), spent.getMessage());
    // A reset releases no tag, so the IV still serves the next message, buffered or not.
    Mac bc = Mac.getInstance("AES-GMAC", BC);
    IvParameterSpec iv = new IvParameterSpec(new byte[] {7, 7, 7});
    gmac.init(key, iv);
    bc.init(key, iv);
    gmac.update(new byte[3]);
    gmac.reset();
    gmac.update(new byte[5000]);
    gmac.reset();
    assertArrayEquals(bc.doFinal(new byte[77]), gmac.doFinal(new byte[77]));
    assertThrows(CloneNotSupportedException.class, gmac::clone);
  }

  @Test
  void aRefusedInitKeepsThePreviousKey() throws Exception {
    Mac ours = carbide("KMAC256");
    Mac bc = Mac.getInstance("KMAC256", BC);
    SecretKeySpec key = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5}, "K");
    ours.init(key, new KmacParameterSpec(200, new byte[] {9}));
    bc.init(key, new KMACParameterSpec(200, new byte[] {9}));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> ours.init(key, new KmacParameterSpec(8, new byte[600])));
    assertThrows(InvalidKeyException.class, () -> ours.init(new SecretKeySpec(new byte[2], "K")));
    assertEquals(25, ours.getMacLength());
    assertArrayEquals(bc.doFinal(new byte[77]), ours.doFinal(new byte[77]));
  }

  /** A shared engine refuses a second thread (or computes right); independent ones all agree. */
  @ParameterizedTest
  @ValueSource(strings = {"AESCMAC", "AES-GMAC", "KMAC128", "POLY1305"})
  void threads(String algorithm) throws Exception {
    Random seeds = new Random(SEED ^ algorithm.hashCode() ^ 3);
    Keyed keyed = Keyed.random(algorithm, seeds);
    byte[] message = bytes(seeds, 20_000);
    Mac reference = Mac.getInstance(algorithm, BC);
    reference.init(keyed.key, keyed.bc);
    byte[] expected = reference.doFinal(message);
    Mac shared = carbide(algorithm);
    shared.init(keyed.key, keyed.ours);
    AtomicInteger refused = new AtomicInteger();
    boolean gmac = algorithm.equals("AES-GMAC");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        futures.add(
            pool.submit(
                () -> {
                  Mac own = carbide(algorithm);
                  own.init(keyed.key, keyed.ours);
                  for (int i = 0; i < 50; i++) {
                    assertArrayEquals(expected, own.doFinal(message));
                    if (gmac) {
                      own.init(keyed.key, keyed.ours);
                    }
                    try {
                      if (gmac) {
                        shared.init(keyed.key, keyed.ours);
                      }
                      shared.update(message);
                      shared.doFinal();
                    } catch (IllegalStateException e) {
                      // Another thread inside the engine, or (GMAC) a message that another
                      // thread's doFinal ended.
                      assertTrue(
                          e.getMessage().contains("another thread")
                              || e.getMessage().contains("new IV"),
                          e.getMessage());
                      refused.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdown();
    }
    // Alone again, the shared engine still computes right after a re-init.
    shared.init(keyed.key, keyed.ours);
    assertArrayEquals(expected, shared.doFinal(message));
    System.out.println(algorithm + ": the shared engine refused " + refused + " calls");
  }
}
