package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.Keytool;
import dev.carbide.testing.SecurityOverride;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JSSE's own use: a fresh JVM with Carbide at priority 1 completes TLS 1.3 and 1.2 handshakes with
 * ECDHE on P-256 and X25519 and an ECDSA server key (TLS 1.2 needs the certificate's curve among
 * the groups too, so X25519 comes first there, with P-256 after it). A recording provider that
 * forwards to the JCA's own choice (see {@link dev.carbide.tls.RecordingProvider}) shows that
 * Carbide's engines did the handshake's signing, verification, key generation and agreement; and
 * Carbide is the provider that JSSE's lookups of ECDH, XDH and SHA256withECDSA resolve to.
 */
class EcTlsTest {
  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({
    "TLSv1.3,secp256r1",
    "TLSv1.3,x25519",
    "TLSv1.2,secp256r1",
    "TLSv1.2,x25519 secp256r1"
  })
  void handshakeWithCarbideFirst(String protocol, String group) throws Exception {
    Path store = serverStore(dir);
    String option = SecurityOverride.carbideFirst(dir, CarbideProvider.NAME);
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(option, "-Djdk.tls.namedGroups=" + group.replace(' ', ',')),
            TlsHandshake.class,
            store.toString(),
            "changeit",
            protocol);
    assertEquals(0, child.exitCode(), child::toString);
    // The work itself: Carbide's engines signed, verified, generated the ephemeral pairs and
    // agreed, on both sides of the handshake.
    Map<String, Long> counts = new TreeMap<>();
    for (String line : child.lines("count ")) {
      int equals = line.lastIndexOf('=');
      counts.put(line.substring(0, equals), Long.parseLong(line.substring(equals + 1)));
    }
    boolean xdh = group.startsWith("x25519");
    String agreement = xdh ? "KeyAgreement (XDH|X25519)" : "KeyAgreement ECDH";
    String generator = xdh ? "KeyPairGenerator (XDH|X25519)" : "KeyPairGenerator EC";
    assertTrue(total(counts, "Signature \\w+withECDSA sign Carbide") >= 1, counts::toString);
    assertTrue(total(counts, "Signature \\w+withECDSA verify Carbide") >= 1, counts::toString);
    assertTrue(total(counts, agreement + " secret Carbide") >= 2, counts::toString);
    assertTrue(total(counts, generator + " pair Carbide") >= 2, counts::toString);
    assertEquals(0, total(counts, ".* reject .*"), counts::toString);
    assertEquals("Carbide", child.line("provider ECDH "), child::toString);
    assertEquals("Carbide", child.line("provider XDH "), child::toString);
    assertEquals("Carbide", child.line("provider ECDSA "), child::toString);
    assertEquals(protocol, child.line("handshake "), child::toString);
  }

  /** A PKCS#12 store (password "changeit") with a P-256 ECDSA key and certificate for localhost. */
  static Path serverStore(Path dir) throws Exception {
    Path store = dir.resolve("server.p12");
    Keytool.generateKeyPair(
        store,
        "changeit",
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-sigalg",
        "SHA256withECDSA");
    return store;
  }

  static long total(Map<String, Long> counts, String keyPattern) {
    return counts.entrySet().stream()
        .filter(entry -> entry.getKey().matches(keyPattern))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }
}
