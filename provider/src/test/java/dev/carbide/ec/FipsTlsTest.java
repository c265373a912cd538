package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.SecurityOverride;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TLS 1.3 and 1.2 handshakes with SunJSSE and Carbide at priority 1 in FIPS mode
 * (carbide.fips=true, a fresh JVM each): the counting provider shows that Carbide's engines, whose
 * every fetch goes to the FIPS module's library context, did the ECDSA signing and verification,
 * the ECDHE key generation and the agreement. X25519 is not approved, so XDH falls to SunEC.
 */
class FipsTlsTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void handshakeInFipsMode(String protocol) throws Exception {
    Path store = EcTlsTest.serverStore(dir);
    String option = SecurityOverride.carbideFirst(dir, CarbideProvider.NAME);
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(
                option,
                "-Dcarbide.fips=true",
                "-Dcarbide.openssl.path=bundled",
                "-Djdk.tls.namedGroups=secp256r1"),
            FipsTlsHandshake.class,
            store.toString(),
            "changeit",
            protocol);
    assertEquals(0, child.exitCode(), child::toString);
    assertTrue(child.line("fips ").startsWith("OpenSSL FIPS Provider"), child::toString);
    Map<String, Long> counts = new TreeMap<>();
    for (String line : child.lines("count ")) {
      int equals = line.lastIndexOf('=');
      counts.put(line.substring(0, equals), Long.parseLong(line.substring(equals + 1)));
    }
    long signs = EcTlsTest.total(counts, "Signature \\w+withECDSA sign Carbide");
    assertTrue(signs >= 1, counts::toString);
    assertTrue(
        EcTlsTest.total(counts, "Signature \\w+withECDSA verify Carbide") >= 1, counts::toString);
    assertTrue(EcTlsTest.total(counts, "KeyAgreement ECDH secret Carbide") >= 2, counts::toString);
    assertTrue(EcTlsTest.total(counts, "KeyPairGenerator EC pair Carbide") >= 2, counts::toString);
    assertEquals(0, EcTlsTest.total(counts, ".* (?!Carbide)\\w+"), counts::toString);
    assertEquals("Carbide", child.line("provider ECDH "), child::toString);
    assertEquals("Carbide", child.line("provider ECDSA "), child::toString);
    assertEquals(protocol, child.line("handshake "), child::toString);
  }
}
