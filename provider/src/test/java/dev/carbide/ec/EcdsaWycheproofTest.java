package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.io.IOException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Wycheproof ecdsa_* file of a served curve (the NIST curves, secp256k1 and brainpool), DER
 * and P1363. A valid signature must verify; an invalid one must be refused (false, or
 * SignatureException for a malformed DER encoding, as SunEC throws); an acceptable one may go
 * either way.
 */
class EcdsaWycheproofTest {
  @TestFactory
  Stream<DynamicTest> everyEcdsaFile() throws IOException {
    List<String> files =
        TestVectors.wycheproofFiles(
            "ecdsa_(secp(224|256|384|521)r1|secp256k1|brainpoolP(256|384|512)r1)_sha.*_test\\.json");
    assertTrue(files.size() >= 40, "ecdsa files: " + files);
    return files.stream().map(name -> DynamicTest.dynamicTest(name, () -> runFile(name)));
  }

  private static void runFile(String file) throws Exception {
    // FIPS mode leaves out the curves its module lacks (EcCurve.served).
    Assumptions.assumeFalse(
        FipsSkips.FIPS_PASS && (file.contains("secp256k1") || file.contains("brainpool")),
        "not in the FIPS module: " + file);
    boolean p1363 = file.contains("p1363");
    KeyFactory factory = KeyFactory.getInstance("EC", Carbide.provider());
    List<String> failures = new ArrayList<>();
    int verified = 0;
    for (WycheproofCase test : TestVectors.wycheproof(file)) {
      String digest = test.group().get("sha").asText().replace("SHA-", "SHA");
      String algorithm = digest + "withECDSA" + (p1363 ? "inP1363Format" : "");
      Signature signature = Signature.getInstance(algorithm, Carbide.provider());
      PublicKey key =
          factory.generatePublic(
              new X509EncodedKeySpec(TestVectors.hex(test.group().get("publicKeyDer").asText())));
      signature.initVerify(key);
      signature.update(test.bytes("msg"));
      boolean accepted;
      try {
        accepted = signature.verify(test.bytes("sig"));
      } catch (SignatureException e) {
        accepted = false;
      }
      verified += accepted ? 1 : 0;
      if (accepted && test.result().equals("invalid")
          || !accepted && test.result().equals("valid")) {
        failures.add(test + ": " + (accepted ? "accepted" : "refused"));
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(verified > 0);
  }
}
