package dev.carbide.rsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.Keytool;
import dev.carbide.testing.SecurityOverride;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JSSE's own use of RSA: a fresh JVM with Carbide at priority 1 completes a TLS 1.3 handshake with
 * an RSA certificate (rsa_pss_rsae_sha256), a TLS 1.2 ECDHE-RSA one and a TLS 1.2 RSA key exchange
 * (TLS_RSA_*, which recent JDKs disable by default and the test turns back on). A recording
 * provider ahead of Carbide ({@link dev.carbide.tls.RecordingProvider}) shows that Carbide's
 * engines signed, verified and decrypted.
 */
class RsaTlsTest {
  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({
    "TLSv1.3,TLS_AES_128_GCM_SHA256,TLS_AES_128_GCM_SHA256,Signature RSASSA-PSS sign Carbide",
    "TLSv1.2,TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,"
        + "Signature RSASSA-PSS sign Carbide",
    "TLSv1.2,TLS_RSA_WITH_AES_128_GCM_SHA256,TLS_RSA_WITH_AES_128_GCM_SHA256,"
        + "Cipher RSA/ECB/PKCS1Padding decrypt Carbide"
  })
  void handshakeWithCarbideFirst(String protocol, String suite, String expectedSuite, String work)
      throws Exception {
    Path store = dir.resolve("server.p12");
    Keytool.generateKeyPair(
        store, "changeit", "-keyalg", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA");
    String option = SecurityOverride.carbideFirst(dir, CarbideProvider.NAME);
    // The JDK's list less TLS_RSA_*, so that the RSA key exchange can be tested at all.
    Files.writeString(
        Path.of(option.substring(option.indexOf('=') + 1)),
        "jdk.tls.disabledAlgorithms=SSLv3, TLSv1, TLSv1.1, DTLSv1.0, RC4, DES, MD5withRSA,"
            + " DH keySize < 1024, EC keySize < 224, 3DES_EDE_CBC, anon, NULL, ECDH\n",
        StandardOpenOption.APPEND);
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(option), RsaTlsHandshake.class, store.toString(), "changeit", protocol, suite);
    assertEquals(0, child.exitCode(), child::toString);
    Map<String, Long> counts = new TreeMap<>();
    for (String line : child.lines("count ")) {
      int equals = line.lastIndexOf('=');
      counts.put(line.substring(0, equals), Long.parseLong(line.substring(equals + 1)));
    }
    assertTrue(counts.getOrDefault(work, 0L) >= 1, counts::toString);
    // The client checked the certificate's signature in Carbide too.
    assertTrue(
        counts.getOrDefault("Signature SHA256withRSA verify Carbide", 0L) >= 1, counts::toString);
    assertTrue(
        counts.keySet().stream().allMatch(key -> key.endsWith(" Carbide")), counts::toString);
    assertTrue(
        counts.keySet().stream().noneMatch(key -> key.contains(" reject ")), counts::toString);
    assertEquals("Carbide", child.line("provider RSASSA-PSS "), child::toString);
    assertEquals("Carbide", child.line("provider RSA/ECB/PKCS1Padding "), child::toString);
    assertEquals(protocol + " " + expectedSuite, child.line("handshake "), child::toString);
  }
}
