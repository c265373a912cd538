package dev.carbide.bench;

import dev.carbide.CarbideProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Bulk transfer over one keep-alive loopback {@code SSLSocket} pair, both ends on the same TLS
 * stack: TLS 1.3, TLS_AES_256_GCM_SHA384, an EC P-256 certificate. One operation is 1 MiB written
 * by the client in {@link #writeSize} writes and read whole by the server, which then answers one
 * byte, so the score (operations per second) is MiB/s with both encryption and decryption in it.
 * The auxiliary counters give the CPU time of both threads (client and server) per MiB, which stays
 * comparable on a loaded machine where throughput does not.
 *
 * <p>{@link #stack}: {@code SunJSSE} on the JDK's providers, {@code SunJSSE-Carbide} with Carbide
 * at priority 1 (the JCA under SunJSSE), {@code Engine} Carbide's native TLS engine ({@code
 * SSLContext.getInstance("TLS", carbide)}) on both ends. A diagnostic run by hand (docs/tls.md has
 * the command and the figures), not part of the launcher's suite ({@link Catalog}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TlsSocketThroughputBenchmark {
  private static final int BYTES_PER_OP = 1 << 20;
  static final String PASSWORD = "changeit";

  @Param({"SunJSSE", "SunJSSE-Carbide", "Engine"})
  public String stack;

  @Param({"16384"})
  public int writeSize;

  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private SSLServerSocket listener;
  private SSLSocket client;
  private OutputStream toServer;
  private InputStream fromServer;
  private Thread server;
  private volatile Throwable serverFailure;
  private byte[] chunk;

  /** CPU time of the client and server threads, and MiB moved, summed over each iteration. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Cpu {
    public long cpuMicros;
    public long mebibytes;

    @Setup(Level.Iteration)
    public void reset() {
      cpuMicros = 0;
      mebibytes = 0;
    }
  }

  @Setup(Level.Trial)
  public void connect() throws Exception {
    Provider carbide = new CarbideProvider();
    if (CarbideProvider.loadError() != null) {
      throw new IllegalStateException("Carbide did not load", CarbideProvider.loadError());
    }
    if (stack.equals("SunJSSE-Carbide")) {
      Security.insertProviderAt(carbide, 1);
    }
    SSLContext context =
        stack.equals("Engine")
            ? SSLContext.getInstance("TLS", carbide)
            : SSLContext.getInstance("TLS", "SunJSSE");
    KeyStore store = serverIdentity();
    KeyManagerFactory keys = KeyManagerFactory.getInstance("SunX509");
    keys.init(store, PASSWORD.toCharArray());
    TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
    trust.init(store);
    context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);

    InetAddress loopback = InetAddress.getLoopbackAddress();
    listener =
        (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 1, loopback);
    listener.setEnabledProtocols(new String[] {"TLSv1.3"});
    listener.setEnabledCipherSuites(new String[] {"TLS_AES_256_GCM_SHA384"});
    server = new Thread(this::serve, "tls-throughput-server");
    server.setDaemon(true);
    server.start();
    client = (SSLSocket) context.getSocketFactory().createSocket(loopback, listener.getLocalPort());
    client.setTcpNoDelay(true);
    client.setEnabledProtocols(new String[] {"TLSv1.3"});
    client.setEnabledCipherSuites(new String[] {"TLS_AES_256_GCM_SHA384"});
    client.startHandshake();
    String suite = client.getSession().getCipherSuite();
    if (!suite.equals("TLS_AES_256_GCM_SHA384")) {
      throw new IllegalStateException("negotiated " + suite);
    }
    toServer = client.getOutputStream();
    fromServer = client.getInputStream();
    chunk = new byte[writeSize];
    new Random(1).nextBytes(chunk);
  }

  // The server's end: reads each MiB whole, then answers one byte.
  private void serve() {
    try (SSLSocket socket = (SSLSocket) listener.accept()) {
      socket.setTcpNoDelay(true);
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      byte[] buffer = new byte[64 * 1024];
      while (true) {
        for (int left = BYTES_PER_OP; left > 0; ) {
          int n = in.read(buffer, 0, Math.min(buffer.length, left));
          if (n < 0) {
            return;
          }
          left -= n;
        }
        out.write(1);
        out.flush();
      }
    } catch (IOException | RuntimeException e) {
      serverFailure = e;
    }
  }

  @Benchmark
  public int transferMebibyte(Cpu cpu) throws IOException {
    long serverId = server.threadId();
    long before = threads.getCurrentThreadCpuTime() + threads.getThreadCpuTime(serverId);
    for (int sent = 0; sent < BYTES_PER_OP; sent += writeSize) {
      toServer.write(chunk, 0, Math.min(writeSize, BYTES_PER_OP - sent));
    }
    toServer.flush();
    int ack = fromServer.read();
    if (ack != 1) {
      throw new IOException("no acknowledgement from the server: " + serverFailure);
    }
    long after = threads.getCurrentThreadCpuTime() + threads.getThreadCpuTime(serverId);
    cpu.cpuMicros += (after - before) / 1000;
    cpu.mebibytes++;
    return ack;
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    client.close();
    listener.close();
    server.join(10_000);
    if (stack.equals("SunJSSE-Carbide")) {
      Security.removeProvider(CarbideProvider.NAME);
    }
  }

  /** An EC P-256 identity "server" from keytool (of the running JDK), in a new PKCS12 store. */
  static KeyStore serverIdentity() throws Exception {
    Path dir = Files.createTempDirectory("carbide-tls-bench");
    Path file = dir.resolve("server.p12");
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    Process process =
        new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                file.toString(),
                "-storepass",
                PASSWORD,
                "-keypass",
                PASSWORD)
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new IllegalStateException("keytool failed: " + output);
    }
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, PASSWORD.toCharArray());
    }
    Files.delete(file);
    Files.delete(dir);
    return store;
  }
}
