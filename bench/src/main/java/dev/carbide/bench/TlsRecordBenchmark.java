package dev.carbide.bench;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The record path of a keep-alive HTTPS connection alone, without sockets or an HTTP server: two
 * engines of one TLS stack that have finished a TLS 1.3 handshake (AES-256-GCM, EC P-256
 * certificate) in memory, and one operation is a record of {@link #size} bytes wrapped by one and
 * unwrapped by the other. The HTTPS benchmark's keep-alive "TLS CPU per request" is the difference
 * of two figures some four times larger than it, so its sign moves between runs; this one measures
 * the same work directly. A diagnostic, run by hand (docs/tls.md has the command).
 *
 * <p>{@link #provider} chooses the stack: {@code JDK} is SunJSSE on the JDK's providers, {@code
 * Carbide} SunJSSE with Carbide first in the JCA's list (what `security.provider.1=Carbide` gives
 * an application), and {@code Carbide-engine} Carbide's own SSLContext on OpenSSL's libssl.
 */
public class TlsRecordBenchmark extends ProviderBenchmark {
  /** The stack's name for Carbide's native TLS engine. */
  public static final String ENGINE = "Carbide-engine";

  /** The application bytes per record (16 KiB is TLS's largest record, and a bulk response's). */
  @Param({"16384", "1024"})
  public int size;

  private static final String SUITE = "TLS_AES_256_GCM_SHA384";
  private static final char[] PASSWORD = "changeit".toCharArray();

  private Provider installed;
  private SSLEngine sender;
  private SSLEngine receiver;
  private ByteBuffer application;
  private ByteBuffer network;
  private ByteBuffer received;

  @Setup
  public void setup() throws Exception {
    SSLContext context = context();
    sender = context.createSSLEngine("localhost", 443);
    receiver = context.createSSLEngine("localhost", 443);
    sender.setUseClientMode(false);
    receiver.setUseClientMode(true);
    for (SSLEngine engine : List.of(sender, receiver)) {
      engine.setEnabledProtocols(new String[] {"TLSv1.3"});
      engine.setEnabledCipherSuites(new String[] {SUITE});
    }
    int packet = Math.max(sender.getSession().getPacketBufferSize(), 2 * 16_709);
    network = ByteBuffer.allocate(packet);
    received =
        ByteBuffer.allocate(Math.max(receiver.getSession().getApplicationBufferSize(), size));
    application = ByteBuffer.wrap(Inputs.bytes(size, 3));
    handshake();
    String suite = sender.getSession().getCipherSuite();
    if (!suite.equals(SUITE)) {
      throw new IllegalStateException("negotiated " + suite + ", not " + SUITE);
    }
  }

  @TearDown
  public void restore() {
    if (installed != null) {
      Security.removeProvider(installed.getName());
      installed = null;
    }
  }

  /** One record: wrapped by the server, unwrapped by the client. */
  @Benchmark
  public int record() throws SSLException {
    application.clear();
    network.clear();
    check(sender.wrap(application, network), size);
    network.flip();
    received.clear();
    check(receiver.unwrap(network, received), size);
    return received.position();
  }

  private SSLContext context() throws Exception {
    Path store = Files.createTempFile("tls-record", ".p12");
    try {
      Files.delete(store);
      keytool(store);
      KeyStore keys = KeyStore.getInstance("PKCS12");
      try (var in = Files.newInputStream(store)) {
        keys.load(in, PASSWORD);
      }
      KeyManagerFactory keyManagers = KeyManagerFactory.getInstance("SunX509");
      keyManagers.init(keys, PASSWORD);
      TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
      trust.init(keys);
      SSLContext context;
      if (provider.equals(ENGINE)) {
        context = SSLContext.getInstance("TLS", Providers.forType(Providers.CARBIDE, "SSLContext"));
      } else {
        installed = TlsHandshakeCallsBenchmark.install(provider); // Carbide first, for SunJSSE
        context = SSLContext.getInstance("TLS", "SunJSSE");
      }
      context.init(keyManagers.getKeyManagers(), trust.getTrustManagers(), null);
      return context;
    } finally {
      Files.deleteIfExists(store);
    }
  }

  /** An EC P-256 key with a self-signed certificate for localhost, by the JDK's keytool. */
  private static void keytool(Path store) throws Exception {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    Process process =
        new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-keystore",
                store.toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                new String(PASSWORD),
                "-alias",
                "server",
                "-dname",
                "CN=localhost",
                "-validity",
                "2",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1")
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new IllegalStateException("keytool failed: " + output);
    }
  }

  /** Runs both engines' handshake in memory until neither has anything left to do. */
  private void handshake() throws SSLException {
    ByteBuffer toReceiver = ByteBuffer.allocate(network.capacity());
    ByteBuffer toSender = ByteBuffer.allocate(network.capacity());
    ByteBuffer empty = ByteBuffer.allocate(0);
    ByteBuffer sink = ByteBuffer.allocate(received.capacity());
    sender.beginHandshake();
    receiver.beginHandshake();
    for (int step = 0; step < 1000; step++) {
      boolean busy = drive(receiver, empty, toSender, toReceiver, sink);
      busy |= drive(sender, empty, toReceiver, toSender, sink);
      if (!busy && finished(sender) && finished(receiver)) {
        // TLS 1.3's NewSessionTicket follows the server's handshake: read it now, so that the
        // first measured unwrap meets an application record.
        while (toReceiver.position() > 0) {
          toReceiver.flip();
          int read = receiver.unwrap(toReceiver, sink).bytesConsumed();
          toReceiver.compact();
          sink.clear();
          if (read == 0) {
            throw new IllegalStateException("a partial record after the handshake");
          }
        }
        return;
      }
    }
    throw new IllegalStateException("the in-memory handshake did not finish");
  }

  /** One step of {@code engine}: writes into {@code out}, reads from {@code in}. */
  private static boolean drive(
      SSLEngine engine, ByteBuffer empty, ByteBuffer out, ByteBuffer in, ByteBuffer sink)
      throws SSLException {
    boolean busy = false;
    switch (engine.getHandshakeStatus()) {
      case NEED_WRAP -> {
        engine.wrap(empty, out);
        busy = true;
      }
      case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
        in.flip();
        SSLEngineResult result = engine.unwrap(in, sink);
        in.compact();
        sink.clear();
        busy = result.bytesConsumed() > 0;
      }
      case NEED_TASK -> {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
          task.run();
        }
        busy = true;
      }
      default -> {}
    }
    return busy;
  }

  private static boolean finished(SSLEngine engine) {
    return switch (engine.getHandshakeStatus()) {
      case FINISHED, NOT_HANDSHAKING -> true;
      default -> false;
    };
  }

  private static void check(SSLEngineResult result, int expected) {
    if (result.getStatus() != SSLEngineResult.Status.OK
        || result.bytesConsumed() < expected && result.bytesProduced() < expected) {
      throw new IllegalStateException("record step: " + result);
    }
  }
}
