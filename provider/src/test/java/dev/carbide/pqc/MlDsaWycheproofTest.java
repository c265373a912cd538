package dev.carbide.pqc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.PqcSignatureParameterSpec;
import dev.carbide.testing.TestVectors;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every Wycheproof mldsa_* file. Signing files: deterministic cases are signed and compared byte
 * for byte; a hedged case's signature (its rnd cannot be given) must verify; internal-interface
 * cases (mu only) are counted. Verification files: every case, keys from their X.509 encoding.
 */
class MlDsaWycheproofTest {
  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  private static String set(String file) {
    return "ML-DSA-" + file.substring(6, 8);
  }

  private static byte[] context(TestVectors.WycheproofCase c) {
    return c.test().has("ctx") ? c.bytes("ctx") : null;
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mldsa_44_sign_seed_test.json",
        "mldsa_65_sign_seed_test.json",
        "mldsa_87_sign_seed_test.json",
        "mldsa_44_sign_noseed_test.json",
        "mldsa_65_sign_noseed_test.json",
        "mldsa_87_sign_noseed_test.json"
      })
  void sign(String file) throws Exception {
    String set = set(file);
    boolean seeded = file.contains("_seed_");
    int signed = 0;
    Map<String, Integer> counted = new TreeMap<>();
    for (TestVectors.WycheproofCase c : TestVectors.wycheproof(file)) {
      byte[] form =
          seeded
              ? PqcTesting.seedForm(set, PqcTesting.hex(c.group().get("privateSeed").asText()))
              : PqcTesting.expandedForm(set, PqcTesting.hex(c.group().get("privateKey").asText()));
      if (c.flags().contains("IncorrectPrivateKeyLength")
          || c.flags().contains("InvalidPrivateKey")) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(
            InvalidKeySpecException.class,
            () -> PqcTesting.privateKey("ML-DSA", form),
            c.toString());
        continue;
      }
      if (c.flags().contains("InvalidContext")) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(
            IllegalArgumentException.class,
            () -> new PqcSignatureParameterSpec(c.bytes("ctx"), true));
        continue;
      }
      if (c.flags().contains("Internal")) {
        counted.merge("internal interface (mu)", 1, Integer::sum);
        continue;
      }
      assertEquals("valid", c.result(), c.toString());
      PrivateKey key = PqcTesting.privateKey("ML-DSA", form);
      PublicKey publicKey =
          PqcTesting.publicKey(
              "ML-DSA", PqcTesting.x509(set, PqcTesting.hex(c.group().get("publicKey").asText())));
      if (c.flags().contains("Randomized")) {
        counted.merge("hedged with a fixed rnd: signature verified only", 1, Integer::sum);
        assertTrue(MlDsaTesting.verify(set, publicKey, c.bytes("msg"), context(c), c.bytes("sig")));
        continue;
      }
      byte[] signature = MlDsaTesting.sign(set, key, c.bytes("msg"), context(c), true);
      assertArrayEquals(c.bytes("sig"), signature, c.toString());
      assertTrue(MlDsaTesting.verify(set, publicKey, c.bytes("msg"), context(c), signature));
      signed++;
    }
    System.err.printf("%s: %d signatures compared; otherwise: %s%n", file, signed, counted);
    assertTrue(signed > 0);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "mldsa_44_verify_test.json",
        "mldsa_65_verify_test.json",
        "mldsa_87_verify_test.json"
      })
  void verify(String file) throws Exception {
    String set = set(file);
    for (TestVectors.WycheproofCase c : TestVectors.wycheproof(file)) {
      byte[] der = PqcTesting.hex(c.group().get("publicKeyDer").asText());
      if (c.flags().contains("IncorrectPublicKeyLength")) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(
            InvalidKeySpecException.class, () -> PqcTesting.publicKey("ML-DSA", der), c.toString());
        continue;
      }
      if (c.flags().contains("InvalidContext")) {
        assertEquals("invalid", c.result(), c.toString());
        assertThrows(
            IllegalArgumentException.class,
            () -> new PqcSignatureParameterSpec(c.bytes("ctx"), false));
        continue;
      }
      PublicKey key = PqcTesting.publicKey("ML-DSA", der);
      boolean valid;
      try {
        valid = MlDsaTesting.verify(set, key, c.bytes("msg"), context(c), c.bytes("sig"));
      } catch (GeneralSecurityException e) {
        throw new AssertionError(c + ": verify must answer false, not throw", e);
      }
      if (c.result().equals("valid")) {
        assertTrue(valid, c.toString());
      } else {
        assertFalse(valid, c.toString());
      }
    }
  }
}
