package dev.carbide.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.security.Security;
import org.junit.jupiter.api.Test;

/**
 * The HKDF rows. Tests run from target/classes, which is not a multi-release jar, so the class
 * under test is the base KdfAnswers; the Java 25 one is loaded here from its versioned directory.
 */
class KdfAnswersTest {
  @Test
  void baseVersionSkipsEveryHkdf() {
    TestProvider provider = new TestProvider("Hkdf");
    for (String algorithm : KdfAnswers.ALGORITHMS) {
      provider.serve("KDF", algorithm, () -> new Object());
    }
    KnownAnswers table = new KnownAnswers();
    KdfAnswers.addTo(table);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status =
        SelfTest.check(provider, table, new PrintStream(out, true, StandardCharsets.UTF_8));
    String report = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, status, report);
    assertTrue(report.contains("SKIP  KDF HKDF-SHA256: skipped: needs Java 25\n"), report);
    assertTrue(report.endsWith("0 passed, 0 failed, 3 skipped\n"), report);
  }

  /** Checks the Java 25 answers against SunJCE's HKDF, the reference Carbide's must match. */
  @Test
  void java25VersionPassesOnTheJdksHkdf() throws Exception {
    assumeTrue(Runtime.version().feature() >= 25, "javax.crypto.KDF needs Java 25");
    Path classes =
        Path.of(KdfAnswers.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path versioned = classes.resolve("META-INF/versions/25");
    assertTrue(
        Files.isRegularFile(versioned.resolve("dev/carbide/cli/KdfAnswers.class")),
        versioned.toString());
    TestProvider provider =
        new TestProvider("JdkHkdf").borrowAll(Security.getProvider("SunJCE"), "KDF");
    assertEquals(3, provider.getServices().size());

    URL[] path = {versioned.toUri().toURL(), classes.toUri().toURL()};
    try (URLClassLoader loader = new URLClassLoader(path, ClassLoader.getPlatformClassLoader())) {
      Class<?> table = Class.forName("dev.carbide.cli.KnownAnswers", true, loader);
      Method standard = table.getDeclaredMethod("standard");
      Method check =
          Class.forName("dev.carbide.cli.SelfTest", true, loader)
              .getDeclaredMethod("check", Provider.class, table, PrintStream.class);
      standard.setAccessible(true);
      check.setAccessible(true);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Object status =
          check.invoke(
              null,
              provider,
              standard.invoke(null),
              new PrintStream(out, true, StandardCharsets.UTF_8));
      String report = out.toString(StandardCharsets.UTF_8);
      assertEquals(0, status, report);
      assertTrue(report.contains("PASS  KDF HKDF-SHA256 (RFC 5869 case 1)\n"), report);
      assertTrue(
          report.contains("PASS  KDF HKDF-SHA512 (Wycheproof hkdf_sha512_test.json tcId 11)\n"),
          report);
      assertTrue(report.endsWith("3 passed, 0 failed, 0 skipped\n"), report);
    }
  }
}
