package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.Tools;
import dev.carbide.tls.PeerProcess;
import dev.carbide.tls.TlsFiles;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.conscrypt.Conscrypt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The native engine against real peers, checking the bytes that crossed: {@code curl} (Debian's, on
 * the system OpenSSL 3.0) against the JDK's {@code HttpsServer} running on the engine's SSLContext;
 * the engine as the client of {@code openssl s_server}; and Conscrypt (BoringSSL) against the
 * engine with X25519MLKEM768, both directions. EC P-256 and RSA-2048 certificates from {@code
 * openssl req}; TLS 1.3 (with RSA, necessarily RSA-PSS) and TLS 1.2; ALPN and SNI as the peer
 * reports them. Each peer allows only the protocol, suite and group under test, so a finished
 * handshake proves they were used; the server reports what it negotiated in a header.
 *
 * <p>Cost: about 15 short peer processes and no child JVM, 2 to 4 s. Skipped without the engine
 * (the system OpenSSL pass, FIPS mode) or without curl and openssl (scripts/install-deps.sh
 * installs both).
 */
class EngineInteropTest {
  private static final int PAYLOAD_BYTES = 100 * 1024;
  private static final int SERVED_BYTES = 16 * 1024;

  @TempDir static Path dir;
  private static byte[] payload;
  private static HttpsServer ecServer;
  private static HttpsServer rsaServer;

  @BeforeAll
  static void start() throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    assumeTrue(
        !FipsSkips.FIPS_PASS,
        "not in the FIPS pass: its peers (curl, s_client, Conscrypt) are tested on X25519,"
            + " ChaCha20-Poly1305 and X25519MLKEM768, which FIPS mode leaves out (FipsEngineTest"
            + " covers the FIPS subset)");
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
    assumeTrue(Tools.onPath("curl"), "curl is not installed");
    TlsFiles.makeCertificate(dir, "ec", "localhost", "ec", "-pkeyopt", "ec_paramgen_curve:P-256");
    TlsFiles.makeCertificate(dir, "rsa", "localhost", "rsa", "-pkeyopt", "rsa_keygen_bits:2048");
    payload = new byte[PAYLOAD_BYTES];
    new SecureRandom().nextBytes(payload);
    Files.write(dir.resolve("payload.bin"), payload);
    Files.write(dir.resolve("served.bin"), Arrays.copyOf(payload, SERVED_BYTES));
    ecServer = serve("ec");
    rsaServer = serve("rsa");
  }

  @AfterAll
  static void stop() {
    for (HttpsServer server : new HttpsServer[] {ecServer, rsaServer}) {
      if (server != null) {
        server.stop(0);
      }
    }
  }

  private static SSLContext engineContext(String identity) throws Exception {
    return TlsFiles.init(
        SSLContext.getInstance("TLS", Carbide.provider()), dir, identity, "ec", "rsa");
  }

  /**
   * The JDK's HttpsServer on the engine, presenting {@code identity}, ALPN "http/1.1": GET answers
   * the payload, POST echoes its body; "X-Tls" names the protocol, suite and group it negotiated.
   */
  private static HttpsServer serve(String identity) throws Exception {
    SSLContext context = engineContext(identity);
    HttpsServer server =
        HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.setHttpsConfigurator(
        new HttpsConfigurator(context) {
          @Override
          public void configure(HttpsParameters params) {
            SSLParameters parameters = context.getDefaultSSLParameters();
            parameters.setApplicationProtocols(new String[] {"http/1.1"});
            params.setSSLParameters(parameters);
          }
        });
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (!exchange.getRequestMethod().equals("POST")) {
              body = payload;
            }
            var session = ((HttpsExchange) exchange).getSSLSession();
            exchange
                .getResponseHeaders()
                .set(
                    "X-Tls",
                    session.getProtocol()
                        + " "
                        + session.getCipherSuite()
                        + " "
                        + session.getValue("carbide.namedGroup"));
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          }
        });
    server.start();
    return server;
  }

  @ParameterizedTest(name = "curl {0} {1} POST={2}")
  @CsvSource({
    "ec, TLSv1.3 TLS_AES_128_GCM_SHA256 x25519, false,"
        + " --tlsv1.3 --tls13-ciphers TLS_AES_128_GCM_SHA256 --curves X25519",
    "rsa, TLSv1.3 TLS_CHACHA20_POLY1305_SHA256 secp256r1, true,"
        + " --tlsv1.3 --tls13-ciphers TLS_CHACHA20_POLY1305_SHA256 --curves P-256",
    "rsa, TLSv1.2 TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 x25519, false,"
        + " --tlsv1.2 --tls-max 1.2 --ciphers ECDHE-RSA-AES256-GCM-SHA384 --curves X25519",
    // TLS 1.2 with an ECDSA certificate needs the certificate's curve among the client's groups.
    "ec, TLSv1.2 TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256 secp256r1, true,"
        + " --tlsv1.2 --tls-max 1.2 --ciphers ECDHE-ECDSA-CHACHA20-POLY1305 --curves P-256",
  })
  void curlAgainstEngineServer(String certificate, String tls, boolean post, String options)
      throws Exception {
    int port = (certificate.equals("ec") ? ecServer : rsaServer).getAddress().getPort();
    Path body = dir.resolve("curl.body");
    Path head = dir.resolve("curl.head");
    List<String> command = new ArrayList<>(List.of("-v"));
    command.addAll(List.of(options.trim().split(" ")));
    command = TlsFiles.curl(dir, port, certificate, post, command);
    PeerProcess.Output out = PeerProcess.run(command, dir, new byte[0]);
    assertEquals(0, out.exitCode(), out::toString);
    assertArrayEquals(payload, Files.readAllBytes(body), "the bytes curl received");
    String headers = Files.readString(head, StandardCharsets.ISO_8859_1);
    assertEquals(tls, TlsFiles.header(headers, "X-Tls"), headers);
    // curl offers h2 and http/1.1; the engine's server chose its own, as curl reports.
    assertTrue(
        out.stderr().matches("(?s).*ALPN[:,] server accepted (to use )?http/1\\.1.*"),
        out::toString);
  }

  @ParameterizedTest(name = "engine client against s_server {0} {1}")
  @CsvSource({
    "ec, TLSv1.3 TLS_AES_256_GCM_SHA384 x25519,"
        + " -tls1_3 -ciphersuites TLS_AES_256_GCM_SHA384 -groups X25519",
    "rsa, TLSv1.3 TLS_CHACHA20_POLY1305_SHA256 secp256r1,"
        + " -tls1_3 -ciphersuites TLS_CHACHA20_POLY1305_SHA256 -groups P-256",
    "rsa, TLSv1.2 TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 x25519,"
        + " -tls1_2 -cipher ECDHE-RSA-AES128-GCM-SHA256 -groups X25519",
    "ec, TLSv1.2 TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384 secp256r1,"
        + " -tls1_2 -cipher ECDHE-ECDSA-AES256-GCM-SHA384 -groups P-256",
  })
  void engineClientAgainstOpensslServer(String certificate, String tls, String options)
      throws Exception {
    List<String> server = sServer(certificate, "-alpn", "http/1.1");
    server.addAll(List.of(options.trim().split(" ")));
    try (PeerProcess peer = PeerProcess.start(server, dir, "ACCEPT ", false)) {
      SSLEngine engine = fetchServedFile(peer, "localhost");
      assertEquals(
          tls,
          engine.getSession().getProtocol()
              + " "
              + engine.getSession().getCipherSuite()
              + " "
              + engine.getSession().getValue("carbide.namedGroup"));
      assertEquals(
          TlsFiles.certificate(dir, certificate), engine.getSession().getPeerCertificates()[0]);
      // ALPN as s_server saw it and chose.
      assertEquals("http/1.1", engine.getApplicationProtocol());
      assertNotNull(
          peer.line("ALPN protocols advertised by the client: h2, http/1.1"), peer::toString);
    }
  }

  @Test
  void engineClientSendsServerNameToOpensslServer() throws Exception {
    // s_server presents its second certificate (RSA) only to a client that named "sni.test", and
    // prints the name it saw; TLS 1.3, whose suites do not depend on the certificate's key.
    List<String> server =
        sServer(
            "ec",
            "-servername",
            "sni.test",
            "-cert2",
            dir.resolve("rsa.pem").toString(),
            "-key2",
            dir.resolve("rsa.key").toString(),
            "-tls1_3");
    try (PeerProcess peer = PeerProcess.start(server, dir, "ACCEPT ", false)) {
      SSLEngine engine = fetchServedFile(peer, "sni.test");
      assertEquals(TlsFiles.certificate(dir, "rsa"), engine.getSession().getPeerCertificates()[0]);
      assertNotNull(peer.line("Hostname in TLS extension: \"sni.test\""), peer::toString);
    }
  }

  private static List<String> sServer(String certificate, String... options) {
    List<String> command = TlsFiles.sServer(dir, certificate, "-WWW");
    command.addAll(List.of(options));
    return command;
  }

  /**
   * An engine client (SNI {@code serverName}, ALPN h2 and http/1.1) fetches served.bin from
   * s_server -WWW and checks the bytes; returns the engine.
   */
  private static SSLEngine fetchServedFile(PeerProcess peer, String serverName) throws Exception {
    int port = Integer.parseInt(peer.readyLine().replaceAll(".*:", "").trim());
    SSLEngine engine = engineContext(null).createSSLEngine("localhost", port);
    engine.setUseClientMode(true);
    SSLParameters parameters = engine.getSSLParameters();
    parameters.setServerNames(List.of(new SNIHostName(serverName)));
    parameters.setApplicationProtocols(new String[] {"h2", "http/1.1"});
    engine.setSSLParameters(parameters);
    byte[] response = EngineSocket.get(engine, port, "/served.bin");
    assertArrayEquals(
        Arrays.copyOf(payload, SERVED_BYTES),
        TlsFiles.bodyAfterHead(response, "HTTP/1.0 200", SERVED_BYTES),
        "the bytes s_server sent");
    return engine;
  }

  @Test
  void conscryptClientAgainstEngineServerWithX25519MlKem768() throws Exception {
    SSLContext context = SSLContext.getInstance("TLS", conscrypt());
    TlsFiles.init(context, dir, null, "ec");
    SSLSocketFactory factory = context.getSocketFactory();
    int port = ecServer.getAddress().getPort();
    try (SSLSocket socket =
        (SSLSocket) factory.createSocket(InetAddress.getLoopbackAddress(), port)) {
      // Conscrypt offers only the hybrid group: a finished handshake proves the engine chose it.
      Conscrypt.setNamedGroups(socket, new String[] {"X25519MLKEM768"});
      socket.setEnabledProtocols(new String[] {"TLSv1.3"});
      OutputStream out = socket.getOutputStream();
      out.write(
          "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      byte[] response = socket.getInputStream().readAllBytes();
      assertArrayEquals(payload, TlsFiles.bodyAfterHead(response, "HTTP/1.1 200", PAYLOAD_BYTES));
      String head = new String(response, 0, 400, StandardCharsets.ISO_8859_1);
      assertTrue(head.contains("TLSv1.3 TLS_AES_"), head);
      assertTrue(head.contains(" X25519MLKEM768\r\n"), head);
      assertEquals("X25519MLKEM768", Conscrypt.getGroupName(socket));
    }
  }

  @Test
  void engineClientAgainstConscryptServerWithX25519MlKem768() throws Exception {
    SSLContext context = SSLContext.getInstance("TLS", conscrypt());
    TlsFiles.init(context, dir, "ec");
    try (SSLServerSocket listener =
        (SSLServerSocket)
            context
                .getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<String> served =
          CompletableFuture.supplyAsync(
              () -> {
                try (SSLSocket socket = (SSLSocket) listener.accept()) {
                  socket.setSoTimeout(20_000);
                  Conscrypt.setNamedGroups(socket, new String[] {"X25519MLKEM768"});
                  InputStream in = socket.getInputStream();
                  byte[] request = in.readNBytes(PAYLOAD_BYTES);
                  OutputStream out = socket.getOutputStream();
                  out.write(request); // echoed
                  out.flush();
                  return Conscrypt.getGroupName(socket);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      SSLEngine engine = engineContext(null).createSSLEngine("localhost", listener.getLocalPort());
      engine.setUseClientMode(true);
      try (EngineSocket socket =
          new EngineSocket(
              engine, new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort()))) {
        socket.handshake();
        socket.write(payload);
        assertArrayEquals(payload, Arrays.copyOf(socket.read(PAYLOAD_BYTES), PAYLOAD_BYTES));
      }
      assertEquals("X25519MLKEM768", served.get(20, TimeUnit.SECONDS));
      assertEquals("X25519MLKEM768", engine.getSession().getValue("carbide.namedGroup"));
      assertEquals("TLSv1.3", engine.getSession().getProtocol());
    }
  }

  private static Provider conscrypt() {
    return Conscrypt.newProvider();
  }
}
