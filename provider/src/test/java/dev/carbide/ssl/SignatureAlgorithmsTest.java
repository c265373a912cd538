package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.ByteBuffer;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ExtendedSSLSession}'s signature algorithms on the native engine beside SunJSSE in the same
 * role: the local list on the handshake session (as the trust manager sees it) and on the final
 * one, equal to what the client's ClientHello offered; the peer's list as a SunJSSE server reports
 * it for the same client. Under a second after the shared identities exist.
 */
class SignatureAlgorithmsTest {

  /** The PKIX trust manager, keeping the local algorithms of the handshake session it was given. */
  private static final class SessionProbe extends X509ExtendedTrustManager {
    private final X509ExtendedTrustManager trust;
    volatile String[] handshakeLocal;

    SessionProbe() throws Exception {
      trust = (X509ExtendedTrustManager) TlsIdentities.trustManager();
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      handshakeLocal =
          ((ExtendedSSLSession) engine.getHandshakeSession())
              .getLocalSupportedSignatureAlgorithms();
      trust.checkServerTrusted(chain, authType, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      trust.checkClientTrusted(chain, authType, engine);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      trust.checkServerTrusted(chain, authType, socket);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      trust.checkClientTrusted(chain, authType, socket);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      trust.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      trust.checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return trust.getAcceptedIssuers();
    }
  }

  private static int port = 3000; // a new peer each time: full handshakes

  private static FixedKeyManager serverKeys() throws Exception {
    return new FixedKeyManager(TlsIdentities.key("server"), TlsIdentities.chain("server"));
  }

  /**
   * The JCA names of the signature_algorithms extension of the ClientHello {@code client} sends.
   */
  static List<String> offeredInClientHello(SSLEngine client) throws Exception {
    ByteBuffer hello = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
    SSLEngineResult result = client.wrap(ByteBuffer.allocate(0), hello);
    assertTrue(result.bytesProduced() > 0);
    hello.flip();
    hello.position(5 + 4 + 2 + 32); // record header, handshake header, version, random
    hello.position(hello.position() + 1 + (hello.get(hello.position()) & 0xff)); // session ID
    hello.position(hello.position() + 2 + (hello.getShort(hello.position()) & 0xffff)); // suites
    hello.position(hello.position() + 1 + (hello.get(hello.position()) & 0xff)); // compression
    int end = hello.position() + 2 + (hello.getShort() & 0xffff);
    while (hello.position() < end) {
      int type = hello.getShort() & 0xffff;
      int length = hello.getShort() & 0xffff;
      if (type == 13) { // signature_algorithms
        int[] schemes = new int[(hello.getShort() & 0xffff) / 2];
        for (int i = 0; i < schemes.length; i++) {
          schemes[i] = hello.getShort() & 0xffff;
        }
        return List.of(SignatureSchemes.algorithmNames(schemes));
      }
      hello.position(hello.position() + length);
    }
    throw new AssertionError("no signature_algorithms in the ClientHello");
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void localAlgorithmsAreWhatTheClientOffers(String protocol) throws Exception {
    for (String provider : new String[] {"Carbide", "SunJSSE"}) {
      SessionProbe probe = new SessionProbe();
      SSLContext client = TlsIdentities.context(provider, null, probe);
      SSLContext server = TlsIdentities.context("SunJSSE", serverKeys(), null);
      SSLEngine clientEngine = TlsIdentities.client(client, protocol, port++);
      SSLEngine serverEngine = TlsIdentities.server(server);
      new EngineLoop(clientEngine, serverEngine).exchange(new byte[] {1}, new byte[] {2});
      String[] local =
          ((ExtendedSSLSession) clientEngine.getSession()).getLocalSupportedSignatureAlgorithms();
      assertNotNull(probe.handshakeLocal, provider);
      assertTrue(local.length > 0, provider + ": no local algorithms");
      assertArrayEquals(local, probe.handshakeLocal, provider + ": handshake and final differ");
      assertTrue(List.of(local).contains("SHA256withECDSA"), provider + " " + List.of(local));
      assertTrue(List.of(local).contains("RSASSA-PSS"), provider + " " + List.of(local));
      // A client limited to TLS 1.3 offers no scheme only TLS 1.2 allows, on either stack.
      assertEquals(
          protocol.equals("TLSv1.2"),
          List.of(local).contains("SHA224withECDSA"),
          provider + " " + List.of(local));
      if (provider.equals("Carbide")) {
        SSLEngine fresh = TlsIdentities.client(client, protocol, port++);
        assertEquals(
            offeredInClientHello(fresh),
            List.of(
                ((ExtendedSSLSession) fresh.getHandshakeSession())
                    .getLocalSupportedSignatureAlgorithms()));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void serversReportTheSameClientAlikeAndTheirOwnList(String protocol) throws Exception {
    SSLContext client = TlsIdentities.context("SunJSSE", null, null);
    List<List<String>> peer = new ArrayList<>();
    for (String provider : new String[] {"Carbide", "SunJSSE"}) {
      SSLContext server = TlsIdentities.context(provider, serverKeys(), null);
      SSLEngine serverEngine = TlsIdentities.server(server);
      new EngineLoop(TlsIdentities.client(client, protocol, port++), serverEngine)
          .exchange(new byte[] {1}, new byte[] {2});
      ExtendedSSLSession session = (ExtendedSSLSession) serverEngine.getSession();
      peer.add(List.of(session.getPeerSupportedSignatureAlgorithms()));
      assertTrue(session.getLocalSupportedSignatureAlgorithms().length > 0, provider);
    }
    assertFalse(peer.get(0).isEmpty());
    assertEquals(peer.get(1), peer.get(0), "Carbide's server (first) and SunJSSE's (second)");
  }
}
