package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideKem;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ML-KEM keys and the Java 17 API ({@link CarbideKem}): generation, every PKCS#8 form, the JDK 25's
 * encodings byte for byte, misuse (wrong set, wrong length, truncated encodings, other families'
 * keys) and one key pair shared by 8 threads.
 */
class MlKemKeysTest {
  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
  void roundTripAndEncodings(String set) throws Exception {
    PqcAlgorithm params = PqcAlgorithm.byName(set);
    KeyPair pair = PqcTesting.generate(set);
    assertEquals("ML-KEM", pair.getPublic().getAlgorithm());
    assertEquals("X.509", pair.getPublic().getFormat());
    assertEquals("PKCS#8", pair.getPrivate().getFormat());
    byte[] publicRaw =
        Arrays.copyOfRange(
            pair.getPublic().getEncoded(),
            pair.getPublic().getEncoded().length - params.publicKeySize,
            pair.getPublic().getEncoded().length);
    assertArrayEquals(PqcTesting.x509(set, publicRaw), pair.getPublic().getEncoded());
    byte[] expanded = PqcTesting.expandedOf(pair.getPrivate().getEncoded(), params.privateKeySize);
    assertArrayEquals(PqcTesting.expandedForm(set, expanded), pair.getPrivate().getEncoded());

    CarbideKem kem = CarbideKem.of(set);
    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
    assertEquals(params.outputSize, sent.ciphertext().length);
    assertEquals(32, sent.secret().length);
    assertArrayEquals(sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
    assertFalse(
        Arrays.equals(sent.secret(), kem.encapsulate(pair.getPublic()).secret()), "fresh secrets");
  }

  @Test
  void familyGeneratorDefaultsTo768AndTakesNamedSpecs() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("ML-KEM", CARBIDE);
    assertEquals(1206, generator.generateKeyPair().getPublic().getEncoded().length);
    generator.initialize(new NamedParameterSpec("ML-KEM-1024"));
    assertEquals(1590, generator.generateKeyPair().getPublic().getEncoded().length);
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> generator.initialize(new NamedParameterSpec("ML-DSA-65")));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> generator.initialize(new ECGenParameterSpec("secp256r1")));
    assertThrows(InvalidParameterException.class, () -> generator.initialize(768));
    KeyPairGenerator fixed = KeyPairGenerator.getInstance("ML-KEM-512", CARBIDE);
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> fixed.initialize(new NamedParameterSpec("ML-KEM-768")));
  }

  /** Seed, expanded and both forms import to the same key, which writes the JDK's form. */
  @Test
  void readsEveryPrivateKeyForm() throws Exception {
    byte[] seed = new byte[64];
    new java.util.Random(1).nextBytes(seed);
    PrivateKey fromSeed = PqcTesting.privateKey("ML-KEM", PqcTesting.seedForm("ML-KEM-768", seed));
    byte[] expanded = PqcTesting.expandedOf(fromSeed.getEncoded(), 2400);
    PrivateKey fromExpanded =
        PqcTesting.privateKey("ML-KEM", PqcTesting.expandedForm("ML-KEM-768", expanded));
    PrivateKey fromBoth =
        PqcTesting.privateKey("ML-KEM", PqcTesting.bothForm("ML-KEM-768", seed, expanded));
    assertArrayEquals(fromSeed.getEncoded(), fromExpanded.getEncoded());
    assertArrayEquals(fromSeed.getEncoded(), fromBoth.getEncoded());
    assertEquals(fromSeed, fromBoth);

    // "both" with a seed that does not give the expanded key is inconsistent: refused.
    byte[] otherSeed = seed.clone();
    otherSeed[0] ^= 1;
    assertThrows(
        InvalidKeySpecException.class,
        () ->
            PqcTesting.privateKey(
                "ML-KEM", PqcTesting.bothForm("ML-KEM-768", otherSeed, expanded)));
  }

  @Test
  void refusesBadEncodings() throws Exception {
    KeyPair pair = PqcTesting.generate("ML-KEM-768");
    KeyFactory factory = KeyFactory.getInstance("ML-KEM", CARBIDE);
    byte[] x509 = pair.getPublic().getEncoded();
    byte[] pkcs8 = pair.getPrivate().getEncoded();
    for (int cut : new int[] {1, 10, x509.length / 2, x509.length - 1}) {
      assertThrows(
          InvalidKeySpecException.class,
          () -> factory.generatePublic(new X509EncodedKeySpec(Arrays.copyOf(x509, cut))));
    }
    for (int cut : new int[] {1, 10, pkcs8.length / 2, pkcs8.length - 1}) {
      assertThrows(
          InvalidKeySpecException.class,
          () -> factory.generatePrivate(new PKCS8EncodedKeySpec(Arrays.copyOf(pkcs8, cut))));
    }
    assertThrows(
        InvalidKeySpecException.class,
        () -> factory.generatePublic(new PKCS8EncodedKeySpec(pkcs8)));
    // A key of another family, and of another ML-KEM set for a per-set factory.
    byte[] ed =
        KeyPairGenerator.getInstance("Ed25519", CARBIDE).generateKeyPair().getPublic().getEncoded();
    assertThrows(
        InvalidKeySpecException.class, () -> factory.generatePublic(new X509EncodedKeySpec(ed)));
    KeyFactory only512 = KeyFactory.getInstance("ML-KEM-512", CARBIDE);
    assertThrows(
        InvalidKeySpecException.class, () -> only512.generatePublic(new X509EncodedKeySpec(x509)));
    assertThrows(
        InvalidKeySpecException.class,
        () -> only512.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)));
  }

  @Test
  void refusesMisuse() throws Exception {
    KeyPair pair = PqcTesting.generate("ML-KEM-768");
    CarbideKem only512 = CarbideKem.of("ML-KEM-512");
    assertThrows(InvalidKeyException.class, () -> only512.encapsulate(pair.getPublic()));
    assertThrows(
        InvalidKeyException.class, () -> only512.decapsulate(pair.getPrivate(), new byte[768]));
    CarbideKem kem = CarbideKem.of("ML-KEM");
    KeyPair ec = KeyPairGenerator.getInstance("EC", CARBIDE).generateKeyPair();
    assertThrows(InvalidKeyException.class, () -> kem.encapsulate(ec.getPublic()));
    assertThrows(InvalidKeyException.class, () -> kem.decapsulate(ec.getPrivate(), new byte[1088]));
    for (int length : new int[] {0, 1, 1087, 1089, 1568}) {
      assertThrows(
          IllegalArgumentException.class,
          () -> kem.decapsulate(pair.getPrivate(), new byte[length]));
    }
    assertThrows(NullPointerException.class, () -> kem.decapsulate(pair.getPrivate(), null));
    assertThrows(NoSuchAlgorithmException.class, () -> CarbideKem.of("ML-DSA-65"));
    assertThrows(NoSuchAlgorithmException.class, () -> CarbideKem.of("Kyber"));
  }

  /** FIPS 203's implicit rejection: a tampered ciphertext gives a different secret, no error. */
  @Test
  void tamperedCiphertextGivesAnotherSecretSilently() throws Exception {
    KeyPair pair = PqcTesting.generate("ML-KEM-768");
    CarbideKem kem = CarbideKem.of("ML-KEM");
    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
    byte[] tampered = sent.ciphertext().clone();
    tampered[17] ^= 4;
    byte[] rejected = kem.decapsulate(pair.getPrivate(), tampered);
    assertEquals(32, rejected.length);
    assertFalse(Arrays.equals(sent.secret(), rejected));
    assertArrayEquals(rejected, kem.decapsulate(pair.getPrivate(), tampered), "deterministic");
  }

  @Test
  void destroyedKeyIsRefusedButContextsSurvive() throws Exception {
    KeyPair pair = PqcTesting.generate("ML-KEM-512");
    CarbideKem kem = CarbideKem.of("ML-KEM");
    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
    ((javax.security.auth.Destroyable) pair.getPrivate()).destroy();
    assertTrue(((javax.security.auth.Destroyable) pair.getPrivate()).isDestroyed());
    assertThrows(
        InvalidKeyException.class, () -> kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
  }

  /**
   * A KeyPairGenerator shared by 8 threads (against the JCA contract) refuses overlapping calls
   * with IllegalStateException and otherwise makes sound keys; it never races inside OpenSSL.
   */
  @Test
  void sharedGeneratorRefusesOverlapsInsteadOfRacing() throws Exception {
    KeyPairGenerator shared = KeyPairGenerator.getInstance("ML-KEM-512", CARBIDE);
    CarbideKem kem = CarbideKem.of("ML-KEM-512");
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        results.add(
            pool.submit(
                () -> {
                  int made = 0;
                  for (int i = 0; i < 40; i++) {
                    KeyPair pair;
                    try {
                      pair = shared.generateKeyPair();
                    } catch (IllegalStateException busy) {
                      continue;
                    }
                    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
                    assertArrayEquals(
                        sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
                    made++;
                  }
                  return made;
                }));
      }
      int made = 0;
      for (Future<Integer> result : results) {
        made += result.get();
      }
      assertTrue(made > 0);
    } finally {
      pool.shutdownNow();
    }
  }

  /** One key pair shared by 8 threads, every result checked. */
  @Test
  void sharedKeysAcrossThreads() throws Exception {
    KeyPair pair = PqcTesting.generate("ML-KEM-768");
    CarbideKem kem = CarbideKem.of("ML-KEM");
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        results.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 50; i++) {
                    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
                    assertArrayEquals(
                        sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
                  }
                  return 50;
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
