package dev.carbide.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The project's own copy of the vectors is complete and unmodified, so no ../shared is needed. */
class TestVectorsTest {
  private static final Path PROJECT_COPY = Path.of("src/test/resources/testvectors");

  @Test
  void readsTheProjectCopyUnlessTold() throws IOException {
    String configured = System.getProperty("carbide.testvectors", "");
    if (configured.isBlank() && System.getenv().getOrDefault("CARBIDE_TESTVECTORS", "").isBlank()) {
      // The test class path's copy of src/test/resources/testvectors, not ../shared.
      Path dir = TestVectors.dir();
      assertEquals(
          Files.readString(PROJECT_COPY.resolve("SOURCE.md")),
          Files.readString(dir.resolve("SOURCE.md")),
          dir.toString());
    }
  }

  /** Each ACVP file, decompressed, has the SHA-256 that upstream's file has. */
  @Test
  void acvpFilesMatchTheirUpstreamHashes() throws Exception {
    List<String> sums = Files.readAllLines(PROJECT_COPY.resolve("acvp/SHA256SUMS"));
    assertEquals(18, sums.size());
    for (String line : sums) {
      String[] parts = line.split(" +\\./");
      MessageDigest sha256 = MessageDigest.getInstance("SHA-256", "SUN");
      Path file = PROJECT_COPY.resolve("acvp").resolve(parts[1] + ".gz");
      try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
        sha256.update(in.readAllBytes());
      }
      assertEquals(parts[0], TestVectors.hex(sha256.digest()), parts[1]);
    }
  }

  @Test
  void pairsAcvpPromptsWithTheirAnswers() {
    List<TestVectors.AcvpCase> cases = TestVectors.acvp("ML-KEM-keyGen-FIPS203");
    assertEquals(75, cases.size());
    TestVectors.AcvpCase first = cases.get(0);
    assertEquals(32, first.bytes("d").length);
    assertTrue(first.bytes("ek").length > 32, first.toString());
  }

  /** The files the RSA and post-quantum work will read are here, and each parses. */
  @Test
  void carriesTheComingFamiliesFiles() {
    for (String pattern :
        List.of(
            "rsa_signature_.*",
            "rsa_pss_.*",
            "rsa_oaep_.*",
            "rsa_pkcs1_.*",
            "mlkem_.*",
            "mldsa_.*")) {
      List<String> files = TestVectors.wycheproofFiles(pattern);
      assertTrue(!files.isEmpty(), pattern);
      assertTrue(TestVectors.wycheproof(files.get(0)).size() > 0, files.get(0));
    }
  }
}
