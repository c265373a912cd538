package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.KmacParameterSpec;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Wycheproof's AES-CMAC and KMAC files. CMAC tags shorter than 128 bits are the truncated tag;
 * KMAC's output length enters the computation, so a KMAC group's tagSize is passed in a {@link
 * KmacParameterSpec} (with the files' empty customisation string). A key of a size AES does not
 * have must be refused with InvalidKeyException.
 */
class EvpMacWycheproofTest {
  private record File(String name, String algorithm) {}

  private static final List<File> FILES =
      List.of(
          new File("aes_cmac_test.json", "AESCMAC"),
          new File("kmac128_no_customization_test.json", "KMAC128"),
          new File("kmac256_no_customization_test.json", "KMAC256"));

  @TestFactory
  Stream<DynamicTest> everyFile() {
    return FILES.stream().map(file -> DynamicTest.dynamicTest(file.name, () -> run(file)));
  }

  private static void run(File file) throws Exception {
    Mac mac = Mac.getInstance(file.algorithm, Carbide.provider());
    List<WycheproofCase> cases = TestVectors.wycheproof(file.name);
    assertEquals(
        TestVectors.json("wycheproof/" + file.name).get("numberOfTests").asInt(), cases.size());
    List<String> failures = new ArrayList<>();
    int valid = 0;
    int invalid = 0;
    for (WycheproofCase test : cases) {
      byte[] key = test.bytes("key");
      int tagBits = test.group().get("tagSize").asInt();
      byte[] expected = test.bytes("tag");
      boolean kmac = file.algorithm.startsWith("KMAC");
      AlgorithmParameterSpec params = kmac ? new KmacParameterSpec(tagBits) : null;
      if (test.flags().contains("InvalidKeySize")) {
        invalid++;
        assertThrows(
            InvalidKeyException.class,
            // SecretKeySpec refuses an empty key, so the empty one comes another way.
            () -> mac.init(Hmacs.key("AES", "RAW", key), params),
            test::toString);
        continue;
      }
      mac.init(new SecretKeySpec(key, file.algorithm), params);
      byte[] computed = Arrays.copyOf(mac.doFinal(test.bytes("msg")), tagBits / 8);
      boolean matches = MessageDigest.isEqual(computed, expected);
      if (test.result().equals("valid")) {
        valid++;
        if (!matches) {
          failures.add(test + ": tag does not match");
        }
      } else {
        invalid++;
        if (matches) {
          failures.add(test + ": an invalid tag matches");
        }
      }
    }
    assertTrue(failures.isEmpty(), () -> String.join("\n", failures));
    assertTrue(valid > 0 && invalid > 0, file.name + " has both valid and invalid cases");
  }
}
