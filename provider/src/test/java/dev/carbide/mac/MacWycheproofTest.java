package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.io.IOException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Wycheproof HMAC file. A group's tagSize (bits) may be shorter than the HMAC: the tag is
 * then the truncated HMAC, so the comparison is over the first tagSize / 8 bytes. A valid case must
 * match and an invalid one must not.
 */
class MacWycheproofTest {
  @TestFactory
  Stream<DynamicTest> everyHmacFile() throws IOException {
    List<String> files = TestVectors.wycheproofFiles("hmac_.*_test\\.json");
    assertEquals(11, files.size(), "hmac files in " + TestVectors.dir());
    return files.stream().map(name -> DynamicTest.dynamicTest(name, () -> runFile(name)));
  }

  private static void runFile(String fileName) throws Exception {
    JsonNode root = TestVectors.json("wycheproof/" + fileName);
    // "HMACSHA3-256" in the file is "HmacSHA3-256" in the JCA.
    String algorithm = "Hmac" + root.get("algorithm").asText().substring("HMAC".length());
    Mac mac = Hmacs.carbide(algorithm);
    List<WycheproofCase> cases = TestVectors.wycheproof(fileName);
    assertEquals(root.get("numberOfTests").asInt(), cases.size());
    List<String> failures = new ArrayList<>();
    int valid = 0;
    int invalid = 0;
    for (WycheproofCase test : cases) {
      byte[] key = test.bytes("key");
      assertEquals(test.group().get("keySize").asInt(), key.length * 8, test::toString);
      int tagBytes = test.group().get("tagSize").asInt() / 8;
      byte[] expected = test.bytes("tag");
      mac.init(new SecretKeySpec(key, algorithm));
      byte[] computed = Arrays.copyOf(mac.doFinal(test.bytes("msg")), tagBytes);
      boolean matches = MessageDigest.isEqual(computed, expected);
      switch (test.result()) {
        case "valid" -> {
          valid++;
          if (!matches) {
            failures.add(test + ": tag does not match");
          }
        }
        case "invalid" -> {
          invalid++;
          if (matches) {
            failures.add(test + ": an invalid tag matches");
          }
        }
        default -> failures.add(test + ": unexpected result " + test.result());
      }
    }
    assertTrue(failures.isEmpty(), () -> String.join("\n", failures));
    assertTrue(valid > 0 && invalid > 0, fileName + " has both valid and invalid cases");
  }
}
