package dev.carbide.pqc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideKem;
import dev.carbide.testing.TestVectors;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every Wycheproof mlkem_* file. Keys enter the way an application's keys do, as PKCS#8 (seed or
 * expanded form) and X.509; a key or ciphertext of the wrong length must be refused. The encaps
 * files fix the randomness m: their valid cases cannot be reproduced through any API and are
 * counted, while their invalid keys (coefficients past the modulus) must be refused at import.
 */
class MlKemWycheproofTest {
  private static CarbideKem kem;

  @BeforeAll
  static void available() throws Exception {
    PqcTesting.assumePostQuantum();
    kem = CarbideKem.of("ML-KEM");
  }

  private static String set(TestVectors.WycheproofCase c) {
    return c.group().get("parameterSet").asText();
  }

  /** The seed files: the seed's private key decapsulates c to K; bad lengths are refused. */
  @ParameterizedTest
  @ValueSource(strings = {"mlkem_512_test.json", "mlkem_768_test.json", "mlkem_1024_test.json"})
  void decapsulateWithSeedKeys(String file) throws Exception {
    for (TestVectors.WycheproofCase c : TestVectors.wycheproof(file)) {
      byte[] form = PqcTesting.seedForm(set(c), c.bytes("seed"));
      if (c.bytes("seed").length != 64) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(
            InvalidKeySpecException.class,
            () -> PqcTesting.privateKey("ML-KEM", form),
            c.toString());
        continue;
      }
      PrivateKey key = PqcTesting.privateKey("ML-KEM", form);
      if (c.test().has("ek") && !c.test().get("ek").asText().isEmpty()) {
        PublicKey ek = PqcTesting.publicKey("ML-KEM", PqcTesting.x509(set(c), c.bytes("ek")));
        assertArrayEquals(
            ek.getEncoded(), PqcTesting.x509(set(c), c.bytes("ek")), "the seed's ek " + c);
      }
      byte[] ciphertext = c.bytes("c");
      if (ciphertext.length != PqcAlgorithm.byName(set(c)).outputSize) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(IllegalArgumentException.class, () -> kem.decapsulate(key, ciphertext));
        continue;
      }
      assertEquals("valid", c.result(), c.toString());
      assertArrayEquals(c.bytes("K"), kem.decapsulate(key, ciphertext), c.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mlkem_512_keygen_seed_test.json",
        "mlkem_768_keygen_seed_test.json",
        "mlkem_1024_keygen_seed_test.json"
      })
  void keyGenFromSeed(String file) throws Exception {
    for (TestVectors.WycheproofCase c : TestVectors.wycheproof(file)) {
      assertEquals("valid", c.result());
      PrivateKey key =
          PqcTesting.privateKey("ML-KEM", PqcTesting.seedForm(set(c), c.bytes("seed")));
      byte[] dk = c.bytes("dk");
      assertArrayEquals(dk, PqcTesting.expandedOf(key.getEncoded(), dk.length), c.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mlkem_512_semi_expanded_decaps_test.json",
        "mlkem_768_semi_expanded_decaps_test.json",
        "mlkem_1024_semi_expanded_decaps_test.json"
      })
  void decapsulateWithExpandedKeys(String file) throws Exception {
    for (TestVectors.WycheproofCase c : TestVectors.wycheproof(file)) {
      byte[] form = PqcTesting.expandedForm(set(c), c.bytes("dk"));
      if (c.flags().contains("IncorrectDecapsulationKeyLength")
          || c.flags().contains("InvalidDecapsulationKey")) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(
            InvalidKeySpecException.class,
            () -> PqcTesting.privateKey("ML-KEM", form),
            c.toString());
        continue;
      }
      PrivateKey key = PqcTesting.privateKey("ML-KEM", form);
      if (c.flags().contains("IncorrectCiphertextLength")) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(IllegalArgumentException.class, () -> kem.decapsulate(key, c.bytes("c")));
        continue;
      }
      assertEquals("valid", c.result(), c.toString());
      assertArrayEquals(c.bytes("K"), kem.decapsulate(key, c.bytes("c")), c.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mlkem_512_encaps_test.json",
        "mlkem_768_encaps_test.json",
        "mlkem_1024_encaps_test.json"
      })
  void encapsulationKeys(String file) throws Exception {
    int fixedRandomness = 0;
    int refused = 0;
    for (TestVectors.WycheproofCase c : TestVectors.wycheproof(file)) {
      byte[] form = PqcTesting.x509(set(c), c.bytes("ek"));
      if (c.result().equals("invalid")) {
        assertThrows(
            InvalidKeySpecException.class,
            () -> PqcTesting.publicKey("ML-KEM", form),
            c.toString());
        refused++;
        continue;
      }
      // A valid key takes an encapsulation; its m-fixed output is not reproducible here.
      PublicKey key = PqcTesting.publicKey("ML-KEM", form);
      assertEquals(
          PqcAlgorithm.byName(set(c)).outputSize, kem.encapsulate(key).ciphertext().length);
      fixedRandomness++;
    }
    System.err.printf(
        "%s: %d invalid keys refused; %d valid cases fix m (internal interface): key import and"
            + " encapsulation checked, not their output%n",
        file, refused, fixedRandomness);
    assertTrue(refused > 0);
  }
}
