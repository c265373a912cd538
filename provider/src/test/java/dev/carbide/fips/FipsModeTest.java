package dev.carbide.fips;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.ChildJvm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * carbide.fips=true in fresh JVMs (each costs about two seconds: the module's power-up self-tests
 * and Carbide's known-answer test of every service). The module loads, only approved services
 * register, disallowed parameters are refused saying why; a corrupted module or a configuration
 * whose checksum does not match leaves the provider empty with the reason, and the JVM goes on with
 * the next provider.
 */
class FipsModeTest {
  private static final String NATIVE = "/META-INF/native/linux-x86_64/";

  @TempDir Path dir;

  @Test
  void approvedServicesOnlyAndDisallowedParametersRefused() {
    ChildJvm.Result child = fips();
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("none", child.line("error "), child::toString);
    assertTrue(child.line("module ").contains("FIPS"), child::toString);
    assertEquals("true", child.line("fips "), child::toString);
    assertEquals("Carbide", child.line("sha256 "), child::toString);
    assertEquals("true", child.line("has MessageDigest SHA-256 "), child::toString);
    assertEquals("true", child.line("has Cipher AES/GCM/NoPadding "), child::toString);
    assertEquals("true", child.line("has Signature SHA256withECDSA "), child::toString);
    assertEquals("true", child.line("has KeyAgreement ECDH "), child::toString);
    assertEquals("true", child.line("has Mac HmacSHA256 "), child::toString);
    assertEquals("true", child.line("has SecretKeyFactory PBKDF2WithHmacSHA256 "), child::toString);
    assertEquals("true", child.line("has KeyPairGenerator ML-KEM "), child::toString);
    assertEquals("true", child.line("has Signature ML-DSA "), child::toString);
    // The TLS engine, in the module's library context (FipsEngineTest runs it).
    assertEquals("true", child.line("has SSLContext TLS "), child::toString);
    assertEquals("false", child.line("has MessageDigest MD5 "), child::toString);
    assertEquals("false", child.line("has Cipher ChaCha20-Poly1305 "), child::toString);
    assertEquals("20", child.line("gcm-generated-iv "), child::toString);
    assertEquals("null", child.line("unapproved hmac32 "), child::toString);
    assertTrue(child.line("unapproved hmac8 ").startsWith("HMAC"), child::toString);
    assertRefused(child, "gcm-caller-iv", "InvalidAlgorithmParameterException", "IG C.H");
    assertRefused(child, "rsa1024-sign", "InvalidKeyException", "at least 2048 bits");
    assertRefused(child, "pbkdf2-short-salt", "InvalidKeySpecException", "salt of at least 128");
    assertRefused(child, "pbkdf2-short-password", "InvalidKeySpecException", "local policy");
    assertRefused(child, "pbes2-short-password", "InvalidAlgorithmParameterException", "8 char");
    assertRefused(child, "sha1-ecdsa-sign", "InvalidKeyException", "SHA-1 signatures");
    assertNotNull(child.line("rsa2048-sign "), child::toString);
  }

  @Test
  void corruptedModuleRegistersNothing() throws IOException {
    byte[] module = resource("fips.so");
    module[module.length / 2] ^= 1;
    Files.write(dir.resolve("fips.so"), module);
    Files.write(dir.resolve("fipsmodule.cnf"), resource("fipsmodule.cnf"));
    assertDisabled(fips("-Dcarbide.fips.module=" + dir));
  }

  @Test
  void configurationWithWrongChecksumRegistersNothing() throws IOException {
    Files.write(dir.resolve("fips.so"), resource("fips.so"));
    String config = new String(resource("fipsmodule.cnf"), java.nio.charset.StandardCharsets.UTF_8);
    int mac = config.indexOf("module-mac");
    int digit = config.indexOf(':', mac) - 1; // the last hex digit of the first byte
    char flipped = config.charAt(digit) == '0' ? '1' : '0';
    config = config.substring(0, digit) + flipped + config.substring(digit + 1);
    Files.writeString(dir.resolve("fipsmodule.cnf"), config);
    assertDisabled(fips("-Dcarbide.fips.module=" + dir));
  }

  private static void assertDisabled(ChildJvm.Result child) {
    assertEquals(0, child.exitCode(), child::toString);
    String error = child.line("error ");
    assertTrue(error.contains("the FIPS module did not load"), child::toString);
    assertTrue(error.toLowerCase(java.util.Locale.ROOT).contains("fail"), child::toString);
    assertEquals("0", child.line("services "), child::toString);
    assertEquals("SUN", child.line("sha256 "), child::toString);
  }

  private static void assertRefused(
      ChildJvm.Result child, String name, String exception, String reason) {
    String line = child.line("refused " + name + " ");
    assertTrue(line.startsWith(exception + ": FIPS mode: "), child::toString);
    assertTrue(line.contains(reason), child::toString);
  }

  private static ChildJvm.Result fips(String... options) {
    try {
      // The jar's module goes with the jar's libcrypto, also in the pass on the system's OpenSSL.
      List<String> all =
          new java.util.ArrayList<>(
              List.of("-Dcarbide.fips=true", "-Dcarbide.openssl.path=bundled"));
      all.addAll(List.of(options));
      return ChildJvm.run(all, FipsReport.class);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** The jar's copy of {@code name} for this platform (the module and its configuration). */
  static byte[] resource(String name) throws IOException {
    try (InputStream in = FipsModeTest.class.getResourceAsStream(NATIVE + name)) {
      assertNotNull(in, "the jar carries no " + name);
      return in.readAllBytes();
    }
  }
}
