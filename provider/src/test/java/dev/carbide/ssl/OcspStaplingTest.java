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
import java.security.KeyStore;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
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
    Files.writeString(
        dir.resolve("ca.cnf"),
        String.join(
            "\n",
            "[req]",
            "distinguished_name = dn",
            "prompt = no",
            "[dn]",
            "CN = Carbide OCSP test CA",
            "[ca]",
            "basicConstraints = critical,CA:TRUE",
            "keyUsage = critical,keyCertSign,cRLSign,digitalSignature",
            "subjectKeyIdentifier = hash",
            "[server]",
            "subjectAltName = DNS:localhost",
            "authorityKeyIdentifier = keyid",
            ""));
    String[] ecKey = {"-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"};
    openssl(
        "req",
        "-x509",
        "-config",
        "ca.cnf",
        "-extensions",
        "ca",
        ecKey,
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2");
    openssl(
        "req",
        "-new",
        "-config",
        "ca.cnf",
        ecKey,
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
        "-subj",
        "/CN=localhost");
    openssl(
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-set_serial",
        "4097",
        "-days",
        "2",
        "-extfile",
        "ca.cnf",
        "-extensions",
        "server",
        "-out",
        "server.pem");
    // The CA's database as openssl ca keeps it: serial 0x1001 valid ("V").
    Files.writeString(
        dir.resolve("index.txt"), "V\t301231235959Z\t\t1001\tunknown\t/CN=localhost\n");
    openssl("ocsp", "-issuer", "ca.pem", "-cert", "server.pem", "-no_nonce", "-reqout", "req.der");
    openssl(
        "ocsp",
        "-index",
        "index.txt",
        "-CA",
        "ca.pem",
        "-rsigner",
        "ca.pem",
        "-rkey",
        "ca.key",
        "-reqin",
        "req.der",
        "-respout",
        "response.der",
        "-ndays",
        "1");
    response = Files.readAllBytes(dir.resolve("response.der"));
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

  /** The JDK's PKIX trust manager trusting the test CA, with revocation checking on. */
  private static X509ExtendedTrustManager pkixWithRevocation() throws Exception {
    KeyStore anchors = KeyStore.getInstance("PKCS12");
    anchors.load(null, null);
    anchors.setCertificateEntry("ca", TlsFiles.certificate(dir, "ca"));
    PKIXBuilderParameters parameters = new PKIXBuilderParameters(anchors, new X509CertSelector());
    parameters.setRevocationEnabled(true);
    TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
    factory.init(new CertPathTrustManagerParameters(parameters));
    return (X509ExtendedTrustManager) factory.getTrustManagers()[0];
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

  private static void openssl(Object... arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of("openssl"));
    for (Object argument : arguments) {
      if (argument instanceof String[] several) {
        command.addAll(List.of(several));
      } else {
        command.add((String) argument);
      }
    }
    PeerProcess.Output out = PeerProcess.run(command, dir, new byte[0]);
    if (out.exitCode() != 0) {
      throw new AssertionError(command + " failed: " + out);
    }
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
