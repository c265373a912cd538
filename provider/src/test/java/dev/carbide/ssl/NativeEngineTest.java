package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.Keytool;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The native TLS engine (SSLContext "TLS" of Carbide) against SunJSSE and itself, in memory: TLS
 * 1.3 and 1.2 with an EC P-256 certificate from keytool, the hybrid X25519MLKEM768 group between
 * two Carbide engines, the opt-in registration, hostile records, and native state freed for engines
 * dropped mid-handshake. About two seconds, most of it keytool.
 */
class NativeEngineTest {
  private static final String PASSWORD = "changeit";
  private static KeyStore store;
  private static KeyManagerFactory keyManagers;
  private static TrustManagerFactory trustManagers;

  @BeforeAll
  static void certificate(@TempDir Path dir) throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    Path file = dir.resolve("server.p12");
    Keytool.generateKeyPair(file, PASSWORD, "-keyalg", "EC", "-groupname", "secp256r1");
    store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, PASSWORD.toCharArray());
    }
    keyManagers = KeyManagerFactory.getInstance("SunX509");
    keyManagers.init(store, PASSWORD.toCharArray());
    trustManagers = TrustManagerFactory.getInstance("PKIX");
    trustManagers.init(store);
  }

  private static SSLContext carbide(String protocol, TrustManager... trust) throws Exception {
    SSLContext context = SSLContext.getInstance(protocol, Carbide.provider());
    context.init(
        keyManagers.getKeyManagers(),
        trust.length > 0 ? trust : trustManagers.getTrustManagers(),
        null);
    return context;
  }

  private static SSLContext sunJsse() throws Exception {
    SSLContext context = SSLContext.getInstance("TLS", "SunJSSE");
    context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
    return context;
  }

  private static byte[] random(int length, long seed) {
    byte[] bytes = new byte[length];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  private static SSLEngine client(SSLContext context, String protocol) {
    SSLEngine engine = context.createSSLEngine("localhost", 443);
    engine.setUseClientMode(true);
    engine.setEnabledProtocols(new String[] {protocol});
    return engine;
  }

  private static SSLEngine server(SSLContext context) {
    SSLEngine engine = context.createSSLEngine();
    engine.setUseClientMode(false);
    return engine;
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void sunJsseClientAgainstEngineServer(String protocol) throws Exception {
    SSLEngine client = client(sunJsse(), protocol);
    SSLEngine server = server(carbide("TLS"));
    EngineLoop loop = new EngineLoop(client, server);
    loop.exchange(random(40_000, 1), random(30_000, 2));
    EngineLoop.assertSameSession(client, server, protocol);
    assertTrue(loop.clientFinished && loop.serverFinished, "FINISHED reported by both");
    assertEquals(store.getCertificate("server"), client.getSession().getPeerCertificates()[0]);
    assertEquals(store.getCertificate("server"), server.getSession().getLocalCertificates()[0]);
    assertTrue(client.getSession().getCipherSuite().startsWith("TLS_"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void engineClientAgainstSunJsseServer(String protocol) throws Exception {
    SSLEngine client = client(carbide("TLS"), protocol);
    SSLParameters parameters = client.getSSLParameters();
    parameters.setServerNames(List.of(new SNIHostName("www.example.com")));
    client.setSSLParameters(parameters);
    SSLEngine server = server(sunJsse());
    EngineLoop loop = new EngineLoop(client, server);
    loop.exchange(random(20_000, 3), random(50_000, 4));
    EngineLoop.assertSameSession(client, server, protocol);
    assertEquals(
        List.of(new SNIHostName("www.example.com")),
        ((ExtendedSSLSession) server.getSession()).getRequestedServerNames());
    assertTrue(loop.clientFinished && loop.serverFinished, "FINISHED reported by both");
    assertEquals(store.getCertificate("server"), client.getSession().getPeerCertificates()[0]);
  }

  @Test
  void clientCertificateCheckedByTheServersTrustManager() throws Exception {
    SSLEngine client = client(sunJsse(), "TLSv1.3");
    SSLEngine server = server(carbide("TLS"));
    server.setNeedClientAuth(true);
    new EngineLoop(client, server).exchange(random(10, 11), random(10, 12));
    assertEquals(store.getCertificate("server"), server.getSession().getPeerCertificates()[0]);
    // Renegotiation is refused, cleanly.
    assertThrows(SSLException.class, server::beginHandshake);
  }

  @Test
  void hybridKeyExchangeBetweenEngines() throws Exception {
    SSLContext context = carbide("TLS");
    SSLEngine client = client(context, "TLSv1.3");
    SSLEngine server = server(context);
    new EngineLoop(client, server).exchange(random(100, 5), random(100, 6));
    EngineLoop.assertSameSession(client, server, "TLSv1.3");
    String hybrid = TlsIdentities.hybridGroup();
    assertEquals(hybrid, client.getSession().getValue("carbide.namedGroup"));
    assertEquals(hybrid, server.getSession().getValue("carbide.namedGroup"));
  }

  @Test
  void tls12ContextAndApplicationProtocols() throws Exception {
    SSLContext context = carbide("TLSv1.2");
    SSLEngine client = context.createSSLEngine("localhost", 443);
    client.setUseClientMode(true);
    SSLEngine server = server(carbide("TLS"));
    var clientParameters = client.getSSLParameters();
    clientParameters.setApplicationProtocols(new String[] {"h2", "http/1.1"});
    client.setSSLParameters(clientParameters);
    var serverParameters = server.getSSLParameters();
    serverParameters.setApplicationProtocols(new String[] {"http/1.1"});
    server.setSSLParameters(serverParameters);
    new EngineLoop(client, server).exchange(random(10, 7), random(10, 8));
    EngineLoop.assertSameSession(client, server, "TLSv1.2");
    assertEquals("http/1.1", client.getApplicationProtocol());
    assertEquals("http/1.1", server.getApplicationProtocol());
  }

  @Test
  void untrustedServerIsRefusedWithTheTrustManagersReason() throws Exception {
    X509TrustManager refusing =
        new X509TrustManager() {
          @Override
          public void checkClientTrusted(X509Certificate[] chain, String authType)
              throws CertificateException {
            throw new CertificateException("refused by the test");
          }

          @Override
          public void checkServerTrusted(X509Certificate[] chain, String authType)
              throws CertificateException {
            throw new CertificateException("refused by the test");
          }

          @Override
          public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
          }
        };
    SSLEngine client = client(carbide("TLS", refusing), "TLSv1.3");
    SSLEngine server = server(sunJsse());
    SSLHandshakeException e =
        assertThrows(
            SSLHandshakeException.class,
            () -> new EngineLoop(client, server).exchange(new byte[1], new byte[1]));
    assertEquals("refused by the test", e.getCause().getMessage());
  }

  @Test
  void carbideIsNotTheDefaultTlsJustByBeingInstalled() throws Exception {
    Provider provider = Carbide.provider();
    boolean installed = Security.getProvider(provider.getName()) != null;
    if (!installed) {
      Security.insertProviderAt(provider, 1);
    }
    try {
      assertNotEquals("Carbide", SSLContext.getInstance("TLS").getProvider().getName());
      assertNotEquals("Carbide", SSLContext.getInstance("TLSv1.3").getProvider().getName());
      assertNotEquals("Carbide", SSLContext.getDefault().getProvider().getName());
      assertEquals("Carbide", SSLContext.getInstance("TLS", "Carbide").getProvider().getName());
      assertEquals("Carbide", SSLContext.getInstance("TLS", provider).getProvider().getName());
    } finally {
      if (!installed) {
        Security.removeProvider(provider.getName());
      }
    }
  }

  @Test
  void libsslIsMappedOnlyForCarbidesSslContext() throws Exception {
    ChildJvm.Result child = ChildJvm.run(List.of(), LibsslMapping.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("false", child.line("jca\t"), child::toString);
    assertEquals("true", child.line("tls\t"), child::toString);
  }

  @Test
  void hostileRecordsEndInSslException() throws Exception {
    SSLContext context = carbide("TLS");
    ByteBuffer app = ByteBuffer.allocate(CarbideSslEngine.APPLICATION_BUFFER_SIZE);
    // Not TLS at all.
    SSLEngine plaintext = server(context);
    assertThrows(
        SSLException.class,
        () -> plaintext.unwrap(ByteBuffer.wrap("GET / HTTP/1.1\r\n\r\n".getBytes()), app));
    // A record announced longer than what arrived: wait for the rest, consume nothing.
    SSLEngine truncated = server(context);
    ByteBuffer partial = ByteBuffer.wrap(new byte[] {22, 3, 3, 0, 100, 1, 2, 3});
    SSLEngineResult result = truncated.unwrap(partial, app);
    assertEquals(SSLEngineResult.Status.BUFFER_UNDERFLOW, result.getStatus());
    assertEquals(0, result.bytesConsumed());
    // Random bodies behind well-formed headers, as a server and as a client.
    Random random = new Random(9);
    for (int i = 0; i < 200; i++) {
      SSLEngine engine = i % 2 == 0 ? server(context) : client(context, "TLSv1.3");
      int length = random.nextInt(600);
      byte[] record = new byte[5 + length];
      random.nextBytes(record);
      record[0] = (byte) (20 + random.nextInt(5));
      record[1] = 3;
      record[2] = (byte) (1 + random.nextInt(3));
      record[3] = (byte) (length >> 8);
      record[4] = (byte) length;
      engine.beginHandshake();
      try {
        engine.unwrap(ByteBuffer.wrap(record), app);
      } catch (SSLException expected) {
        // the only acceptable failure
      }
      app.clear();
    }
  }

  @Test
  void tamperedApplicationRecordIsRefused() throws Exception {
    SSLContext context = carbide("TLS");
    SSLEngine client = client(context, "TLSv1.3");
    SSLEngine server = server(context);
    new EngineLoop(client, server).exchange(new byte[1], new byte[1]);
    ByteBuffer record = ByteBuffer.allocate(CarbideSslEngine.PACKET_BUFFER_SIZE);
    client.wrap(ByteBuffer.wrap(random(1000, 10)), record);
    record.flip();
    record.put(record.limit() - 1, (byte) (record.get(record.limit() - 1) ^ 1));
    ByteBuffer app = ByteBuffer.allocate(CarbideSslEngine.APPLICATION_BUFFER_SIZE);
    assertThrows(SSLException.class, () -> server.unwrap(record, app));
    // The failed engine is closed, not crashed.
    assertEquals(
        SSLEngineResult.Status.CLOSED, server.unwrap(ByteBuffer.allocate(0), app).getStatus());
  }

  @Test
  void closeNotifyBothWays() throws Exception {
    SSLContext context = carbide("TLS");
    SSLEngine client = client(context, "TLSv1.3");
    SSLEngine server = server(sunJsse());
    new EngineLoop(client, server).exchange(new byte[1], new byte[1]);
    client.closeOutbound();
    ByteBuffer net = ByteBuffer.allocate(CarbideSslEngine.PACKET_BUFFER_SIZE);
    SSLEngineResult result = client.wrap(ByteBuffer.allocate(0), net);
    assertEquals(SSLEngineResult.Status.CLOSED, result.getStatus());
    assertTrue(result.bytesProduced() > 0, "close_notify sent");
    assertTrue(client.isOutboundDone());
    net.flip();
    ByteBuffer app = ByteBuffer.allocate(CarbideSslEngine.APPLICATION_BUFFER_SIZE);
    assertEquals(SSLEngineResult.Status.CLOSED, server.unwrap(net, app).getStatus());
    assertTrue(server.isInboundDone());
  }

  @Test
  void enginesDroppedMidHandshakeAreFreed() throws Exception {
    SSLContext context = carbide("TLS");
    long before = EngineLoop.settledReserved();
    int count = 200;
    List<SSLEngine> engines = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      SSLEngine engine = client(context, "TLSv1.3");
      engine.beginHandshake(); // a ClientHello is queued, never sent
      engines.add(engine);
    }
    // Each engine's native state is accounted while it lives...
    EngineLoop.assertEnginesHeld(before, count);
    engines = null;
    // ... and freed by its Cleaner once the engine is dropped.
    EngineLoop.assertEnginesFreed(before, count);
  }

  @Test
  void unsupportedProtocolIsRefused() throws Exception {
    SSLEngine engine = carbide("TLS").createSSLEngine();
    assertThrows(
        IllegalArgumentException.class, () -> engine.setEnabledProtocols(new String[] {"TLSv1"}));
    assertArrayEquals(new String[] {"TLSv1.3", "TLSv1.2"}, engine.getSupportedProtocols());
  }
}
