package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.spec.NamedParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ML-KEM through javax.crypto.KEM (Java 21 and later): the JDK's contract (ranges, nulls, specs,
 * lengths, implicit rejection), interoperation with the JDK's own ML-KEM in both directions, and
 * one key pair shared by 8 threads.
 */
class MlKemKemApiTest {
  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  private static KeyPair generate(Provider provider, String set) throws Exception {
    KeyPairGenerator generator =
        provider == CARBIDE
            ? KeyPairGenerator.getInstance(set, CARBIDE)
            : KeyPairGenerator.getInstance("ML-KEM", provider);
    if (provider != CARBIDE) {
      generator.initialize(new NamedParameterSpec(set));
    }
    return generator.generateKeyPair();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
  void roundTripsAndSlices(String set) throws Exception {
    KeyPair pair = generate(CARBIDE, set);
    for (String name : new String[] {"ML-KEM", set}) {
      KEM kem = KEM.getInstance(name, CARBIDE);
      KEM.Encapsulator encapsulator = kem.newEncapsulator(pair.getPublic());
      KEM.Decapsulator decapsulator = kem.newDecapsulator(pair.getPrivate());
      assertEquals(32, encapsulator.secretSize());
      assertEquals(PqcAlgorithm.byName(set).outputSize, encapsulator.encapsulationSize());
      assertEquals(encapsulator.encapsulationSize(), decapsulator.encapsulationSize());
      KEM.Encapsulated whole = encapsulator.encapsulate();
      assertEquals("Generic", whole.key().getAlgorithm());
      assertNull(whole.params());
      assertArrayEquals(
          whole.key().getEncoded(), decapsulator.decapsulate(whole.encapsulation()).getEncoded());
      KEM.Encapsulated slice = encapsulator.encapsulate(8, 24, "AES");
      SecretKey full = decapsulator.decapsulate(slice.encapsulation());
      SecretKey part = decapsulator.decapsulate(slice.encapsulation(), 8, 24, "AES");
      assertEquals("AES", part.getAlgorithm());
      assertArrayEquals(Arrays.copyOfRange(full.getEncoded(), 8, 24), part.getEncoded());
      assertArrayEquals(slice.key().getEncoded(), part.getEncoded());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
  void interoperatesWithTheJdk(String set) throws Exception {
    PqcTesting.assumeJdkHas("KEM", "ML-KEM");
    KEM ours = KEM.getInstance("ML-KEM", CARBIDE);
    KEM theirs = KEM.getInstance("ML-KEM");
    for (Provider keys : new Provider[] {CARBIDE, PqcTesting.jdkProvider("KEM", "ML-KEM")}) {
      KeyPair pair = generate(keys, set);
      KEM.Encapsulated toJdk = ours.newEncapsulator(pair.getPublic()).encapsulate();
      assertArrayEquals(
          toJdk.key().getEncoded(),
          theirs
              .newDecapsulator(pair.getPrivate())
              .decapsulate(toJdk.encapsulation())
              .getEncoded());
      KEM.Encapsulated fromJdk = theirs.newEncapsulator(pair.getPublic()).encapsulate();
      assertArrayEquals(
          fromJdk.key().getEncoded(),
          ours.newDecapsulator(pair.getPrivate())
              .decapsulate(fromJdk.encapsulation())
              .getEncoded());
      // Implicit rejection gives the same pseudo-random secret in both providers.
      byte[] tampered = fromJdk.encapsulation().clone();
      tampered[tampered.length - 1] ^= 1;
      SecretKey ourReject = ours.newDecapsulator(pair.getPrivate()).decapsulate(tampered);
      assertArrayEquals(
          theirs.newDecapsulator(pair.getPrivate()).decapsulate(tampered).getEncoded(),
          ourReject.getEncoded());
      assertFalse(Arrays.equals(fromJdk.key().getEncoded(), ourReject.getEncoded()));
    }
  }

  /** Bouncy Castle's ML-KEM, an implementation independent of OpenSSL and the JDK, both ways. */
  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
  void interoperatesWithBouncyCastle(String set) throws Exception {
    Provider bc = new org.bouncycastle.jce.provider.BouncyCastleProvider();
    if (bc.getService("KEM", "ML-KEM") == null) {
      String reason = "SKIPPED: this Bouncy Castle has no KEM.ML-KEM";
      System.err.println(reason);
      org.junit.jupiter.api.Assumptions.abort(reason);
    }
    KeyPair ours = generate(CARBIDE, set);
    java.security.KeyFactory bcFactory = java.security.KeyFactory.getInstance("ML-KEM", bc);
    java.security.PublicKey bcPublic =
        bcFactory.generatePublic(
            new java.security.spec.X509EncodedKeySpec(ours.getPublic().getEncoded()));
    KEM.Encapsulated fromBc = KEM.getInstance("ML-KEM", bc).newEncapsulator(bcPublic).encapsulate();
    assertArrayEquals(
        fromBc.key().getEncoded(),
        KEM.getInstance("ML-KEM", CARBIDE)
            .newDecapsulator(ours.getPrivate())
            .decapsulate(fromBc.encapsulation())
            .getEncoded());
    KeyPair theirs = KeyPairGenerator.getInstance(set, bc).generateKeyPair();
    KEM.Encapsulated toBc =
        KEM.getInstance("ML-KEM", CARBIDE).newEncapsulator(theirs.getPublic()).encapsulate();
    assertArrayEquals(
        toBc.key().getEncoded(),
        KEM.getInstance("ML-KEM", bc)
            .newDecapsulator(theirs.getPrivate())
            .decapsulate(toBc.encapsulation())
            .getEncoded());
  }

  /** Each misuse gets the exception type the JDK's own ML-KEM throws, checked side by side. */
  @Test
  void misuseFailsAsOnTheJdk() throws Exception {
    List<Provider> providers = new ArrayList<>(List.of(CARBIDE));
    if (PqcTesting.jdkHas("KEM", "ML-KEM")) {
      providers.add(PqcTesting.jdkProvider("KEM", "ML-KEM"));
    }
    for (Provider provider : providers) {
      KeyPair pair = generate(provider, "ML-KEM-768");
      KEM kem = KEM.getInstance("ML-KEM", provider);
      KEM.Encapsulator encapsulator = kem.newEncapsulator(pair.getPublic());
      KEM.Decapsulator decapsulator = kem.newDecapsulator(pair.getPrivate());
      String where = provider.getName();
      // The JDK 25 leaves these checks to SecretKeySpec: the same types, whichever provider.
      assertThrows(
          ArrayIndexOutOfBoundsException.class, () -> encapsulator.encapsulate(-1, 32, "AES"));
      assertThrows(IllegalArgumentException.class, () -> encapsulator.encapsulate(0, 33, "AES"));
      assertThrows(
          ArrayIndexOutOfBoundsException.class, () -> encapsulator.encapsulate(9, 8, "AES"));
      assertEquals(0, encapsulator.encapsulate(8, 8, "AES").key().getEncoded().length, where);
      assertThrows(IllegalArgumentException.class, () -> encapsulator.encapsulate(0, 32, null));
      byte[] good = encapsulator.encapsulate().encapsulation();
      assertThrows(
          IllegalArgumentException.class, () -> decapsulator.decapsulate(good, 0, 33, "AES"));
      assertThrows(
          DecapsulateException.class, () -> decapsulator.decapsulate(new byte[5], 0, 33, "AES"));
      assertThrows(NullPointerException.class, () -> decapsulator.decapsulate(null), where);
      for (int length : new int[] {0, 1087, 1089}) {
        assertThrows(
            DecapsulateException.class, () -> decapsulator.decapsulate(new byte[length]), where);
      }
      assertThrows(
          InvalidAlgorithmParameterException.class,
          () -> kem.newEncapsulator(pair.getPublic(), new NamedParameterSpec("ML-KEM-768"), null),
          where);
      assertThrows(
          InvalidAlgorithmParameterException.class,
          () -> kem.newDecapsulator(pair.getPrivate(), new NamedParameterSpec("ML-KEM-768")),
          where);
      KeyPair ec = KeyPairGenerator.getInstance("EC").generateKeyPair();
      assertThrows(InvalidKeyException.class, () -> kem.newEncapsulator(ec.getPublic()), where);
      assertThrows(InvalidKeyException.class, () -> kem.newDecapsulator(ec.getPrivate()), where);
      assertThrows(
          InvalidKeyException.class,
          () -> KEM.getInstance("ML-KEM-512", CARBIDE).newEncapsulator(pair.getPublic()),
          where);
    }
  }

  /**
   * One key pair shared by 8 threads, each with its own Encapsulator and Decapsulator; and one
   * Decapsulator shared by all, whose overlapping calls may be refused but never corrupt anything.
   */
  @Test
  void sharedKeysAcrossThreads() throws Exception {
    KeyPair pair = generate(CARBIDE, "ML-KEM-768");
    KEM kem = KEM.getInstance("ML-KEM", CARBIDE);
    KEM.Decapsulator shared = kem.newDecapsulator(pair.getPrivate());
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        results.add(
            pool.submit(
                () -> {
                  KEM.Encapsulator encapsulator = kem.newEncapsulator(pair.getPublic());
                  KEM.Decapsulator decapsulator = kem.newDecapsulator(pair.getPrivate());
                  int checked = 0;
                  for (int i = 0; i < 50; i++) {
                    KEM.Encapsulated sent = encapsulator.encapsulate();
                    assertArrayEquals(
                        sent.key().getEncoded(),
                        decapsulator.decapsulate(sent.encapsulation()).getEncoded());
                    try {
                      assertArrayEquals(
                          sent.key().getEncoded(),
                          shared.decapsulate(sent.encapsulation()).getEncoded());
                    } catch (IllegalStateException busy) {
                      // Another thread was inside the shared engine: refused, not raced.
                    }
                    checked++;
                  }
                  return checked;
                }));
      }
      int total = 0;
      for (Future<Integer> result : results) {
        total += result.get();
      }
      assertEquals(400, total);
    } finally {
      pool.shutdownNow();
    }
  }
}
