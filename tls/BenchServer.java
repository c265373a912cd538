import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The HTTPS server of {@code ./carbide tls}: the JDK's own HttpsServer (SunJSSE) on loopback,
 * serving a fixed response of {@code size} random bytes after {@code work} microseconds of busy
 * application work per request. With no certificate it serves plain HTTP, the baseline that shows
 * the server's own cost. The providers are whatever java.security (or its override) lists, so the
 * same code serves the JDK and Carbide configurations. The TLS stack is SunJSSE ({@code jsse}),
 * Carbide's native engine ({@code engine}: {@code SSLContext.getInstance("TLS", "Carbide")}) or
 * Conscrypt's ({@code conscrypt}, its jar on the class path): the same HttpsServer drives each
 * through its SSLEngine.
 *
 * <p>Usage: {@code java BenchServer.java size work-us [cert.pem key.pem protocol suites [stack]]};
 * suites is a comma-separated list or "default"; the named groups come from jdk.tls.namedGroups
 * (SunJSSE, Conscrypt) or carbide.tls.namedGroups (the engine). Prints "ready PORT PROVIDER1
 * TLS-PROVIDER" and serves until its standard input closes.
 */
public final class BenchServer {
  private BenchServer() {}

  public static void main(String[] args) throws Exception {
    byte[] body = new byte[Integer.parseInt(args[0])];
    new SecureRandom().nextBytes(body);
    long workNanos = Long.parseLong(args[1]) * 1000;
    InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    HttpServer server;
    String tls = "none";
    if (args.length > 2) {
      HttpsServer https = HttpsServer.create(address, 256);
      SSLContext context = context(args.length > 6 ? args[6] : "jsse");
      https.setHttpsConfigurator(configurator(context, args[2], args[3], args[4], args[5]));
      server = https;
      tls = context.getProvider().getName();
    } else {
      server = HttpServer.create(address, 256);
    }
    server.createContext("/", exchange -> respond(exchange, body, workNanos));
    ExecutorService workers = Executors.newFixedThreadPool(4);
    server.setExecutor(workers);
    server.start();
    System.out.println(
        "ready "
            + server.getAddress().getPort()
            + " "
            + Security.getProviders()[0].getName()
            + " "
            + tls);
    System.out.flush();
    while (System.in.read() >= 0) {
      // Serve until the benchmark closes our standard input.
    }
    server.stop(0);
    workers.shutdownNow();
  }

  private static void respond(HttpExchange exchange, byte[] body, long workNanos) {
    try (exchange) {
      try (InputStream in = exchange.getRequestBody()) {
        in.readAllBytes();
      }
      busy(workNanos);
      exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (Exception e) {
      // A load generator that drops a connection at the end of its run is not an error.
    }
  }

  /** Application work: spins on arithmetic for the given time, as a request handler computes. */
  private static long sink;

  private static void busy(long nanos) {
    if (nanos <= 0) {
      return;
    }
    long end = System.nanoTime() + nanos;
    long x = sink;
    while (System.nanoTime() < end) {
      for (int i = 0; i < 64; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
    }
    sink = x;
  }

  private static SSLContext context(String stack) throws Exception {
    return switch (stack) {
      case "jsse" -> SSLContext.getInstance("TLS");
      case "engine" -> SSLContext.getInstance("TLS", "Carbide");
      case "conscrypt" -> {
        // By reflection, so that this single-file program compiles without Conscrypt's jar.
        Object provider =
            Class.forName("org.conscrypt.Conscrypt").getMethod("newProvider").invoke(null);
        yield SSLContext.getInstance("TLS", (Provider) provider);
      }
      default -> throw new IllegalArgumentException("unknown TLS stack " + stack);
    };
  }

  private static HttpsConfigurator configurator(
      SSLContext context, String certFile, String keyFile, String protocol, String suites)
      throws Exception {
    Certificate certificate;
    try (InputStream in = Files.newInputStream(Path.of(certFile))) {
      certificate = CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
    String pem = Files.readString(Path.of(keyFile), StandardCharsets.US_ASCII);
    byte[] der =
        Base64.getDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""));
    PrivateKey key =
        KeyFactory.getInstance(certificate.getPublicKey().getAlgorithm())
            .generatePrivate(new PKCS8EncodedKeySpec(der));
    char[] password = "changeit".toCharArray();
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry("server", key, password, new Certificate[] {certificate});
    KeyManagerFactory keys = KeyManagerFactory.getInstance("SunX509");
    keys.init(store, password);
    context.init(keys.getKeyManagers(), null, null);
    return new HttpsConfigurator(context) {
      @Override
      public void configure(HttpsParameters params) {
        SSLParameters parameters = context.getDefaultSSLParameters();
        parameters.setProtocols(new String[] {protocol});
        if (!suites.equals("default")) {
          parameters.setCipherSuites(suites.split(","));
        }
        params.setSSLParameters(parameters);
      }
    };
  }
}
