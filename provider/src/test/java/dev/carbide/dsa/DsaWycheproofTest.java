package dev.carbide.dsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
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
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Wycheproof dsa_* file, DER and P1363: a valid signature must verify, an invalid one must be
 * refused (false, or SignatureException as SUN throws for a malformed or out-of-range one), an
 * acceptable one may go either way. Verification only: FIPS mode keeps it.
 */
class DsaWycheproofTest {
  @TestFactory
  Stream<DynamicTest> everyDsaFile() throws IOException {
    List<String> files = TestVectors.wycheproofFiles("dsa_.*_test\\.json");
    assertEquals(8, files.size(), "dsa files: " + files);
    return files.stream().map(name -> DynamicTest.dynamicTest(name, () -> runFile(name)));
  }

  private static void runFile(String file) throws Exception {
    boolean p1363 = file.contains("p1363");
    KeyFactory factory = KeyFactory.getInstance("DSA", Carbide.provider());
    List<String> failures = new ArrayList<>();
    int verified = 0;
    for (WycheproofCase test : TestVectors.wycheproof(file)) {
      String digest = test.group().get("sha").asText().replace("SHA-", "SHA");
      Signature signature =
          Signature.getInstance(
              digest + "withDSA" + (p1363 ? "inP1363Format" : ""), Carbide.provider());
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
