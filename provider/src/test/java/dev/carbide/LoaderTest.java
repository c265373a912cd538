package dev.carbide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.LoaderReport;
import dev.carbide.testing.SecurityOverride;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native loader: which libcrypto a process gets for each setting of carbide.openssl.path
 * (bundled, system, a file), that only one libcrypto is ever mapped, and that a library that cannot
 * be loaded leaves an empty provider and the JDK's services, never an exception.
 */
class LoaderTest {
  private static final String SHA256_ABC =
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  @TempDir Path tempDir;

  private static boolean bundledMode() {
    String setting = System.getProperty("carbide.openssl.path");
    return setting == null || setting.equals("bundled");
  }

  /** True if {@code path} is a copy the loader extracted into its private temporary directory. */
  private static boolean extracted(String path) {
    return path.contains("/carbide-") && path.contains("/libcrypto-carbide.so.3");
  }

  @Test
  void loadsInTheTestJvm() {
    assertNull(CarbideProvider.loadError());
    assertFalse(Carbide.provider().getServices().isEmpty());
    assertTrue(CarbideProvider.opensslVersion().startsWith("OpenSSL 3."));
  }

  @Test
  void exactlyOneLibcryptoIsMappedAndItIsTheChosenOne() throws Exception {
    Carbide.provider(); // loaded
    List<String> mapped = LoaderReport.mappedLibcrypto();
    assertEquals(1, mapped.size(), mapped::toString);
    assertEquals(bundledMode() && LoaderReport.bundledVersion() != null, extracted(mapped.get(0)));
  }

  @Test
  void bundledModeRunsTheBundledOpenssl() throws Exception {
    assumeTrue(bundledMode(), "runs with the bundled OpenSSL only");
    String bundled = LoaderReport.bundledVersion();
    assertNotNull(bundled, "the jar bundles libcrypto-carbide.so.3");
    assertEquals(bundled, CarbideProvider.opensslVersion());
    if (bundled.startsWith("OpenSSL 3.5.")) {
      assertTrue(CarbideProvider.opensslVersion().startsWith("OpenSSL 3.5."));
    }
  }

  @Test
  void systemSettingUsesTheSystemLibcrypto() throws Exception {
    ChildJvm.Result child =
        ChildJvm.run(List.of("-Dcarbide.openssl.path=system"), LoaderReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("null", child.line("loadError\t"), child::toString);
    assertTrue(child.line("version\t").startsWith("OpenSSL 3."), child::toString);
    assertFalse(extracted(child.line("libcrypto\t")), child::toString);
    // libssl must match its libcrypto and only the bundled pair is carried: no TLS engine here.
    assertEquals("NoSuchAlgorithmException", child.line("sslContext\t"), child::toString);
  }

  @Test
  void aFileSettingLoadsThatFile() throws Exception {
    // A copy of the system's: a file setting names a library with the upstream soname.
    Path system = LoaderReport.systemLibcrypto();
    assumeTrue(system != null, "needs a system libcrypto.so.3 to copy");
    Path copy = tempDir.resolve("libcrypto.so.3");
    Files.copy(system, copy);
    ChildJvm.Result child =
        ChildJvm.run(List.of("-Dcarbide.openssl.path=" + copy), LoaderReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("null", child.line("loadError\t"), child::toString);
    assertTrue(child.line("version\t").startsWith("OpenSSL 3."), child::toString);
    assertEquals(copy.toRealPath().toString(), child.line("libcrypto\t"), child::toString);
  }

  @Test
  void theSecurityPropertyChoosesWhenTheSystemPropertyIsEmpty() throws Exception {
    Path security = tempDir.resolve("system-openssl.security");
    Files.writeString(security, "carbide.openssl.path=system\n");
    ChildJvm.Result child =
        ChildJvm.run(
            List.of("-Dcarbide.openssl.path=", "-Djava.security.properties=" + security),
            LoaderReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("null", child.line("loadError\t"), child::toString);
    assertFalse(extracted(child.line("libcrypto\t")), child::toString);
  }

  @Test
  void aMissingOpensslFileLeavesAnEmptyProvider() throws Exception {
    String missing = tempDir.resolve("missing/libcrypto.so.3").toString();
    ChildJvm.Result child =
        ChildJvm.run(List.of("-Dcarbide.openssl.path=" + missing), LoaderReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("0", child.line("services\t"), child::toString);
    assertTrue(child.line("loadError\t").contains(missing), child::toString);
    assertEquals("SUN\t" + SHA256_ABC, child.line("sha256\t"), child::toString);
  }

  @Test
  void aMissingLibraryLeavesAnEmptyProviderAndTheJdkServes() throws Exception {
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(
                "-Dcarbide.native.path=/nonexistent",
                SecurityOverride.carbideFirst(tempDir, "Carbide")),
            LoaderReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("0", child.line("services\t"), child::toString);
    assertNotEquals("null", child.line("loadError\t"), child::toString);
    assertTrue(child.line("loadError\t").contains("/nonexistent"), child::toString);
    assertTrue(child.line("version\t").startsWith("error: "), child::toString);
    String sha256 = child.line("sha256\t");
    assertEquals("SUN\t" + SHA256_ABC, sha256, child::toString);
  }
}
