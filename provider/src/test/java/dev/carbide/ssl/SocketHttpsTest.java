package dev.carbide.ssl;

import static dev.carbide.ssl.SocketFixture.LOOPBACK;
import static dev.carbide.ssl.SocketFixture.PASSWORD;
import static dev.carbide.ssl.SocketFixture.TIMEOUT_MS;
import static dev.carbide.ssl.SocketFixture.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.ssl.SocketFixture.Background;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyManagementException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JDK's HTTPS client against a Carbide server socket (on SunJSSE's sockets and on Carbide's),
 * endpoint identification by the trust manager for sockets and engines (a matching and a
 * mismatching name), a plain trust manager refused when a name check is asked for, and the Default
 * context: made initialised, and from the javax.net.ssl system properties with the opt-in in a
 * child JVM. About 9 s on the loaded machine, mostly keytool and the child JVM.
 */
class SocketHttpsTest {
  private static SocketFixture fixture;

  @BeforeAll
  static void certificate(@TempDir Path dir) throws Exception {
    fixture = SocketFixture.create(dir);
  }

  /** A minimal HTTP/1.1 server for one request: answers {@code body}, returns the request head. */
  private static String serveHttp(Socket socket, byte[] body) throws IOException {
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("the request ended early: " + head);
      }
      head.write(b);
    }
    OutputStream out = socket.getOutputStream();
    String status =
        "HTTP/1.1 200 OK\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
    out.write(status.getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    return head.toString(StandardCharsets.US_ASCII);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sunjsse", "carbide"})
  void httpsUrlConnectionAgainstCarbideServerSocket(String client) throws Exception {
    byte[] body = random(50_000, 21);
    SSLSocketFactory factory =
        (client.equals("carbide") ? fixture.carbide("TLS") : fixture.sunJsse()).getSocketFactory();
    try (SSLServerSocket listener = SocketFixture.listen(fixture.carbide("TLS"))) {
      Background<String> served = SocketFixture.serveOne(listener, s -> serveHttp(s, body));
      HttpsURLConnection connection =
          (HttpsURLConnection)
              URI.create("https://localhost:" + listener.getLocalPort() + "/carbide")
                  .toURL()
                  .openConnection();
      connection.setSSLSocketFactory(factory); // the default hostname verifier: HTTPS identity
      connection.setConnectTimeout(TIMEOUT_MS);
      connection.setReadTimeout(TIMEOUT_MS);
      try (InputStream in = connection.getInputStream()) {
        assertEquals(fixture.certificate(), connection.getServerCertificates()[0]);
        assertTrue(connection.getCipherSuite().startsWith("TLS_"), connection.getCipherSuite());
        assertArrayEquals(body, in.readAllBytes());
      }
      connection.disconnect();
      assertTrue(served.get().startsWith("GET /carbide HTTP/1.1\r\n"), "the request head");
    }
  }

  private static SSLParameters withEndpointIdentification(SSLParameters parameters) {
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    return parameters;
  }

  @Test
  void endpointIdentificationOnSockets() throws Exception {
    SSLContext context = fixture.carbide("TLS");
    try (SSLServerSocket listener = SocketFixture.listen(context)) {
      // The certificate's name: accepted.
      Background<Integer> served =
          SocketFixture.serveOne(listener, socket -> socket.getInputStream().read());
      try (SSLSocket socket =
          (SSLSocket)
              context.getSocketFactory().createSocket("localhost", listener.getLocalPort())) {
        socket.setSSLParameters(withEndpointIdentification(socket.getSSLParameters()));
        socket.getOutputStream().write(9);
      }
      assertEquals(9, served.get());

      // Another name, on a socket layered over a plain one: refused by the trust manager.
      Background<String> refused =
          SocketFixture.serveOne(
              listener,
              socket -> {
                try {
                  return "read " + socket.getInputStream().read();
                } catch (IOException expected) {
                  return "failed";
                }
              });
      Socket raw = new Socket(LOOPBACK, listener.getLocalPort());
      SSLSocket layered =
          (SSLSocket)
              context
                  .getSocketFactory()
                  .createSocket(raw, "www.example.com", listener.getLocalPort(), true);
      layered.setSSLParameters(withEndpointIdentification(layered.getSSLParameters()));
      SSLHandshakeException e = assertThrows(SSLHandshakeException.class, layered::startHandshake);
      CertificateException reason = assertInstanceOf(CertificateException.class, e.getCause());
      assertTrue(reason.getMessage().contains("www.example.com"), reason::getMessage);
      assertTrue(layered.isClosed() && raw.isClosed(), "a failed handshake closes the connection");
      assertEquals("failed", refused.get());

      // The same name without endpoint identification: the check above was the refusal.
      Background<Integer> unchecked =
          SocketFixture.serveOne(listener, socket -> socket.getInputStream().read());
      try (SSLSocket socket =
          (SSLSocket)
              context
                  .getSocketFactory()
                  .createSocket(
                      new Socket(LOOPBACK, listener.getLocalPort()),
                      "www.example.com",
                      listener.getLocalPort(),
                      true)) {
        socket.getOutputStream().write(10);
      }
      assertEquals(10, unchecked.get());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"localhost", "www.example.com"})
  void endpointIdentificationOnEngines(String host) throws Exception {
    SSLEngine client = fixture.carbide("TLS").createSSLEngine(host, 443);
    client.setUseClientMode(true);
    client.setSSLParameters(withEndpointIdentification(client.getSSLParameters()));
    SSLEngine server = fixture.sunJsse().createSSLEngine();
    server.setUseClientMode(false);
    EngineLoop loop = new EngineLoop(client, server);
    if (host.equals("localhost")) {
      loop.exchange(new byte[] {1}, new byte[] {2});
    } else {
      SSLHandshakeException e =
          assertThrows(SSLHandshakeException.class, () -> loop.exchange(new byte[1], new byte[1]));
      assertInstanceOf(CertificateException.class, e.getCause());
    }
  }

  /** SunJSSE would wrap a plain trust manager to check the name; Carbide refuses instead. */
  @Test
  void plainTrustManagerCannotSkipEndpointIdentification() throws Exception {
    X509TrustManager pkix = (X509TrustManager) fixture.trust.getTrustManagers()[0];
    X509TrustManager plain =
        new X509TrustManager() {
          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType)
              throws CertificateException {
            pkix.checkClientTrusted(chain, authType);
          }

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType)
              throws CertificateException {
            pkix.checkServerTrusted(chain, authType);
          }

          @Override
          public X509Certificate[] getAcceptedIssuers() {
            return pkix.getAcceptedIssuers();
          }
        };
    for (boolean identify : new boolean[] {false, true}) {
      SSLEngine client = fixture.carbide("TLS", plain).createSSLEngine("localhost", 443);
      client.setUseClientMode(true);
      if (identify) {
        client.setSSLParameters(withEndpointIdentification(client.getSSLParameters()));
      }
      SSLEngine server = fixture.sunJsse().createSSLEngine();
      server.setUseClientMode(false);
      EngineLoop loop = new EngineLoop(client, server);
      if (!identify) {
        loop.exchange(new byte[] {1}, new byte[] {2}); // the trust manager itself is fine
      } else {
        SSLHandshakeException e =
            assertThrows(
                SSLHandshakeException.class, () -> loop.exchange(new byte[1], new byte[1]));
        assertTrue(
            e.getCause().getMessage().contains("needs an X509ExtendedTrustManager"),
            e.getCause()::getMessage);
      }
    }
  }

  @Test
  void defaultContextComesInitialisedAndRefusesInit() throws Exception {
    SSLContext context = SSLContext.getInstance("Default", Carbide.provider());
    assertEquals("Carbide", context.getProvider().getName());
    KeyManagementException e =
        assertThrows(KeyManagementException.class, () -> context.init(null, null, null));
    assertEquals("Default SSLContext is initialized automatically", e.getMessage());
    assertInstanceOf(CarbideSslSocketFactory.class, context.getSocketFactory());
    assertInstanceOf(CarbideSslEngine.class, context.createSSLEngine());
  }

  @Test
  void defaultContextFromSystemPropertiesWithTheOptIn() throws Exception {
    String store = fixture.storeFile.toString();
    ChildJvm.Result child =
        ChildJvm.run(
            List.of(
                "-Dcarbide.tls.default=true",
                "-Djavax.net.ssl.keyStore=" + store,
                "-Djavax.net.ssl.keyStoreType=PKCS12",
                "-Djavax.net.ssl.keyStorePassword=" + PASSWORD,
                "-Djavax.net.ssl.trustStore=" + store,
                "-Djavax.net.ssl.trustStoreType=PKCS12",
                "-Djavax.net.ssl.trustStorePassword=" + PASSWORD),
            DefaultContextReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("Carbide", child.line("default\t"), child::toString);
    assertEquals("42", child.line("answer\t"), child::toString);
    assertEquals("TLSv1.3", child.line("protocol\t"), child::toString);
    assertEquals("CarbideSslSocket", child.line("socket\t"), child::toString);
  }
}
