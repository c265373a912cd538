package dev.carbide.fips;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.LoaderReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FIPS mode over a libcrypto that is not the jar's, as with a distribution's FIPS build named
 * through {@code carbide.openssl.path} (docs/fips.md, "Another OpenSSL"). This machine has no
 * distribution FIPS libcrypto, so the test stands one up from parts: the system's libcrypto
 * (OpenSSL 3.0 on Debian 12) by file path, and the jar's 3.5.7 module and its {@code
 * fipsmodule.cnf} in a directory of their own named by {@code carbide.fips.module} (an OpenSSL 3.0
 * core loads the 3.5 module; the module runs its own self-tests and integrity check either way).
 * One child JVM, about two seconds.
 */
class OtherLibcryptoFipsTest {
  @TempDir Path module;

  @Test
  void systemLibcryptoWithANamedModuleIsFipsOnly() throws Exception {
    Path libcrypto = LoaderReport.systemLibcrypto();
    assumeTrue(libcrypto != null, "no system libcrypto.so.3");
    for (String name : List.of("fips.so", "fipsmodule.cnf")) {
      Files.write(module.resolve(name), FipsModeTest.resource(name));
    }
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(
                "-Dcarbide.fips=true",
                "-Dcarbide.openssl.path=" + libcrypto,
                "-Dcarbide.fips.module=" + module),
            FipsReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    // Loaded means the module's power-up self-tests and every known-answer test passed.
    assertEquals("none", child.line("error "), child::toString);
    String version = child.line("openssl ");
    assertFalse(version.equals(LoaderReport.bundledVersion()), child::toString);
    // The named libcrypto, and not the jar's, is the one in the process.
    assertEquals(
        List.of(libcrypto.toRealPath().toString()), child.lines("libcrypto "), child::toString);
    assertTrue(child.line("module ").startsWith("OpenSSL FIPS Provider 3.5"), child::toString);
    assertEquals("true", child.line("fips "), child::toString);
    assertEquals("Carbide", child.line("sha256 "), child::toString);
    assertEquals("true", child.line("has Signature SHA256withECDSA "), child::toString);
    assertEquals("true", child.line("has Cipher AES/GCM/NoPadding "), child::toString);
    assertEquals("false", child.line("has MessageDigest MD5 "), child::toString);
    assertEquals("false", child.line("has Cipher ChaCha20-Poly1305 "), child::toString);
    assertEquals("false", child.line("has KeyAgreement X25519 "), child::toString);
    // The 3.5 module offers ML-KEM and ML-DSA, but a 3.0 libcrypto cannot decode or sign with
    // their keys, so they are left out rather than failing their known-answer tests.
    assertEquals("false", child.line("has KeyPairGenerator ML-KEM "), child::toString);
    assertEquals("false", child.line("has Signature ML-DSA "), child::toString);
    assertEquals("20", child.line("gcm-generated-iv "), child::toString);
    assertTrue(child.line("refused gcm-caller-iv ").contains("FIPS mode: "), child::toString);
  }
}
