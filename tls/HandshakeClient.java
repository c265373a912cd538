import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * The load generator of {@code ./carbide tls}'s hybrid rows: full TLS 1.3 handshakes, one
 * connection at a time, from Conscrypt's client (BoringSSL), because Debian's {@code openssl
 * s_time} (OpenSSL 3.0) cannot offer X25519MLKEM768 and the bundled OpenSSL 3.5 is kept as
 * libraries only. Every connection has a fresh SSLContext, so nothing is resumed; it sends one GET
 * and reads the whole response, as {@code s_time -new -www} does. The group comes from {@code
 * jdk.tls.namedGroups} (one group: a server without it fails the handshake, so a counted connection
 * used it).
 *
 * <p>Usage: {@code java -cp conscrypt.jar -Djdk.tls.namedGroups=GROUP HandshakeClient.java PORT
 * CERT.pem WARM-SECONDS}. Connects for the warm-up, prints "warm", reads a number of seconds from
 * its standard input, connects for that long and prints "N connections".
 */
public final class HandshakeClient {
  private static final byte[] REQUEST =
      "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII);

  private HandshakeClient() {}

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    KeyStore anchors = KeyStore.getInstance("PKCS12");
    anchors.load(null, null);
    try (InputStream in = Files.newInputStream(Path.of(args[1]))) {
      anchors.setCertificateEntry(
          "server", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
    trust.init(anchors);
    // By reflection, so that this single-file program compiles without Conscrypt's jar.
    Provider conscrypt =
        (Provider) Class.forName("org.conscrypt.Conscrypt").getMethod("newProvider").invoke(null);
    connect(port, conscrypt, trust, Double.parseDouble(args[2]));
    System.out.println("warm");
    System.out.flush();
    String line = new BufferedReader(new InputStreamReader(System.in)).readLine();
    int connections = connect(port, conscrypt, trust, Double.parseDouble(line.trim()));
    System.out.println(connections + " connections");
  }

  private static int connect(int port, Provider provider, TrustManagerFactory trust, double seconds)
      throws Exception {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    byte[] buffer = new byte[32768];
    int connections = 0;
    while (System.nanoTime() < end) {
      SSLContext context = SSLContext.getInstance("TLS", provider);
      context.init(null, trust.getTrustManagers(), null);
      try (SSLSocket socket =
          (SSLSocket)
              context.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port)) {
        socket.setEnabledProtocols(new String[] {"TLSv1.3"});
        OutputStream out = socket.getOutputStream();
        out.write(REQUEST);
        out.flush();
        InputStream in = socket.getInputStream();
        long received = 0;
        for (int n; (n = in.read(buffer)) > 0; ) {
          received += n;
        }
        if (received < 16384) {
          throw new IllegalStateException("a short response: " + received + " bytes");
        }
      }
      connections++;
    }
    return connections;
  }
}
