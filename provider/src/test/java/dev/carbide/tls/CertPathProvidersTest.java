package dev.carbide.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.SecurityOverride;
import dev.carbide.testing.Tools;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The signatures of a peer's certificate chain, as SunJSSE's trust manager checks them (PKIX's
 * CertPathValidator), are verified by Carbide when Carbide is first: a leaf signed by a CA, with
 * SHA256withECDSA and with SHA256withRSA. TlsProvidersTest and TlsInteropTest use self-signed
 * certificates that are their own trust anchors, whose signatures PKIX never checks, so they cannot
 * show this. Cost: six runs of the openssl tool and one child JVM, about two seconds; skipped
 * without the openssl tool (scripts/install-deps.sh installs it).
 */
class CertPathProvidersTest {
  @TempDir Path dir;

  @Test
  void carbideVerifiesTheChainsSignatures() throws Exception {
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
    chain("ec", "ec", "-pkeyopt", "ec_paramgen_curve:P-256");
    chain("rsa", "rsa", "-pkeyopt", "rsa_keygen_bits:2048");
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(SecurityOverride.carbideFirst(dir, CarbideProvider.NAME)),
            ChainWork.class,
            dir.toString(),
            "ec",
            "rsa");
    assertEquals(0, child.exitCode(), child::toString);
    Map<String, Long> counts = new TreeMap<>();
    for (String line : child.lines("count ")) {
      int equals = line.lastIndexOf('=');
      counts.put(line.substring(0, equals), Long.parseLong(line.substring(equals + 1)));
    }
    String context = counts + "\n" + child.stderr();
    List<String> notCarbide = new ArrayList<>();
    for (String key : counts.keySet()) {
      if (!key.endsWith(" " + CarbideProvider.NAME)) {
        notCarbide.add(key);
      }
    }
    assertEquals(List.of(), notCarbide, context);
    assertEquals(1L, counts.get("ec Signature SHA256withECDSA verify Carbide"), context);
    assertEquals(1L, counts.get("rsa Signature SHA256withRSA verify Carbide"), context);
  }

  /** NAME-ca.pem, a self-signed CA, and NAME-leaf.pem, a certificate it signed with SHA-256. */
  private void chain(String name, String type, String... keyOptions) throws Exception {
    List<String> ca = new ArrayList<>(List.of("openssl", "req", "-x509", "-newkey", type));
    ca.addAll(List.of(keyOptions));
    ca.addAll(
        List.of(
            "-nodes",
            "-keyout",
            name + "-ca.key",
            "-out",
            name + "-ca.pem",
            "-days",
            "2",
            "-subj",
            "/CN=" + name + " CA",
            "-addext",
            "basicConstraints=critical,CA:TRUE",
            "-addext",
            "keyUsage=critical,keyCertSign"));
    run(ca);
    List<String> request = new ArrayList<>(List.of("openssl", "req", "-new", "-newkey", type));
    request.addAll(List.of(keyOptions));
    request.addAll(
        List.of(
            "-nodes",
            "-keyout",
            name + "-leaf.key",
            "-out",
            name + "-leaf.csr",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost"));
    run(request);
    run(
        List.of(
            "openssl",
            "x509",
            "-req",
            "-in",
            name + "-leaf.csr",
            "-CA",
            name + "-ca.pem",
            "-CAkey",
            name + "-ca.key",
            "-CAcreateserial",
            "-copy_extensions",
            "copy",
            "-days",
            "2",
            "-sha256",
            "-out",
            name + "-leaf.pem"));
  }

  private void run(List<String> command) throws Exception {
    PeerProcess.Output out = PeerProcess.run(command, dir, new byte[0]);
    assertEquals(0, out.exitCode(), out::toString);
  }
}
