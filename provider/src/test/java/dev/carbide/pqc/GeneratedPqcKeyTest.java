package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideKem;
import dev.carbide.internal.NativeMemory;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A generated public key keeps its raw bytes and is imported into OpenSSL only when an operation
 * needs it: encoding, comparing and hashing it must not import it (the import costs about half a
 * key generation and the key's kilobytes of native memory), and it must still equal the same key
 * read back, work in the KEM, and give the same answers to threads that ask at once.
 */
class GeneratedPqcKeyTest {
  private static final int KEYS = 40;

  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-768", "ML-DSA-44"})
  void encodingComparingAndHashingImportNothing(String set) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(set, CARBIDE);
    List<KeyPair> pairs = new ArrayList<>();
    for (int i = 0; i < KEYS; i++) {
      pairs.add(generator.generateKeyPair());
    }
    long before = NativeMemory.reserved();
    PublicKey first = pairs.get(0).getPublic();
    for (KeyPair pair : pairs) {
      PublicKey key = pair.getPublic();
      assertEquals(key == first, key.equals(first));
      assertEquals(key == first, first.equals(key));
      assertEquals(Arrays.hashCode(key.getEncoded()), key.hashCode());
    }
    long grown = NativeMemory.reserved() - before;
    // Each import would account the set's whole native footprint (8.4 KB for ML-KEM-768).
    long perImport = PqcAlgorithm.byName(set).footprint().bytes();
    assertTrue(
        grown < perImport * KEYS / 4,
        "comparing " + KEYS + " generated keys grew native memory by " + grown + " bytes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
  void generatedKeyEqualsItsImportAndStillEncapsulates(String set) throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair();
    PublicKey imported =
        KeyFactory.getInstance("ML-KEM", CARBIDE)
            .generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded()));
    assertEquals(imported, pair.getPublic());
    assertEquals(pair.getPublic(), imported);
    assertEquals(imported.hashCode(), pair.getPublic().hashCode());
    CarbideKem kem = CarbideKem.of("ML-KEM");
    CarbideKem.Encapsulated sent = kem.encapsulate(pair.getPublic());
    assertArrayEquals(sent.secret(), kem.decapsulate(pair.getPrivate(), sent.ciphertext()));
    assertEquals(imported, pair.getPublic(), "still equal once imported for the operation");
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-768"})
  void threadsAskingAtOnceGetOneEncoding(String set) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (int round = 0; round < 20; round++) {
        PublicKey key = KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair().getPublic();
        List<Future<byte[]>> answers = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          answers.add(
              pool.submit(
                  () -> {
                    int hash = key.hashCode();
                    byte[] encoded = key.getEncoded();
                    assertEquals(Arrays.hashCode(encoded), hash);
                    return encoded;
                  }));
        }
        byte[] first = answers.get(0).get();
        for (Future<byte[]> answer : answers) {
          assertArrayEquals(first, answer.get());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
