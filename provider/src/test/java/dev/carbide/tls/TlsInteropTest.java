package dev.carbide.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.SecurityOverride;
import dev.carbide.testing.Tools;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * SunJSSE with Carbide at priority 1 against real peers built on the system's OpenSSL: {@code curl}
 * and {@code openssl s_client} as clients of a JSSE server ({@link InteropServer}), and a JSSE
 * client ({@link InteropClient}) against {@code openssl s_server}. TLS 1.3 and 1.2, EC P-256 and
 * RSA-2048 certificates, AES-GCM and ChaCha20-Poly1305, X25519 and P-256 (the peer allows only the
 * one under test, so a finished handshake proves it was used), session resumption and client
 * certificates. Every case compares the bytes that crossed (a random payload, downloaded or echoed
 * back: 100 KiB from the JSSE server, 16 KiB from s_server) and the protocol and suite the server
 * saw, not only an exit code.
 *
 * <p>Cost: two child JVMs and about twenty short peer processes, a few seconds. Skipped when the
 * openssl or curl tool is absent (scripts/install-deps.sh installs both).
 */
class TlsInteropTest {
  private static final int PAYLOAD_BYTES = 100 * 1024;
  private static final int SERVED_BYTES = 16 * 1024;

  @TempDir Path dir;
  private byte[] payload;
  private final Map<String, String> results = new LinkedHashMap<>();

  @TestFactory
  List<DynamicTest> interoperates() throws Exception {
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
    assumeTrue(Tools.onPath("curl"), "curl is not installed");
    makeCertificates();
    payload = new byte[PAYLOAD_BYTES];
    new SecureRandom().nextBytes(payload);
    Files.write(dir.resolve("payload.bin"), payload);
    try (PeerProcess server = startServer()) {
      clientsOfJsse(server);
    }
    serversForJsse();
    List<DynamicTest> tests = new ArrayList<>();
    results.forEach(
        (name, result) ->
            tests.add(DynamicTest.dynamicTest(name, () -> assertEquals("ok", result, name))));
    return tests;
  }

  /** curl and s_client against the JSSE server's three listeners. */
  private void clientsOfJsse(PeerProcess server) throws Exception {
    int ec = server.port("ec");
    int rsa = server.port("rsa");
    int mtls = server.port("mtls");
    curl(
        "curl TLSv1.3 EC AES-128-GCM X25519",
        ec,
        "ec",
        false,
        "TLSv1.3 TLS_AES_128_GCM_SHA256",
        "none",
        "--tlsv1.3",
        "--tls13-ciphers",
        "TLS_AES_128_GCM_SHA256",
        "--curves",
        "X25519");
    curl(
        "curl TLSv1.2 RSA ChaCha20-Poly1305 X25519 POST",
        rsa,
        "rsa",
        true,
        "TLSv1.2 TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        "none",
        "--tlsv1.2",
        "--tls-max",
        "1.2",
        "--ciphers",
        "ECDHE-RSA-CHACHA20-POLY1305",
        "--curves",
        "X25519");
    // TLS 1.2 with an ECDSA certificate needs the certificate's curve among the client's groups
    // (RFC 8422), so the EC certificate's TLS 1.2 cases use P-256 for the key exchange too.
    curl(
        "curl TLSv1.2 EC AES-256-GCM P-256",
        ec,
        "ec",
        false,
        "TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        "none",
        "--tlsv1.2",
        "--tls-max",
        "1.2",
        "--ciphers",
        "ECDHE-ECDSA-AES256-GCM-SHA384",
        "--curves",
        "P-256");
    curl(
        "curl TLSv1.3 client certificate POST",
        mtls,
        "ec",
        true,
        "TLSv1.3 TLS_AES_256_GCM_SHA384",
        "CN=client",
        "--tlsv1.3",
        "--tls13-ciphers",
        "TLS_AES_256_GCM_SHA384",
        "--cert",
        dir.resolve("client.pem").toString(),
        "--key",
        dir.resolve("client.key").toString());
    sClient(
        "s_client TLSv1.3 RSA ChaCha20-Poly1305 P-256",
        rsa,
        "rsa",
        false,
        "TLSv1.3 TLS_CHACHA20_POLY1305_SHA256",
        "none",
        "-tls1_3",
        "-ciphersuites",
        "TLS_CHACHA20_POLY1305_SHA256",
        "-groups",
        "P-256");
    sClient(
        "s_client TLSv1.3 EC AES-256-GCM X25519 resumed",
        ec,
        "ec",
        true,
        "TLSv1.3 TLS_AES_256_GCM_SHA384",
        "none",
        "-tls1_3",
        "-ciphersuites",
        "TLS_AES_256_GCM_SHA384",
        "-groups",
        "X25519");
    sClient(
        "s_client TLSv1.2 EC AES-256-GCM P-256 resumed",
        ec,
        "ec",
        true,
        "TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        "none",
        "-tls1_2",
        "-cipher",
        "ECDHE-ECDSA-AES256-GCM-SHA384",
        "-groups",
        "P-256");
    sClient(
        "s_client TLSv1.2 client certificate ChaCha20-Poly1305",
        mtls,
        "ec",
        false,
        "TLSv1.2 TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
        "CN=client",
        "-tls1_2",
        "-cipher",
        "ECDHE-ECDSA-CHACHA20-POLY1305",
        "-cert",
        dir.resolve("client.pem").toString(),
        "-key",
        dir.resolve("client.key").toString());
  }

  /** JSSE's client against one s_server per case. */
  private void serversForJsse() throws Exception {
    List<PeerProcess> servers = new ArrayList<>();
    List<String> cases = new ArrayList<>();
    try {
      String[][] table = {
        // name, certificate, mode, JSSE suite, extra s_server options
        {
          "JSSE client TLSv1.3 EC AES-256-GCM X25519",
          "ec",
          "payload",
          "TLSv1.3",
          "TLS_AES_256_GCM_SHA384",
          "-",
          "-tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384 -groups X25519"
        },
        {
          "JSSE client TLSv1.3 RSA ChaCha20-Poly1305 P-256",
          "rsa",
          "payload",
          "TLSv1.3",
          "TLS_CHACHA20_POLY1305_SHA256",
          "-",
          "-tls1_3 -ciphersuites TLS_CHACHA20_POLY1305_SHA256 -groups P-256"
        },
        {
          "JSSE client TLSv1.2 EC ChaCha20-Poly1305 P-256",
          "ec",
          "payload",
          "TLSv1.2",
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
          "-",
          "-tls1_2 -cipher ECDHE-ECDSA-CHACHA20-POLY1305 -groups P-256"
        },
        {
          "JSSE client TLSv1.2 RSA AES-128-GCM X25519",
          "rsa",
          "payload",
          "TLSv1.2",
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          "-",
          "-tls1_2 -cipher ECDHE-RSA-AES128-GCM-SHA256 -groups X25519"
        },
        {
          "JSSE client TLSv1.3 client certificate",
          "ec",
          "payload",
          "TLSv1.3",
          "TLS_AES_128_GCM_SHA256",
          "client",
          "-tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256 -Verify 1 -verify_return_error -CAfile "
              + dir.resolve("client.pem")
        },
        {
          "JSSE client TLSv1.2 client certificate",
          "ec",
          "payload",
          "TLSv1.2",
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
          "client",
          "-tls1_2 -cipher ECDHE-ECDSA-AES128-GCM-SHA256 -groups P-256 -Verify 1"
              + " -verify_return_error -CAfile "
              + dir.resolve("client.pem")
        },
        {
          "JSSE client TLSv1.3 EC resumed",
          "ec",
          "resume",
          "TLSv1.3",
          "TLS_AES_128_GCM_SHA256",
          "-",
          "-tls1_3 -ciphersuites TLS_AES_128_GCM_SHA256 -groups X25519"
        },
        {
          "JSSE client TLSv1.2 RSA resumed",
          "rsa",
          "resume",
          "TLSv1.2",
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
          "-",
          "-tls1_2 -cipher ECDHE-RSA-AES256-GCM-SHA384 -groups P-256"
        },
      };
      for (String[] row : table) {
        List<String> command =
            new ArrayList<>(
                List.of(
                    "openssl",
                    "s_server",
                    "-accept",
                    "127.0.0.1:0",
                    "-cert",
                    dir.resolve(row[1] + ".pem").toString(),
                    "-key",
                    dir.resolve(row[1] + ".key").toString(),
                    row[2].equals("payload") ? "-WWW" : "-www"));
        command.addAll(List.of(row[6].split(" ")));
        PeerProcess server = PeerProcess.start(command, dir, "ACCEPT ", false);
        servers.add(server);
        int port = Integer.parseInt(server.readyLine().replaceAll(".*:", "").trim());
        cases.add(String.join(",", row[0], Integer.toString(port), row[3], row[4], row[2], row[5]));
      }
      // s_server -WWW writes a file in small records, each waiting for the last one's delayed ACK
      // (Nagle), so its download is kept short: 16 KiB, about 0.5 s.
      Path served = dir.resolve("served.bin");
      Files.write(served, Arrays.copyOf(payload, SERVED_BYTES));
      List<String> args = new ArrayList<>(List.of(dir.toString(), served.toString()));
      args.addAll(cases);
      ChildJvm.Result child =
          ChildJvm.run(List.of(carbideFirst()), InteropClient.class, args.toArray(String[]::new));
      assertEquals(0, child.exitCode(), child::toString);
      assertEquals(CarbideProvider.NAME, child.line("provider1 "), child::toString);
      for (String[] row : table) {
        String line = child.line("case " + row[0] + " ");
        results.put(row[0], line.equals("ok") ? "ok" : line + "\n" + child.stderr());
      }
    } finally {
      for (PeerProcess server : servers) {
        server.close();
      }
    }
  }

  private void curl(
      String name,
      int port,
      String trust,
      boolean post,
      String tls,
      String client,
      String... options)
      throws Exception {
    Path body = dir.resolve("curl.body");
    Path head = dir.resolve("curl.head");
    List<String> command = TlsFiles.curl(dir, port, trust, post, List.of(options));
    PeerProcess.Output out = PeerProcess.run(command, dir, new byte[0]);
    String headers = Files.exists(head) ? Files.readString(head, StandardCharsets.ISO_8859_1) : "";
    byte[] received = Files.exists(body) ? Files.readAllBytes(body) : new byte[0];
    results.put(name, verdict(out, received, headers, tls, client, true));
  }

  /** One s_client request; with {@code resume}, a second one that must resume the first. */
  private void sClient(
      String name,
      int port,
      String trust,
      boolean resume,
      String tls,
      String client,
      String... options)
      throws Exception {
    Path session = dir.resolve("session.pem");
    Files.deleteIfExists(session);
    String verdict = "ok";
    for (int round = 0; round < (resume ? 2 : 1) && verdict.equals("ok"); round++) {
      List<String> command =
          new ArrayList<>(
              List.of(
                  "openssl",
                  "s_client",
                  "-connect",
                  "127.0.0.1:" + port,
                  "-servername",
                  "localhost",
                  "-verify_hostname",
                  "localhost",
                  "-verify_return_error",
                  "-CAfile",
                  dir.resolve(trust + ".pem").toString(),
                  "-ign_eof"));
      if (resume) {
        command.addAll(List.of(round == 0 ? "-sess_out" : "-sess_in", session.toString()));
      }
      command.addAll(List.of(options));
      byte[] request =
          "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
      PeerProcess.Output out = PeerProcess.run(command, dir, request);
      String text = new String(out.stdout(), StandardCharsets.ISO_8859_1);
      byte[] body = TlsFiles.bodyAfterHead(out.stdout(), "HTTP/1.1 200", PAYLOAD_BYTES);
      int headStart = text.indexOf("HTTP/1.1 200");
      String headers = headStart < 0 ? "" : text.substring(headStart);
      verdict = verdict(out, body == null ? new byte[0] : body, headers, tls, client, false);
      String expected = (round == 0 ? "New, " : "Reused, ") + tls.split(" ")[0];
      if (verdict.equals("ok") && !text.contains(expected)) {
        verdict = "s_client did not report \"" + expected + "\"\n" + out;
      }
    }
    results.put(name, verdict);
  }

  private String verdict(
      PeerProcess.Output out,
      byte[] received,
      String headers,
      String tls,
      String client,
      boolean checkExit)
      throws Exception {
    if (checkExit && out.exitCode() != 0) {
      return "exit " + out.exitCode() + "\n" + out;
    }
    if (!TlsFiles.sha256(received).equals(TlsFiles.sha256(payload))) {
      return "received " + received.length + " bytes that are not the payload\n" + out;
    }
    if (!tls.equals(TlsFiles.header(headers, "X-Tls"))) {
      return "the server negotiated " + TlsFiles.header(headers, "X-Tls") + ", not " + tls;
    }
    if (!client.equals(TlsFiles.header(headers, "X-Client"))) {
      return "the server saw client " + TlsFiles.header(headers, "X-Client") + ", not " + client;
    }
    return "ok";
  }

  private PeerProcess startServer() throws Exception {
    List<String> command = new ArrayList<>(List.of(ChildJvm.java(), "-Xcheck:jni", "-Xmx256m"));
    String openssl = System.getProperty("carbide.openssl.path");
    if (openssl != null) {
      command.add("-Dcarbide.openssl.path=" + openssl);
    }
    command.addAll(
        List.of(
            "-cp",
            String.join(File.pathSeparator, ChildJvm.classPath()),
            carbideFirst(),
            InteropServer.class.getName(),
            dir.toString(),
            dir.resolve("payload.bin").toString()));
    PeerProcess server = PeerProcess.start(command, dir, "ready", true);
    assertEquals("provider1 " + CarbideProvider.NAME, server.line("provider1 "), server::toString);
    return server;
  }

  private String carbideFirst() throws Exception {
    return SecurityOverride.carbideFirst(dir, CarbideProvider.NAME);
  }

  /** ec: P-256; rsa: RSA-2048; client: an RSA-2048 client certificate. All self-signed. */
  private void makeCertificates() throws Exception {
    TlsFiles.makeCertificate(dir, "ec", "localhost", "ec", "-pkeyopt", "ec_paramgen_curve:P-256");
    TlsFiles.makeCertificate(dir, "rsa", "localhost", "rsa", "-pkeyopt", "rsa_keygen_bits:2048");
    TlsFiles.makeCertificate(dir, "client", "client", "rsa", "-pkeyopt", "rsa_keygen_bits:2048");
  }
}
