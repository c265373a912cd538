package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Session resumption on the native engine: Carbide with Carbide, and with SunJSSE on either side,
 * TLS 1.3 (tickets) and 1.2 (tickets and session IDs). Resumption is asserted twice: OpenSSL
 * reports the session reused ({@link CarbideSslSession#resumed}), and the client's trust manager is
 * not asked again. About two seconds, one of them the short timeout's wait.
 */
class SessionResumptionTest {

  /** The PKIX trust manager over the shared identities, counting the server chains it checks. */
  private static final class CountingTrust implements X509TrustManager {
    final AtomicInteger serverChecks = new AtomicInteger();
    private final X509TrustManager trust;

    CountingTrust() throws Exception {
      trust = TlsIdentities.trustManager();
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      trust.checkClientTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      serverChecks.incrementAndGet();
      trust.checkServerTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return trust.getAcceptedIssuers();
    }
  }

  private static FixedKeyManager serverKeys() throws Exception {
    return new FixedKeyManager(TlsIdentities.key("server"), TlsIdentities.chain("server"));
  }

  /** One connection to localhost:{@code port}; returns {client, server}. */
  private static SSLEngine[] connect(
      SSLContext client, SSLContext server, String protocol, int port) throws Exception {
    SSLEngine clientEngine = TlsIdentities.client(client, protocol, port);
    SSLEngine serverEngine = TlsIdentities.server(server);
    // Data both ways, so that a TLS 1.3 ticket reaches the client before the connection ends.
    new EngineLoop(clientEngine, serverEngine).exchange(new byte[] {1, 2}, new byte[] {3, 4});
    return new SSLEngine[] {clientEngine, serverEngine};
  }

  private static boolean resumed(SSLEngine engine) {
    return ((CarbideSslSession) engine.getSession()).resumed();
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void engineResumesWithEngine(String protocol) throws Exception {
    CountingTrust trust = new CountingTrust();
    SSLContext client = TlsIdentities.context("Carbide", null, trust);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    SSLEngine[] first = connect(client, server, protocol, 443);
    assertFalse(resumed(first[0]));
    assertFalse(resumed(first[1]));
    for (int i = 0; i < 2; i++) {
      SSLEngine[] again = connect(client, server, protocol, 443);
      assertTrue(resumed(again[0]), "the client did not resume");
      assertTrue(resumed(again[1]), "the server did not resume");
      assertEquals(protocol, again[0].getSession().getProtocol());
      assertEquals(
          first[0].getSession().getCreationTime(), again[0].getSession().getCreationTime());
      assertEquals(
          TlsIdentities.chain("server")[0], again[0].getSession().getPeerCertificates()[0]);
      assertEquals(
          TlsIdentities.chain("server")[0], again[1].getSession().getLocalCertificates()[0]);
    }
    assertEquals(1, trust.serverChecks.get(), "the server's chain was verified again");
    // Another port is another peer: a full handshake.
    assertFalse(resumed(connect(client, server, protocol, 444)[0]));
    assertEquals(2, trust.serverChecks.get());
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void sunJsseClientResumesWithTheEngineServer(String protocol) throws Exception {
    SSLContext client = TlsIdentities.context("SunJSSE", null, null);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    assertFalse(resumed(connect(client, server, protocol, 443)[1]));
    SSLEngine[] again = connect(client, server, protocol, 443);
    assertTrue(resumed(again[1]), "the server did not resume SunJSSE's session");
    assertEquals(protocol, again[1].getSession().getProtocol());
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void engineClientResumesWithSunJsse(String protocol) throws Exception {
    CountingTrust trust = new CountingTrust();
    SSLContext client = TlsIdentities.context("Carbide", null, trust);
    SSLContext server = TlsIdentities.context("SunJSSE", serverKeys(), null);
    assertFalse(resumed(connect(client, server, protocol, 443)[0]));
    SSLEngine[] again = connect(client, server, protocol, 443);
    assertTrue(resumed(again[0]), "the client did not resume with SunJSSE");
    assertEquals(1, trust.serverChecks.get());
    assertEquals(TlsIdentities.chain("server")[0], again[0].getSession().getPeerCertificates()[0]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void anInvalidatedSessionIsNotResumed(String protocol) throws Exception {
    CountingTrust trust = new CountingTrust();
    SSLContext client = TlsIdentities.context("Carbide", null, trust);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    SSLSession session = connect(client, server, protocol, 443)[0].getSession();
    assertTrue(session.isValid());
    session.invalidate();
    assertFalse(session.isValid());
    assertFalse(resumed(connect(client, server, protocol, 443)[0]));
    assertEquals(2, trust.serverChecks.get());
    // The session of a resumed handshake, invalidated, ends resumption too.
    SSLEngine resumedClient = connect(client, server, protocol, 443)[0];
    assertTrue(resumed(resumedClient));
    resumedClient.getSession().invalidate();
    assertFalse(resumed(connect(client, server, protocol, 443)[0]));
  }

  @Test
  void sessionContextsKeepTheJdksDefaultsAndRefuseNegatives() throws Exception {
    SSLContext context = TlsIdentities.context("Carbide", serverKeys(), null);
    for (SSLSessionContext sessions :
        List.of(context.getClientSessionContext(), context.getServerSessionContext())) {
      assertEquals(86400, sessions.getSessionTimeout());
      assertEquals(20480, sessions.getSessionCacheSize());
      assertThrows(IllegalArgumentException.class, () -> sessions.setSessionTimeout(-1));
      assertThrows(IllegalArgumentException.class, () -> sessions.setSessionCacheSize(-1));
      assertThrows(NullPointerException.class, () -> sessions.getSession(null));
    }
  }

  @Test
  void theClientSessionContextListsItsSessions() throws Exception {
    SSLContext client = TlsIdentities.context("Carbide", null, null);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    SSLSessionContext sessions = client.getClientSessionContext();
    SSLSession session = connect(client, server, "TLSv1.3", 443)[0].getSession();
    assertSame(sessions, session.getSessionContext());
    List<byte[]> ids = Collections.list(sessions.getIds());
    assertEquals(1, ids.size());
    assertArrayEquals(session.getId(), ids.get(0));
    assertSame(session, sessions.getSession(session.getId()));
    session.invalidate();
    assertNull(sessions.getSession(session.getId()));
    assertFalse(sessions.getIds().hasMoreElements());
  }

  @Test
  void aStatefulServerListsItsSessionsAndInvalidationEndsResumption() throws Exception {
    String property = "jdk.tls.server.enableSessionTicketExtension";
    String before = System.getProperty(property);
    System.setProperty(property, "false"); // read when the context is made, as SunJSSE does
    SSLContext server;
    try {
      server = TlsIdentities.context("Carbide", serverKeys(), null);
    } finally {
      if (before == null) {
        System.clearProperty(property);
      } else {
        System.setProperty(property, before);
      }
    }
    SSLContext client = TlsIdentities.context("Carbide", null, null);
    SSLSessionContext sessions = server.getServerSessionContext();
    int port = 443;
    for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
      SSLEngine[] first = connect(client, server, protocol, ++port);
      SSLSession session = first[1].getSession();
      assertSame(sessions, session.getSessionContext());
      assertTrue(
          Collections.list(sessions.getIds()).stream()
              .anyMatch(id -> Arrays.equals(id, session.getId())));
      assertSame(session, sessions.getSession(session.getId()));
      if (protocol.equals("TLSv1.2")) {
        assertArrayEquals(first[0].getSession().getId(), session.getId()); // a session ID
      }
      SSLEngine[] again = connect(client, server, protocol, port);
      assertTrue(resumed(again[1]), "the server did not resume from its cache");
      again[1].getSession().invalidate();
      assertNull(sessions.getSession(again[1].getSession().getId()));
      assertFalse(
          resumed(connect(client, server, protocol, port)[1]),
          "an invalidated server session was resumed");
    }
  }

  @Test
  void timeoutsAndCacheSizeBoundResumption() throws Exception {
    SSLContext client = TlsIdentities.context("Carbide", null, null);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    // 0 is no limit.
    client.getClientSessionContext().setSessionTimeout(0);
    connect(client, server, "TLSv1.3", 443);
    assertTrue(resumed(connect(client, server, "TLSv1.3", 443)[0]));
    // A one-entry cache keeps the newest peer only.
    client.getClientSessionContext().setSessionCacheSize(1);
    connect(client, server, "TLSv1.3", 444);
    assertFalse(resumed(connect(client, server, "TLSv1.3", 443)[0]));
    // A short timeout ends resumption once it has passed.
    client.getClientSessionContext().setSessionTimeout(1);
    client.getClientSessionContext().setSessionCacheSize(0);
    connect(client, server, "TLSv1.3", 445);
    Thread.sleep(1100);
    assertFalse(resumed(connect(client, server, "TLSv1.3", 445)[0]));
  }

  @Test
  void extendedSessionsReportServerNamesAndThePeersSignatureAlgorithms() throws Exception {
    SSLContext client = TlsIdentities.context("SunJSSE", null, null);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    SSLEngine clientEngine = client.createSSLEngine("www.example.com", 443);
    clientEngine.setUseClientMode(true);
    SSLEngine serverEngine = TlsIdentities.server(server);
    new EngineLoop(clientEngine, serverEngine).exchange(new byte[] {1}, new byte[] {2});
    ExtendedSSLSession session = (ExtendedSSLSession) serverEngine.getSession();
    assertEquals(List.of(new SNIHostName("www.example.com")), session.getRequestedServerNames());
    List<String> offered = List.of(session.getPeerSupportedSignatureAlgorithms());
    assertTrue(
        offered.containsAll(List.of("SHA256withECDSA", "RSASSA-PSS", "Ed25519")),
        offered::toString);
    // And a Carbide client reports the name it sent.
    SSLContext carbideClient = TlsIdentities.context("Carbide", null, null);
    SSLEngine carbideEngine = carbideClient.createSSLEngine("www.example.com", 443);
    carbideEngine.setUseClientMode(true);
    new EngineLoop(carbideEngine, TlsIdentities.server(server))
        .exchange(new byte[] {1}, new byte[] {2});
    assertEquals(
        List.of(new SNIHostName("www.example.com")),
        ((ExtendedSSLSession) carbideEngine.getSession()).getRequestedServerNames());
  }

  @Test
  void manyThreadsResumeThroughOneContext() throws Exception {
    SSLContext client = TlsIdentities.context("Carbide", null, null);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    int threads = 4;
    int rounds = 10;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int port = 500 + t / 2; // two threads per peer: they share and replace its session
        String protocol = t / 2 == 0 ? "TLSv1.3" : "TLSv1.2";
        results.add(
            pool.submit(
                () -> {
                  int resumed = 0;
                  for (int i = 0; i < rounds; i++) {
                    SSLEngine[] engines = connect(client, server, protocol, port);
                    resumed += resumed(engines[0]) ? 1 : 0;
                  }
                  return resumed;
                }));
      }
      int resumed = 0;
      for (Future<Integer> result : results) {
        resumed += result.get(60, TimeUnit.SECONDS);
      }
      // Each peer's first handshake is full; racing first handshakes may add a few more.
      assertTrue(resumed >= threads * rounds - 2 * threads, "resumed " + resumed);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aServerTimeoutRefusesAnOldTicket() throws Exception {
    SSLContext client = TlsIdentities.context("Carbide", null, null);
    SSLContext server = TlsIdentities.context("Carbide", serverKeys(), null);
    server.getServerSessionContext().setSessionTimeout(1);
    connect(client, server, "TLSv1.2", 443);
    Thread.sleep(1100);
    assertFalse(resumed(connect(client, server, "TLSv1.2", 443)[0]));
  }
}
