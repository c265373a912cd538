package dev.carbide.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.Security;
import org.junit.jupiter.api.Test;

/**
 * The HKDF rows. The tests run against the multi-release jar, so on Java 25 the class under test is
 * the Java 25 KdfAnswers and before it the base one.
 */
class KdfAnswersTest {
  @Test
  void beforeJava25EveryHkdfIsSkipped() {
    assumeTrue(Runtime.version().feature() < 25, "the base version runs before Java 25 only");
    TestProvider provider = new TestProvider("Hkdf");
    for (String algorithm : KdfAnswers.ALGORITHMS) {
      provider.serve("KDF", algorithm, () -> new Object());
    }
    KnownAnswers table = new KnownAnswers();
    KdfAnswers.addTo(table);
    String report = check(provider, table, 0);
    assertTrue(report.contains("SKIP  KDF HKDF-SHA256: skipped: needs Java 25\n"), report);
    assertTrue(report.endsWith("0 passed, 0 failed, 3 skipped\n"), report);
  }

  /** Checks the Java 25 answers against SunJCE's HKDF, the reference Carbide's must match. */
  @Test
  void onJava25TheAnswersPassOnTheJdksHkdf() {
    assumeTrue(Runtime.version().feature() >= 25, "javax.crypto.KDF needs Java 25");
    TestProvider provider =
        new TestProvider("JdkHkdf").borrowAll(Security.getProvider("SunJCE"), "KDF");
    assertEquals(3, provider.getServices().size());
    String report = check(provider, KnownAnswers.standard(), 0);
    assertTrue(report.contains("PASS  KDF HKDF-SHA256 (RFC 5869 case 1)\n"), report);
    assertTrue(
        report.contains("PASS  KDF HKDF-SHA512 (Wycheproof hkdf_sha512_test.json tcId 11)\n"),
        report);
    assertTrue(report.endsWith("3 passed, 0 failed, 0 skipped\n"), report);
  }

  private static String check(TestProvider provider, KnownAnswers table, int expectedStatus) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status =
        SelfTest.check(provider, table, new PrintStream(out, true, StandardCharsets.UTF_8));
    String report = out.toString(StandardCharsets.UTF_8);
    assertEquals(expectedStatus, status, report);
    return report;
  }
}
