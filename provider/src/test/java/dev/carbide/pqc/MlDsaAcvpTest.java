package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.acvp;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.carbide.testing.TestVectors;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NIST ACVP for ML-DSA (FIPS 204) through the public API. Key generation: the seed in the PKCS#8
 * seed form must expand to NIST's sk (and pk must import). Signature generation: every
 * deterministic case of the external interface with pure signing (the API's deterministic option
 * and context), compared byte for byte. Verification: every external pure case. What the API cannot
 * express is counted by kind and printed: hedged cases fix the randomness rnd; the internal
 * interface takes mu or an unprefixed message; preHash is HashML-DSA, which Carbide does not offer.
 */
class MlDsaAcvpTest {
  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  private static int expandedSize(String set) {
    return PqcAlgorithm.byName(set).privateKeySize;
  }

  @Test
  void keyGenFromSeed() throws Exception {
    int checked = 0;
    for (PqcTesting.AcvpCase c : acvp("ML-DSA-keyGen-FIPS204")) {
      String set = c.groupText("parameterSet");
      PrivateKey key = PqcTesting.privateKey("ML-DSA", PqcTesting.seedForm(set, c.bytes("seed")));
      assertArrayEquals(
          c.bytes("sk"), PqcTesting.expandedOf(key.getEncoded(), expandedSize(set)), c.toString());
      PublicKey pk = PqcTesting.publicKey("ML-DSA", PqcTesting.x509(set, c.bytes("pk")));
      assertArrayEquals(PqcTesting.x509(set, c.bytes("pk")), pk.getEncoded());
      checked++;
    }
    assertEquals(75, checked);
  }

  /** Why a case cannot go through the API, or null if it can. */
  private static String inexpressible(JsonNode group) {
    if (group.path("signatureInterface").asText().equals("internal")) {
      return group.path("externalMu").asBoolean() ? "internal interface, mu" : "internal interface";
    }
    if (group.path("preHash").asText().equals("preHash")) {
      return "HashML-DSA (preHash)";
    }
    if (group.has("deterministic") && !group.get("deterministic").asBoolean()) {
      return "hedged: fixed rnd";
    }
    return null;
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-DSA-sigGen-FIPS204", "ML-DSA-sigGen-FIPS204-tr1"})
  void sigGen(String folder) throws Exception {
    JsonNode prompt = TestVectors.json("acvp/" + folder + "/prompt.json");
    JsonNode expected = TestVectors.json("acvp/" + folder + "/expectedResults.json");
    Map<Integer, String> signatures = new HashMap<>();
    for (JsonNode group : expected.get("testGroups")) {
      for (JsonNode test : group.get("tests")) {
        signatures.put(test.get("tcId").asInt(), test.get("signature").asText());
      }
    }
    int signed = 0;
    Map<String, Integer> counted = new TreeMap<>();
    for (JsonNode group : prompt.get("testGroups")) {
      String set = group.get("parameterSet").asText();
      String reason = inexpressible(group);
      for (JsonNode test : group.get("tests")) {
        if (reason != null) {
          counted.merge(reason, 1, Integer::sum);
          continue;
        }
        PrivateKey key =
            PqcTesting.privateKey(
                "ML-DSA",
                test.has("seed")
                    ? PqcTesting.seedForm(set, PqcTesting.hex(test.get("seed").asText()))
                    : PqcTesting.expandedForm(set, PqcTesting.hex(test.get("sk").asText())));
        byte[] signature =
            MlDsaTesting.sign(
                set,
                key,
                PqcTesting.hex(test.get("message").asText()),
                PqcTesting.hex(test.path("context").asText()),
                true);
        assertArrayEquals(
            PqcTesting.hex(signatures.get(test.get("tcId").asInt())),
            signature,
            folder + " tc" + test.get("tcId"));
        signed++;
      }
    }
    System.err.printf("%s: %d signatures compared; not expressible: %s%n", folder, signed, counted);
    assertTrue(signed >= 45);
  }

  @Test
  void sigVer() throws Exception {
    int verified = 0;
    Map<String, Integer> counted = new TreeMap<>();
    for (PqcTesting.AcvpCase c : acvp("ML-DSA-sigVer-FIPS204")) {
      String reason = inexpressible(c.group());
      if (reason != null) {
        counted.merge(reason, 1, Integer::sum);
        continue;
      }
      String set = c.groupText("parameterSet");
      PublicKey key = PqcTesting.publicKey("ML-DSA", PqcTesting.x509(set, c.bytes("pk")));
      boolean valid =
          MlDsaTesting.verify(
              set, key, c.bytes("message"), c.bytes("context"), c.bytes("signature"));
      assertEquals(c.test().get("testPassed").asBoolean(), valid, c.toString());
      verified++;
    }
    System.err.printf(
        "ML-DSA-sigVer-FIPS204: %d verifications; not expressible: %s%n", verified, counted);
    assertEquals(45, verified);
  }
}
