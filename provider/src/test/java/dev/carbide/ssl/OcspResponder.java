package dev.carbide.ssl;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.Tools;
import dev.carbide.tls.PeerProcess;
import dev.carbide.tls.TlsFiles;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A real OCSP responder on loopback for the server-side stapling tests (and the CA helpers the
 * client-side ones share): a test CA (made with {@code openssl req}) issues two EC leaves for
 * localhost whose authority information access names this responder, "good" (serial 0x1001, valid
 * in the CA's index) and "revoked" (0x1002); each request the responder receives (a POST of
 * application/ocsp-request) is answered by {@code openssl ocsp -index} from that index, signed by
 * the CA, so a malformed request or a wrong CertID would not get a good answer. It counts the
 * requests, can refuse them (HTTP 503, {@link #available}) or hold them until released ({@link
 * #hold}), and keeps the last response it sent.
 */
final class OcspResponder implements AutoCloseable {
  private static final String[] EC_KEY = {
    "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"
  };
  final Path dir;
  final AtomicInteger requests = new AtomicInteger();
  volatile boolean available = true;
  volatile CountDownLatch hold; // non-null: each request waits for it before it is answered
  volatile byte[] lastResponse;
  private final HttpServer http;
  private final ExecutorService threads = Executors.newCachedThreadPool(OcspResponder::daemon);

  private OcspResponder(Path dir) throws IOException {
    this.dir = dir;
    http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 8);
    http.createContext("/ocsp", this::answer);
    http.setExecutor(threads);
    http.start();
  }

  /** The CA, the two leaves and the responder, in {@code dir}; skips without engine or openssl. */
  static OcspResponder start(Path dir) throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    assumeTrue(!FipsSkips.FIPS_PASS, "the TLS engine is not part of FIPS mode yet");
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
    OcspResponder responder = new OcspResponder(dir);
    try {
      responder.makeCertificates();
    } catch (Exception | Error e) {
      responder.close();
      throw e;
    }
    return responder;
  }

  String url() {
    return "http://127.0.0.1:" + http.getAddress().getPort() + "/ocsp";
  }

  /** The leaf's chain, leaf first, then the CA. */
  X509Certificate[] chain(String leaf) throws Exception {
    return new X509Certificate[] {
      (X509Certificate) TlsFiles.certificate(dir, leaf),
      (X509Certificate) TlsFiles.certificate(dir, "ca")
    };
  }

  PrivateKey key(String leaf) throws Exception {
    return TlsFiles.privateKey(dir, leaf, "EC");
  }

  /** The JDK's PKIX trust manager trusting the test CA, with revocation checking on. */
  X509ExtendedTrustManager pkixWithRevocation() throws Exception {
    return pkixWithRevocation(dir);
  }

  @Override
  public void close() {
    CountDownLatch held = hold;
    if (held != null) {
      held.countDown();
    }
    http.stop(0);
    threads.shutdownNow();
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] request = exchange.getRequestBody().readAllBytes();
      requests.incrementAndGet();
      CountDownLatch held = hold;
      if (held != null) {
        held.await(30, TimeUnit.SECONDS);
      }
      boolean ocspPost =
          exchange.getRequestMethod().equals("POST")
              && "application/ocsp-request"
                  .equals(exchange.getRequestHeaders().getFirst("Content-Type"));
      if (!available || !ocspPost) {
        exchange.sendResponseHeaders(available ? 400 : 503, -1);
        return;
      }
      byte[] response = respond(request);
      lastResponse = response;
      exchange.getResponseHeaders().set("Content-Type", "application/ocsp-response");
      exchange.sendResponseHeaders(200, response.length);
      exchange.getResponseBody().write(response);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      exchange.sendResponseHeaders(500, -1);
    }
  }

  // One openssl ocsp at a time: they share the request and response files.
  private synchronized byte[] respond(byte[] request) throws Exception {
    Files.write(dir.resolve("request.der"), request);
    return answer(dir, "request.der");
  }

  /**
   * {@code openssl ocsp}'s answer from the CA's index.txt in {@code dir} to the request in file
   * {@code request}, signed by the CA, valid a day.
   */
  static byte[] answer(Path dir, String request) throws Exception {
    openssl(
        dir,
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
        request,
        "-respout",
        "response.der",
        "-ndays",
        "1");
    return Files.readAllBytes(dir.resolve("response.der"));
  }

  private void makeCertificates() throws Exception {
    makeCa(dir, url());
    makeLeaf(dir, "good", "4097");
    makeLeaf(dir, "revoked", "4098");
    Files.writeString(
        dir.resolve("index.txt"),
        "V\t301231235959Z\t\t1001\tunknown\t/CN=localhost\n"
            + "R\t301231235959Z\t250101000000Z\t1002\tunknown\t/CN=localhost\n");
  }

  /**
   * A test CA (ca.pem, ca.key) in {@code dir}, and ca.cnf, whose "leaf" extensions name {@code
   * responderUrl} in the authority information access (none if null).
   */
  static void makeCa(Path dir, String responderUrl) throws Exception {
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
            "[leaf]",
            "subjectAltName = DNS:localhost",
            "authorityKeyIdentifier = keyid",
            responderUrl == null ? "" : "authorityInfoAccess = OCSP;URI:" + responderUrl,
            ""));
    openssl(
        dir,
        "req",
        "-x509",
        "-config",
        "ca.cnf",
        "-extensions",
        "ca",
        EC_KEY,
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2");
  }

  /** An EC leaf for localhost issued by the CA: NAME.pem and NAME.key in {@code dir}. */
  static void makeLeaf(Path dir, String name, String serial) throws Exception {
    openssl(
        dir,
        "req",
        "-new",
        "-config",
        "ca.cnf",
        EC_KEY,
        "-keyout",
        name + ".key",
        "-out",
        name + ".csr",
        "-subj",
        "/CN=localhost");
    openssl(
        dir,
        "x509",
        "-req",
        "-in",
        name + ".csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-set_serial",
        serial,
        "-days",
        "2",
        "-extfile",
        "ca.cnf",
        "-extensions",
        "leaf",
        "-out",
        name + ".pem");
  }

  /** Runs the openssl tool in {@code dir}; a String[] argument stands for its elements. */
  static void openssl(Path dir, Object... arguments) throws Exception {
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

  /** The JDK's PKIX trust manager trusting the CA of {@code dir}, with revocation checking on. */
  static X509ExtendedTrustManager pkixWithRevocation(Path dir) throws Exception {
    KeyStore anchors = KeyStore.getInstance("PKCS12");
    anchors.load(null, null);
    anchors.setCertificateEntry("ca", TlsFiles.certificate(dir, "ca"));
    PKIXBuilderParameters parameters = new PKIXBuilderParameters(anchors, new X509CertSelector());
    parameters.setRevocationEnabled(true);
    TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
    factory.init(new CertPathTrustManagerParameters(parameters));
    return (X509ExtendedTrustManager) factory.getTrustManagers()[0];
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "test-ocsp-responder");
    thread.setDaemon(true);
    return thread;
  }
}
