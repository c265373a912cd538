package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The routed SPIs: one engine per operation from its first data step, clones that keep their engine
 * and state, keys of either origin on either route, and the guard under a thread storm. Each routed
 * SPI is built directly with its thresholds, whatever the run's profile says.
 */
class RoutedEnginesTest {
  private static final int FROM = 1024;
  private static final RouteTable.Span JDK_FROM = RouteTable.Span.from(FROM);
  private static final Provider SUN_JCE = Security.getProvider("SunJCE");
  private static final Provider SUN = Security.getProvider("SUN");
  private static final Random RANDOM = new Random(16);

  @BeforeAll
  static void providerLoaded() {
    // Building the provider (routing enabled) registers the unrouted engines the SPIs wrap.
    Carbide.provider();
    org.junit.jupiter.api.Assumptions.assumeTrue(Routing.enabled(), "hybrid routing is off");
  }

  /** The route-forced pass (carbide.test.routes=jdk) must really route: a guard against a no-op. */
  @Test
  void theForcedPassSendsEveryRoutableOperationToTheJdk() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        "jdk".equals(System.getProperty("carbide.test.routes")), "not the route-forced pass");
    java.util.List<String> lines = Routing.describe();
    assertTrue(lines.get(0).contains("profile "), lines.get(0));
    for (String line : lines.subList(1, lines.size())) {
      boolean served = line.contains("(no JDK provider serves it)");
      assertTrue(served || line.contains(" JDK "), line);
    }
    // The registered service hands out the routed SPI, which sends even one byte to the JDK.
    RoutedCipher routed =
        (RoutedCipher)
            Carbide.provider().getService("Cipher", "AES/CTR/NoPadding").newInstance(null);
    routed.engineInit(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(bytes(16), "AES"),
        new IvParameterSpec(bytes(16)),
        null);
    routed.engineDoFinal(bytes(1), 0, 1);
    assertSame(SUN_JCE, routed.engine().getProvider());
  }

  @Test
  void aCipherStreamStaysOnTheEngineOfItsFirstStep() throws Exception {
    RoutedCipher spi = new RoutedCipher("AES/CTR/NoPadding", SUN_JCE, JDK_FROM, JDK_FROM);
    Cipher routed = cipher(spi, "AES/CTR/NoPadding");
    SecretKey key = new SecretKeySpec(bytes(32), "AES");
    IvParameterSpec iv = new IvParameterSpec(bytes(16));
    byte[] small = bytes(16);
    byte[] large = bytes(4096);
    Cipher reference = Cipher.getInstance("AES/CTR/NoPadding", SUN_JCE);
    reference.init(Cipher.ENCRYPT_MODE, key, iv);
    byte[] expected =
        concat(reference.update(small), reference.update(large), reference.doFinal(small));

    routed.init(Cipher.ENCRYPT_MODE, key, iv);
    byte[] first = routed.update(small);
    assertEquals("Carbide", spi.engine().getProvider().getName());
    byte[] second = routed.update(large);
    byte[] last = routed.doFinal(small);
    assertEquals("Carbide", spi.engine().getProvider().getName());
    assertArrayEquals(expected, concat(first, second, last));

    routed.init(Cipher.ENCRYPT_MODE, key, iv);
    reference.init(Cipher.ENCRYPT_MODE, key, iv);
    expected = concat(reference.update(large), reference.update(small), reference.doFinal(small));
    first = routed.update(large);
    Cipher jdk = spi.engine();
    assertSame(SUN_JCE, jdk.getProvider());
    second = routed.update(small);
    last = routed.doFinal(small);
    assertSame(jdk, spi.engine());
    assertArrayEquals(expected, concat(first, second, last));
    // After doFinal the cipher is back at its IV, on the same engine until the next init.
    assertArrayEquals(reference.doFinal(small), routed.doFinal(small));
    assertSame(jdk, spi.engine());
  }

  @Test
  void aGeneratedIvGoesWithTheOperationToTheJdk() throws Exception {
    RoutedCipher spi = new RoutedCipher("AES/CBC/PKCS5Padding", SUN_JCE, JDK_FROM, JDK_FROM);
    Cipher routed = cipher(spi, "AES/CBC/PKCS5Padding");
    SecretKey key = new SecretKeySpec(bytes(16), "AES");
    routed.init(Cipher.ENCRYPT_MODE, key);
    byte[] iv = routed.getIV();
    assertNotNull(iv);
    byte[] message = bytes(5000);
    byte[] sealed = routed.doFinal(message);
    assertSame(SUN_JCE, spi.engine().getProvider());
    assertArrayEquals(iv, routed.getIV());
    Cipher reference = Cipher.getInstance("AES/CBC/PKCS5Padding", SUN_JCE);
    reference.init(Cipher.DECRYPT_MODE, key, routed.getParameters());
    assertArrayEquals(message, reference.doFinal(sealed));
  }

  @Test
  void keysOfEitherOriginWorkOnEitherRoute() throws Exception {
    SecretKey carbideKey = KeyGenerator.getInstance("AES", Carbide.provider()).generateKey();
    SecretKey jdkKey = KeyGenerator.getInstance("AES", SUN_JCE).generateKey();
    IvParameterSpec iv = new IvParameterSpec(bytes(16));
    byte[] message = bytes(2048);
    for (SecretKey key : new SecretKey[] {carbideKey, jdkKey}) {
      Cipher reference = Cipher.getInstance("AES/CTR/NoPadding", SUN_JCE);
      reference.init(Cipher.ENCRYPT_MODE, key, iv);
      byte[] expected = reference.doFinal(message);
      for (int from : new int[] {0, RouteTable.NEVER}) {
        RoutedCipher spi = new RoutedCipher("AES/CTR/NoPadding", SUN_JCE, span(from), span(from));
        Cipher routed = cipher(spi, "AES/CTR/NoPadding");
        routed.init(Cipher.ENCRYPT_MODE, key, iv);
        assertArrayEquals(expected, routed.doFinal(message), key.getClass() + " from " + from);
        assertEquals(from == 0 ? "SunJCE" : "Carbide", spi.engine().getProvider().getName());
      }
    }
  }

  @Test
  void mlDsaKeysOfEitherOriginSignOnEitherRoute() throws Exception {
    Provider jdk = Routable.jdkProvider("Signature", "ML-DSA-65");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        jdk != null && Routing.unrouted().getService("Signature", "ML-DSA-65") != null,
        "ML-DSA needs JDK 24+ and OpenSSL 3.5");
    KeyPair carbidePair =
        KeyPairGenerator.getInstance("ML-DSA-65", Carbide.provider()).generateKeyPair();
    KeyPair jdkPair = KeyPairGenerator.getInstance("ML-DSA-65", jdk).generateKeyPair();
    byte[] message = bytes(100);
    for (KeyPair pair : new KeyPair[] {carbidePair, jdkPair}) {
      for (int from : new int[] {0, RouteTable.NEVER}) {
        RoutedSignature spi = new RoutedSignature("ML-DSA-65", jdk, from, from);
        Signature routed = signature(spi, "ML-DSA-65");
        routed.initSign(pair.getPrivate());
        assertEquals(
            from == 0 ? jdk.getName() : "Carbide",
            spi.engine().getProvider().getName(),
            "sign with " + pair.getPrivate().getClass());
        routed.update(message);
        byte[] sig = routed.sign();
        routed.initVerify(pair.getPublic());
        assertEquals(from == 0 ? jdk.getName() : "Carbide", spi.engine().getProvider().getName());
        routed.update(message);
        assertTrue(routed.verify(sig));
        for (Provider verifier : new Provider[] {jdk, Carbide.provider()}) {
          Signature check = Signature.getInstance("ML-DSA-65", verifier);
          check.initVerify(pair.getPublic());
          check.update(message);
          assertTrue(check.verify(sig), verifier.getName());
        }
      }
    }
  }

  @Test
  void aDigestCloneKeepsItsEngineAndState() throws Exception {
    for (int firstStep : new int[] {100, 4000}) {
      RoutedDigest spi = new RoutedDigest("SHA-256", SUN, JDK_FROM);
      MessageDigest routed = digest(spi, "SHA-256");
      MessageDigest reference = MessageDigest.getInstance("SHA-256", SUN);
      byte[] head = bytes(firstStep);
      byte[] tail = bytes(70);
      routed.update(head);
      reference.update(head);
      assertEquals(firstStep >= FROM ? "SUN" : "Carbide", spi.engine().getProvider().getName());
      MessageDigest copy = (MessageDigest) routed.clone();
      MessageDigest referenceCopy = (MessageDigest) reference.clone();
      routed.update(tail);
      reference.update(tail);
      assertArrayEquals(reference.digest(), routed.digest());
      assertArrayEquals(referenceCopy.digest(), copy.digest());
      // A new message chooses again: one byte stays on Carbide.
      routed.update((byte) 1);
      assertEquals("Carbide", spi.engine().getProvider().getName());
      reference.update((byte) 1);
      assertArrayEquals(reference.digest(), routed.digest());
    }
  }

  @Test
  void aMacCloneKeepsItsEngineAndStateAndAnyRawKeyWorks() throws Exception {
    for (String algorithm : new String[] {"HmacSHA256", "TlsEarlySecret"}) {
      SecretKey key = new SecretKeySpec(bytes(32), algorithm);
      for (int firstStep : new int[] {100, 4000}) {
        RoutedMac spi = new RoutedMac("HmacSHA256", SUN_JCE, JDK_FROM);
        Mac routed = mac(spi, "HmacSHA256");
        Mac reference = Mac.getInstance("HmacSHA256", SUN_JCE);
        routed.init(key);
        reference.init(key);
        byte[] head = bytes(firstStep);
        routed.update(head);
        reference.update(head);
        assertEquals(
            firstStep >= FROM ? "SunJCE" : "Carbide", spi.engine().getProvider().getName());
        Mac copy = (Mac) routed.clone();
        Mac referenceCopy = (Mac) reference.clone();
        byte[] tail = bytes(5);
        routed.update(tail);
        reference.update(tail);
        assertArrayEquals(reference.doFinal(), routed.doFinal());
        assertArrayEquals(referenceCopy.doFinal(), copy.doFinal());
      }
    }
  }

  @Test
  void aCipherSharedByThreadsOnTheJdkRouteIsGuarded() throws Exception {
    storm(RouteTable.Span.ALL, bytes(64 * 1024));
  }

  /** Messages of 64 B on the JDK and 16 KiB on OpenSSL, one shared object: the same guard. */
  @Test
  void aCipherSharedByThreadsOnBothRoutesIsGuarded() throws Exception {
    storm(RouteTable.Span.below(1024), bytes(64), bytes(16 * 1024));
  }

  /** Threads share one routed cipher, each message on the span's engine for its size. */
  private static void storm(RouteTable.Span span, byte[]... inputs) throws Exception {
    RoutedCipher spi = new RoutedCipher("AES/CTR/NoPadding", SUN_JCE, span, span);
    Cipher shared = cipher(spi, "AES/CTR/NoPadding");
    SecretKey key = new SecretKeySpec(bytes(32), "AES");
    IvParameterSpec iv = new IvParameterSpec(bytes(16));
    shared.init(Cipher.ENCRYPT_MODE, key, iv);
    shared.doFinal(inputs[0]);
    assertSame(SUN_JCE, spi.engine().getProvider());
    AtomicInteger guarded = new AtomicInteger();
    AtomicInteger other = new AtomicInteger();
    Thread[] threads = new Thread[4];
    for (int t = 0; t < threads.length; t++) {
      threads[t] =
          new Thread(
              () -> {
                long end = System.nanoTime() + 300_000_000L;
                while (System.nanoTime() < end) {
                  try {
                    if (RANDOM.nextInt(8) == 0) {
                      shared.init(Cipher.ENCRYPT_MODE, key, iv);
                    }
                    shared.doFinal(inputs[RANDOM.nextInt(inputs.length)]);
                  } catch (IllegalStateException e) {
                    // The guard's own, or the outer Cipher's "not initialized" after a
                    // concurrent init was refused: both are the JCA's answer to misuse.
                    if (e.getMessage() != null && e.getMessage().contains("another thread")) {
                      guarded.incrementAndGet();
                    }
                  } catch (GeneralSecurityException e) {
                    // A wrong state left by another thread: an exception, never a crash.
                  } catch (RuntimeException e) {
                    if (other.getAndIncrement() == 0) {
                      e.printStackTrace();
                    }
                  }
                }
              });
      threads[t].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(0, other.get(), "only IllegalStateException and checked exceptions may surface");
    assertTrue(guarded.get() > 0, "the storm never collided");
  }

  // --- JCA objects over a given SPI, through a provider assembled here.

  private static Cipher cipher(RoutedCipher spi, String transformation) throws Exception {
    return Cipher.getInstance(transformation, serving("Cipher", transformation, () -> spi));
  }

  private static MessageDigest digest(RoutedDigest spi, String algorithm) throws Exception {
    return MessageDigest.getInstance(algorithm, serving("MessageDigest", algorithm, () -> spi));
  }

  private static Mac mac(RoutedMac spi, String algorithm) throws Exception {
    return Mac.getInstance(algorithm, serving("Mac", algorithm, () -> spi));
  }

  private static Signature signature(RoutedSignature spi, String algorithm) throws Exception {
    return Signature.getInstance(algorithm, serving("Signature", algorithm, () -> spi));
  }

  static Provider serving(String type, String algorithm, Supplier<Object> spi) {
    return new Provider("RoutedTest", "1", "one routed SPI") {
      private static final long serialVersionUID = 1L;

      {
        putService(
            new Service(this, type, algorithm, "dev.carbide.hybrid.Routed", null, null) {
              @Override
              public Object newInstance(Object parameter) throws NoSuchAlgorithmException {
                return spi.get();
              }
            });
      }
    };
  }

  private static byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    RANDOM.nextBytes(bytes);
    return bytes;
  }

  private static byte[] concat(byte[]... parts) {
    int length = Arrays.stream(parts).mapToInt(p -> p == null ? 0 : p.length).sum();
    byte[] out = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      if (part != null) {
        System.arraycopy(part, 0, out, at, part.length);
        at += part.length;
      }
    }
    return out;
  }

  /** The JDK from {@code from} bytes, or never. */
  private static RouteTable.Span span(int from) {
    return from == RouteTable.NEVER ? RouteTable.Span.NONE : RouteTable.Span.from(from);
  }
}
