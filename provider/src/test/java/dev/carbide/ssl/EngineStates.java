package dev.carbide.ssl;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.Keytool;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Random;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * What the engine state-machine, hostile-input and Jetty tests share: an EC P-256 identity for
 * localhost from keytool, the Carbide and SunJSSE contexts built on it (each trusting it), engine
 * pairs, and a few buffer moves.
 */
final class EngineStates {
  private static final String PASSWORD = "changeit";
  private static SSLContext carbide;
  private static SSLContext sunJsse;

  private EngineStates() {}

  /** Skips unless the engine is there; makes the identity and both contexts, once per JVM. */
  static synchronized void setUp(Path dir) throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    if (carbide != null) {
      return;
    }
    Path file = dir.resolve("server.p12");
    Keytool.generateKeyPair(
        file, PASSWORD, "-keyalg", "EC", "-groupname", "secp256r1", "-ext", "SAN=dns:localhost");
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, PASSWORD.toCharArray());
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance("SunX509");
    keys.init(store, PASSWORD.toCharArray());
    TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
    trust.init(store);
    SSLContext engine = SSLContext.getInstance("TLS", Carbide.provider());
    engine.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
    SSLContext jsse = SSLContext.getInstance("TLS", "SunJSSE");
    jsse.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
    carbide = engine;
    sunJsse = jsse;
  }

  static SSLContext context(boolean carbideEngine) {
    return carbideEngine ? carbide : sunJsse;
  }

  static SSLEngine client(boolean carbideEngine, String protocol) {
    SSLEngine engine = context(carbideEngine).createSSLEngine("localhost", 443);
    engine.setUseClientMode(true);
    engine.setEnabledProtocols(new String[] {protocol});
    return engine;
  }

  static SSLEngine server(boolean carbideEngine) {
    SSLEngine engine = context(carbideEngine).createSSLEngine();
    engine.setUseClientMode(false);
    return engine;
  }

  /** A connected pair: the handshake done and one byte across each way. */
  static EngineLoop connected(SSLEngine client, SSLEngine server) throws SSLException {
    EngineLoop loop = new EngineLoop(client, server);
    loop.exchange(new byte[] {1}, new byte[] {2});
    return loop;
  }

  static byte[] random(int length, long seed) {
    byte[] bytes = new byte[length];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  /** Wraps all of {@code data} into records (a packet-sized buffer per call); returns them. */
  static byte[] wrapAll(SSLEngine engine, byte[] data) throws SSLException {
    ByteBuffer src = ByteBuffer.wrap(data);
    ByteArrayOutputStream records = new ByteArrayOutputStream();
    ByteBuffer net = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
    do {
      net.clear();
      SSLEngineResult result = engine.wrap(src, net);
      if (result.getStatus() != SSLEngineResult.Status.OK) {
        throw new AssertionError("wrap: " + result);
      }
      records.write(net.array(), 0, net.position());
      if (result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
        break; // the handshake is waiting for the peer
      }
    } while (src.hasRemaining());
    return records.toByteArray();
  }

  /** What one handshake flight of {@code engine} is: wraps until it has nothing more to send. */
  static byte[] flight(SSLEngine engine) throws SSLException {
    ByteArrayOutputStream records = new ByteArrayOutputStream();
    ByteBuffer net = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
    while (engine.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_WRAP) {
      net.clear();
      engine.wrap(ByteBuffer.allocate(0), net);
      for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
        task.run();
      }
      if (net.position() == 0) {
        break;
      }
      records.write(net.array(), 0, net.position());
    }
    return records.toByteArray();
  }

  /**
   * Unwraps all of {@code records} into {@code engine} (whole records at once), running tasks;
   * returns the application bytes produced.
   */
  static byte[] unwrapAll(SSLEngine engine, byte[] records) throws SSLException {
    ByteBuffer src = ByteBuffer.wrap(records);
    ByteBuffer app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (src.hasRemaining()) {
      SSLEngineResult result = engine.unwrap(src, app);
      for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
        task.run();
      }
      out.write(app.array(), 0, app.position());
      app.clear();
      if (result.getStatus() != SSLEngineResult.Status.OK
          || result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
        break;
      }
    }
    return out.toByteArray();
  }
}
