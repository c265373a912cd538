package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.Tools;
import dev.carbide.tls.PeerProcess;
import dev.carbide.tls.TlsFiles;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OCSP stapling on the engine's client side, against {@code openssl s_server -status_file}: a test
 * CA issues the server's certificate and, through {@code openssl ocsp}, a "good" OCSP response for
 * it, which s_server staples (TLS 1.3 in its Certificate message, TLS 1.2 in CertificateStatus).
 * The client asks for it unless {@code jdk.tls.client.enableStatusRequestExtension=false}, and the
 * handshake session's {@code getStatusResponses()} carries its bytes when the trust manager is
 * asked, so that the JDK's PKIX trust manager with revocation checking accepts the chain on the
 * stapled response alone (the certificate names no OCSP responder and no CRL: without the response
 * its revocation status cannot be determined).
 *
 * <p>Cost: about ten short openssl processes. Skipped without the engine or the openssl tool.
 */
class OcspStaplingTest {
  private static final String STATUS_PROPERTY = "jdk.tls.client.enableStatusRequestExtension";

  @TempDir static Path dir;
  private static byte[] response;

  @BeforeAll
  static void makeCertificatesAndResponse() throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    assumeTrue(
        !FipsSkips.FIPS_PASS,
        "not in the FIPS pass: the stapling cases do not depend on the mode, and FipsEngineTest"
            + " covers the engine in FIPS mode");
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
    OcspResponder.makeCa(dir, null); // the server's certificate names no responder
    OcspResponder.makeLeaf(dir, "server", "4097");
    // The CA's database as openssl ca keeps it: serial 0x1001 valid ("V").
    Files.writeString(
        dir.resolve("index.txt"), "V\t301231235959Z\t\t1001\tunknown\t/CN=localhost\n");
    OcspResponder.openssl(
        dir, "ocsp", "-issuer", "ca.pem", "-cert", "server.pem", "-no_nonce", "-reqout", "req.der");
    response = OcspResponder.answer(dir, "req.der");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void theTrustManagerSeesTheStapledResponse(String protocol) throws Exception {
    RecordingTrust trust = new RecordingTrust(null);
    try (PeerProcess server = sServer(protocol)) {
      SSLEngine engine = handshake(server, context(trust), protocol);
      assertTrue(server.toString().contains("cert_status: callback called"), server::toString);
      List<byte[]> seen = trust.responses.get(0);
      assertEquals(1, seen.size(), "responses when the trust manager was asked");
      assertArrayEquals(response, seen.get(0));
      List<byte[]> kept = ((ExtendedSSLSession) engine.getSession()).getStatusResponses();
      assertArrayEquals(response, kept.get(0));
      kept.get(0)[0] ^= 1; // a copy: the session's own bytes are not the caller's
      assertArrayEquals(
          response, ((ExtendedSSLSession) engine.getSession()).getStatusResponses().get(0));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void pkixWithRevocationAcceptsTheChainOnTheStapledResponse(String protocol) throws Exception {
    RecordingTrust trust = new RecordingTrust(pkixWithRevocation());
    try (PeerProcess server = sServer(protocol)) {
      SSLEngine engine = handshake(server, context(trust), protocol);
      assertEquals(protocol, engine.getSession().getProtocol());
    }
  }

  @Test
  void withThePropertyFalseNoResponseIsAskedFor() throws Exception {
    RecordingTrust recording = new RecordingTrust(null);
    RecordingTrust pkix = new RecordingTrust(pkixWithRevocation());
    SSLContext withoutStatus;
    SSLContext pkixWithoutStatus;
    System.setProperty(STATUS_PROPERTY, "false");
    try {
      withoutStatus = context(recording); // SunJSSE too reads the property per context
      pkixWithoutStatus = context(pkix);
    } finally {
      System.clearProperty(STATUS_PROPERTY);
    }
    for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
      try (PeerProcess server = sServer(protocol)) {
        handshake(server, withoutStatus, protocol);
        assertFalse(server.toString().contains("cert_status: callback called"), server::toString);
      }
      try (PeerProcess server = sServer(protocol)) {
        SSLHandshakeException e =
            assertThrows(
                SSLHandshakeException.class, () -> handshake(server, pkixWithoutStatus, protocol));
        assertTrue(causedBy(e, CertPathValidatorException.class), () -> e.toString());
      }
    }
    for (List<byte[]> seen : recording.responses) {
      assertTrue(seen.isEmpty());
    }
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static SSLContext context(X509ExtendedTrustManager trust) throws Exception {
    SSLContext context = SSLContext.getInstance("TLS", Carbide.provider());
    context.init(null, new TrustManager[] {trust}, null);
    return context;
  }

  private static X509ExtendedTrustManager pkixWithRevocation() throws Exception {
    return OcspResponder.pkixWithRevocation(dir);
  }

  private static PeerProcess sServer(String protocol) throws Exception {
    List<String> command =
        TlsFiles.sServer(
            dir,
            "server",
            "-status_file",
            dir.resolve("response.der").toString(),
            "-status_verbose",
            protocol.equals("TLSv1.3") ? "-tls1_3" : "-tls1_2");
    return PeerProcess.start(command, dir, "ACCEPT ", false);
  }

  /** A Carbide client's handshake with {@code server}, then close_notify; returns the engine. */
  private static SSLEngine handshake(PeerProcess server, SSLContext context, String protocol)
      throws Exception {
    int port = Integer.parseInt(server.readyLine().replaceAll(".*:", "").trim());
    SSLEngine engine = TlsIdentities.client(context, protocol, port);
    try (EngineSocket socket =
        new EngineSocket(engine, new Socket(InetAddress.getLoopbackAddress(), port))) {
      socket.handshake();
      socket.write("hello\n".getBytes(StandardCharsets.US_ASCII));
    } catch (SocketException e) {
      // s_server may close first once the client said goodbye
    }
    return engine;
  }

  /**
   * Records the handshake session's status responses each time the server's chain is checked, then
   * asks {@code delegate} (or accepts, if null).
   */
  private static final class RecordingTrust extends X509ExtendedTrustManager {
    final List<List<byte[]>> responses = new ArrayList<>();
    private final X509ExtendedTrustManager delegate;

    RecordingTrust(X509ExtendedTrustManager delegate) {
      this.delegate = delegate;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      responses.add(((ExtendedSSLSession) engine.getHandshakeSession()).getStatusResponses());
      if (delegate != null) {
        delegate.checkServerTrusted(chain, authType, engine);
      }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
      throw new UnsupportedOperationException("engines only");
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
      throw new UnsupportedOperationException("engines only");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
      throw new UnsupportedOperationException("a client");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
      throw new UnsupportedOperationException("a client");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
      throw new UnsupportedOperationException("a client");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return delegate == null ? new X509Certificate[0] : delegate.getAcceptedIssuers();
    }
  }
}
