package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.cli.HybridAnswers;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.PublicKey;
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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The hybrid KEMs through javax.crypto.KEM (Java 21 and later): sizes, slices, the draft's layout,
 * the JDK's contract for specs and lengths, an invalid classical share refused with
 * DecapsulateException, and shared keys across 8 threads.
 */
class HybridKemApiTest {
  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  @ParameterizedTest
  @CsvSource({
    "X25519MLKEM768, 1120, 64",
    "SecP256r1MLKEM768, 1153, 64",
    "SecP384r1MLKEM1024, 1665, 80"
  })
  void roundTripsAndSlices(String set, int ciphertext, int secret) throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair();
    KEM kem = KEM.getInstance(set, CARBIDE);
    KEM.Encapsulator encapsulator = kem.newEncapsulator(pair.getPublic());
    KEM.Decapsulator decapsulator = kem.newDecapsulator(pair.getPrivate());
    assertEquals(secret, encapsulator.secretSize());
    assertEquals(ciphertext, encapsulator.encapsulationSize());
    assertEquals(ciphertext, decapsulator.encapsulationSize());
    KEM.Encapsulated sent = encapsulator.encapsulate();
    assertEquals(ciphertext, sent.encapsulation().length);
    SecretKey received = decapsulator.decapsulate(sent.encapsulation());
    assertEquals("Generic", received.getAlgorithm());
    assertArrayEquals(sent.key().getEncoded(), received.getEncoded());
    KEM.Encapsulated slice = encapsulator.encapsulate(16, 48, "AES");
    assertEquals("AES", slice.key().getAlgorithm());
    assertArrayEquals(
        slice.key().getEncoded(),
        decapsulator.decapsulate(slice.encapsulation(), 16, 48, "AES").getEncoded());
    assertArrayEquals(
        Arrays.copyOfRange(decapsulator.decapsulate(slice.encapsulation()).getEncoded(), 16, 48),
        slice.key().getEncoded());
  }

  /** The self-test's structure check, with the hybrid encapsulation through javax.crypto.KEM. */
  @ParameterizedTest
  @ValueSource(strings = {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void secretIsTheComponentsInTheDraftsOrder(String set) throws Exception {
    byte[][] secrets = HybridAnswers.componentSecrets(CARBIDE, set, HybridKemApiTest::encapsulate);
    assertArrayEquals(secrets[0], secrets[1]);
  }

  private static byte[][] encapsulate(Provider provider, String set, PublicKey key)
      throws Exception {
    KEM.Encapsulated sent = KEM.getInstance(set, provider).newEncapsulator(key).encapsulate();
    return new byte[][] {sent.encapsulation(), sent.key().getEncoded()};
  }

  @Test
  void contractAsTheJdks() throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance("X25519MLKEM768", CARBIDE).generateKeyPair();
    KEM kem = KEM.getInstance("X25519MLKEM768", CARBIDE);
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> kem.newEncapsulator(pair.getPublic(), NamedParameterSpec.X25519, null));
    assertThrows(InvalidKeyException.class, () -> kem.newEncapsulator(null));
    assertThrows(InvalidKeyException.class, () -> kem.newDecapsulator(null));
    KeyPair mlKem = PqcTesting.generate("ML-KEM-768");
    assertThrows(InvalidKeyException.class, () -> kem.newEncapsulator(mlKem.getPublic()));
    assertThrows(
        InvalidKeyException.class,
        () -> KEM.getInstance("ML-KEM", CARBIDE).newEncapsulator(pair.getPublic()));
    KEM.Decapsulator decapsulator = kem.newDecapsulator(pair.getPrivate());
    DecapsulateException e =
        assertThrows(DecapsulateException.class, () -> decapsulator.decapsulate(new byte[1119]));
    assertEquals("Invalid key encapsulation message length", e.getMessage());
    KEM.Encapsulated sent = kem.newEncapsulator(pair.getPublic()).encapsulate();
    assertThrows(
        IllegalArgumentException.class,
        () -> decapsulator.decapsulate(sent.encapsulation(), 0, 65, "AES"));
  }

  /** ML-KEM's part rejects implicitly; an invalid curve point is a DecapsulateException. */
  @ParameterizedTest
  @CsvSource({"SecP256r1MLKEM768, 65", "SecP384r1MLKEM1024, 97"})
  void invalidPointIsRefusedAndMlKemPartRejectedImplicitly(String set, int mlKemStart)
      throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair();
    KEM kem = KEM.getInstance(set, CARBIDE);
    KEM.Encapsulated sent = kem.newEncapsulator(pair.getPublic()).encapsulate();
    KEM.Decapsulator decapsulator = kem.newDecapsulator(pair.getPrivate());
    byte[] tampered = sent.encapsulation().clone();
    tampered[mlKemStart + 100] ^= 0x40;
    assertFalse(
        Arrays.equals(sent.key().getEncoded(), decapsulator.decapsulate(tampered).getEncoded()));
    byte[] notAPoint = sent.encapsulation().clone();
    notAPoint[mlKemStart - 1] ^= 1; // the last byte of y: off the curve
    DecapsulateException e =
        assertThrows(DecapsulateException.class, () -> decapsulator.decapsulate(notAPoint));
    assertTrue(e.getMessage().contains("classical share is invalid"), e.getMessage());
    // The decapsulator is still usable afterwards.
    assertArrayEquals(
        sent.key().getEncoded(), decapsulator.decapsulate(sent.encapsulation()).getEncoded());
  }

  @ParameterizedTest
  @ValueSource(strings = {"X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024"})
  void eightThreadsShareOneKeyPair(String set) throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        results.add(
            pool.submit(
                () -> {
                  KEM kem = KEM.getInstance(set, CARBIDE);
                  KEM.Encapsulator encapsulator = kem.newEncapsulator(pair.getPublic());
                  KEM.Decapsulator decapsulator = kem.newDecapsulator(pair.getPrivate());
                  for (int i = 0; i < 20; i++) {
                    KEM.Encapsulated sent = encapsulator.encapsulate();
                    assertArrayEquals(
                        sent.key().getEncoded(),
                        decapsulator.decapsulate(sent.encapsulation()).getEncoded());
                  }
                  return null;
                }));
      }
      for (Future<?> result : results) {
        result.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
