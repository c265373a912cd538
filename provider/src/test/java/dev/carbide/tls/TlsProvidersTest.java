package dev.carbide.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.Keytool;
import dev.carbide.testing.SecurityOverride;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which provider does each piece of SunJSSE's cryptography, with Carbide at priority 1: a fresh JVM
 * runs TLS 1.3 and 1.2 handshakes in memory ({@link TlsWork}), with EC P-256 and RSA-2048
 * certificates on both sides (the client presents one too), AES-GCM and ChaCha20-Poly1305 records,
 * then a resumed connection, while a {@link RecordingProvider} at priority 1 records every call the
 * JCA dispatches and the provider that served it. Fails if any work that Carbide serves (a service
 * it registers) landed in another provider, and if the work that remains with the JDK is not the
 * documented set (docs/tls.md: the TLS 1.2 key derivation through SunJCE's internal specs). Run
 * once with X25519 and once with P-256 as the key exchange group; about two seconds per JVM.
 */
class TlsProvidersTest {
  /**
   * The work a provider cannot take from SunJCE: the TLS 1.2 generators with JDK-internal specs.
   */
  private static final Pattern JDK_ONLY =
      Pattern.compile(
          "KeyGenerator"
              + " SunTls(12)?(Prf|MasterSecret|ExtendedMasterSecret|KeyMaterial|RsaPremasterSecret)");

  private static final String[] CASES = {
    "tls13-ec-aes128,TLSv1.3,TLS_AES_128_GCM_SHA256,ec",
    "tls13-rsa-aes256,TLSv1.3,TLS_AES_256_GCM_SHA384,rsa",
    "tls13-ec-chacha,TLSv1.3,TLS_CHACHA20_POLY1305_SHA256,ec",
    "tls12-ec-aes256,TLSv1.2,TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,ec",
    "tls12-rsa-chacha,TLSv1.2,TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,rsa",
    "tls12-rsa-aes128,TLSv1.2,TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,rsa",
  };

  /** The key stores, made once (keytool takes seconds per store here). */
  @TempDir static Path dir;

  @BeforeAll
  static void keyStores() throws Exception {
    keyStore("ec", "localhost", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA");
    keyStore("ec-client", "client", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA");
    keyStore("rsa", "localhost", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA");
    keyStore("rsa-client", "client", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA");
  }

  @ParameterizedTest
  @ValueSource(strings = {"x25519,secp256r1", "secp256r1"})
  void carbideDoesTheWorkItServes(String groups) throws Exception {
    List<String> args = new ArrayList<>(List.of(dir.toString()));
    args.addAll(List.of(CASES));
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(
                SecurityOverride.carbideFirst(dir, CarbideProvider.NAME),
                "-Djdk.tls.namedGroups=" + groups),
            TlsWork.class,
            args.toArray(String[]::new));
    assertEquals(0, child.exitCode(), child::toString);
    for (String row : CASES) {
      String name = row.split(",")[0];
      Map<String, Long> counts = new TreeMap<>();
      for (String line : child.lines("count " + name + " ")) {
        int equals = line.lastIndexOf('=');
        counts.put(line.substring(0, equals), Long.parseLong(line.substring(equals + 1)));
      }
      check(name, counts, child);
    }
  }

  private void check(String name, Map<String, Long> counts, ChildJvm.Result child) {
    String context = name + ": " + counts + "\n" + child.stderr();
    List<String> leaks = new ArrayList<>();
    for (String key : counts.keySet()) {
      // PHASE/SIDE Type Algorithm operation Provider
      String[] part = key.split(" ");
      boolean carbideServes = Carbide.provider().getService(part[1], part[2]) != null;
      if (!part[4].equals(CarbideProvider.NAME)
          && (carbideServes || !JDK_ONLY.matcher(part[1] + " " + part[2]).matches())) {
        leaks.add(key);
      }
    }
    assertEquals(List.of(), leaks, "work that is not Carbide's, in " + context);
    assertEquals(0, total(counts, ".* reject .*"), context);
    for (String side : new String[] {"client", "server"}) {
      // Each side signs (the client presents a certificate too), verifies, agrees on a key, and
      // seals and opens records, all in Carbide.
      String full = "full/" + side + " ";
      assertTrue(total(counts, full + "Signature \\S+ sign Carbide") >= 1, context);
      assertTrue(total(counts, full + "Signature \\S+ verify Carbide") >= 1, context);
      assertTrue(total(counts, full + "KeyPairGenerator \\S+ pair Carbide") >= 1, context);
      assertTrue(total(counts, full + "KeyAgreement \\S+ secret Carbide") >= 1, context);
      assertTrue(total(counts, full + "Cipher \\S+ encrypt Carbide") >= 1, context);
      assertTrue(total(counts, full + "Cipher \\S+ decrypt Carbide") >= 1, context);
      assertTrue(total(counts, full + "MessageDigest \\S+ digest Carbide") >= 1, context);
      // The second connection resumed the first: no certificate, so nothing is signed.
      assertEquals(0, total(counts, "resumed/" + side + " Signature .*"), context);
      assertTrue(total(counts, "resumed/" + side + " Cipher \\S+ decrypt Carbide") >= 1, context);
      if (name.startsWith("tls13")) {
        // The key schedule's HKDF: the KDF API on Java 25, Mac on earlier releases.
        String hkdf =
            Runtime.version().feature() >= 25 ? "KDF HKDF-\\S+ derive" : "Mac Hmac\\S+ mac";
        assertTrue(total(counts, full + hkdf + " Carbide") >= 1, context);
      }
    }
  }

  private static void keyStore(String name, String commonName, String algorithm, String... options)
      throws Exception {
    List<String> keyOptions = new ArrayList<>(List.of("-keyalg", algorithm));
    keyOptions.addAll(List.of(options));
    Keytool.generateNamedKeyPair(
        dir.resolve(name + ".p12"),
        "changeit",
        name,
        commonName,
        keyOptions.toArray(String[]::new));
  }

  private static long total(Map<String, Long> counts, String keyPattern) {
    return counts.entrySet().stream()
        .filter(entry -> entry.getKey().matches(keyPattern))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }
}
