package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.Keytool;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * What the socket tests share: an EC P-256 key with a certificate for localhost (SAN DNS localhost
 * and IP 127.0.0.1) made by keytool, Carbide and SunJSSE contexts on it, and servers run on a
 * thread of their own.
 */
final class SocketFixture {
  static final String PASSWORD = "changeit";
  static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
  static final int TIMEOUT_MS = 20_000;

  final Path storeFile;
  final KeyStore store;
  final KeyManagerFactory keys;
  final TrustManagerFactory trust;

  private SocketFixture(Path storeFile) throws Exception {
    this.storeFile = storeFile;
    store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(storeFile)) {
      store.load(in, PASSWORD.toCharArray());
    }
    keys = KeyManagerFactory.getInstance("SunX509");
    keys.init(store, PASSWORD.toCharArray());
    trust = TrustManagerFactory.getInstance("PKIX");
    trust.init(store);
  }

  /** Skips the test class unless the engine is registered (bundled OpenSSL, not FIPS mode). */
  static SocketFixture create(Path dir) throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    Path file = dir.resolve("server.p12");
    Keytool.generateKeyPair(
        file,
        PASSWORD,
        "-keyalg",
        "EC",
        "-groupname",
        "secp256r1",
        "-ext",
        "SAN=dns:localhost,ip:127.0.0.1");
    return new SocketFixture(file);
  }

  X509Certificate certificate() throws Exception {
    return (X509Certificate) store.getCertificate("server");
  }

  SSLContext carbide(String protocol, TrustManager... trustManagers) throws Exception {
    SSLContext context = SSLContext.getInstance(protocol, Carbide.provider());
    context.init(
        keys.getKeyManagers(),
        trustManagers.length > 0 ? trustManagers : trust.getTrustManagers(),
        null);
    return context;
  }

  SSLContext sunJsse() throws Exception {
    SSLContext context = SSLContext.getInstance("TLS", "SunJSSE");
    context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
    return context;
  }

  static SSLServerSocket listen(SSLContext context) throws IOException {
    return (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 4, LOOPBACK);
  }

  static byte[] random(int length, long seed) {
    byte[] bytes = new byte[length];
    new Random(seed).nextBytes(bytes);
    return bytes;
  }

  /** Reads exactly {@code expected.length} bytes and checks them. */
  static void expect(InputStream in, byte[] expected) throws IOException {
    assertArrayEquals(expected, in.readNBytes(expected.length));
  }

  static void send(OutputStream out, byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  /** Work a server does with one accepted connection. */
  interface Connection<T> {
    T serve(Socket socket) throws Exception;
  }

  /** Accepts one connection on a new thread and serves it; the socket is closed afterwards. */
  static <T> Background<T> serveOne(ServerSocket listener, Connection<T> work) {
    return Background.start(
        () -> {
          try (Socket socket = listener.accept()) {
            socket.setSoTimeout(TIMEOUT_MS);
            return work.serve(socket);
          }
        });
  }

  /** A task on a thread of its own (not the common pool: two cores, several servers at once). */
  static final class Background<T> {
    private final FutureTask<T> task;

    private Background(Callable<T> work) {
      task = new FutureTask<>(work);
      Thread thread = new Thread(task, "socket-test-server");
      thread.setDaemon(true);
      thread.start();
    }

    static <T> Background<T> start(Callable<T> work) {
      return new Background<>(work);
    }

    /** The result; a failure on the thread is rethrown here (in an ExecutionException). */
    T get() throws Exception {
      return task.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }
  }
}
