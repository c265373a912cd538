package dev.carbide.tls;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * What the interop peers share: the PEM files the test writes with the openssl tool (NAME.pem,
 * NAME.key for the certificates "ec", "rsa" and "client"), turned into an SSLContext through the
 * JCA (so with Carbide first, the keys are Carbide's), and the few HTTP/1.x bytes they exchange.
 */
public final class TlsFiles {
  private TlsFiles() {}

  /**
   * A TLS context that presents {@code identity} (or nothing, if null) and trusts the certificates
   * {@code trusted}, all from {@code dir}.
   */
  static SSLContext context(Path dir, String identity, String... trusted) throws Exception {
    return init(SSLContext.getInstance("TLS"), dir, identity, trusted);
  }

  /** Initialises {@code context} (any provider's) as {@link #context} does; returns it. */
  public static SSLContext init(SSLContext context, Path dir, String identity, String... trusted)
      throws Exception {
    KeyStore keys = KeyStore.getInstance("PKCS12");
    keys.load(null, null);
    char[] password = "changeit".toCharArray();
    if (identity != null) {
      Certificate certificate = certificate(dir, identity);
      PrivateKey key = privateKey(dir, identity, certificate.getPublicKey().getAlgorithm());
      keys.setKeyEntry(identity, key, password, new Certificate[] {certificate});
    }
    KeyStore anchors = KeyStore.getInstance("PKCS12");
    anchors.load(null, null);
    for (String name : trusted) {
      anchors.setCertificateEntry(name, certificate(dir, name));
    }
    KeyManagerFactory keyManagers = KeyManagerFactory.getInstance("SunX509");
    keyManagers.init(keys, password);
    TrustManagerFactory trustManagers = TrustManagerFactory.getInstance("PKIX");
    trustManagers.init(anchors);
    context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
    return context;
  }

  /**
   * Makes a self-signed certificate with the openssl tool: NAME.pem and NAME.key in {@code dir},
   * for {@code commonName} (also its DNS subject alternative name), valid two days.
   */
  public static void makeCertificate(
      Path dir, String name, String commonName, String type, String... keyOptions)
      throws Exception {
    List<String> command = new ArrayList<>(List.of("openssl", "req", "-x509", "-newkey", type));
    command.addAll(List.of(keyOptions));
    command.addAll(
        List.of(
            "-nodes",
            "-keyout",
            dir.resolve(name + ".key").toString(),
            "-out",
            dir.resolve(name + ".pem").toString(),
            "-days",
            "2",
            "-subj",
            "/CN=" + commonName,
            "-addext",
            "subjectAltName=DNS:" + commonName));
    PeerProcess.Output out = PeerProcess.run(command, dir, new byte[0]);
    if (out.exitCode() != 0) {
      throw new AssertionError("openssl req failed: " + out);
    }
  }

  /**
   * {@code openssl s_server}'s command on a free loopback port, presenting NAME.pem and NAME.key of
   * {@code dir}, then {@code options}; line-buffered, so that what s_server prints about a
   * handshake is there while it runs. Start it with {@code PeerProcess.start(command, dir, "ACCEPT
   * ", false)}; its ready line ends with the port.
   */
  public static List<String> sServer(Path dir, String name, String... options) {
    List<String> command =
        new ArrayList<>(
            List.of(
                "stdbuf",
                "-oL",
                "openssl",
                "s_server",
                "-accept",
                "127.0.0.1:0",
                "-cert",
                dir.resolve(name + ".pem").toString(),
                "-key",
                dir.resolve(name + ".key").toString()));
    command.addAll(List.of(options));
    return command;
  }

  /**
   * curl's command for https://localhost:PORT/ (resolved to 127.0.0.1) trusting {@code trust}.pem,
   * the response head into curl.head and the body into curl.body in {@code dir} (both deleted
   * first), POSTing payload.bin if {@code post}; {@code options} go before the URL.
   */
  public static List<String> curl(
      Path dir, int port, String trust, boolean post, List<String> options) throws IOException {
    Files.deleteIfExists(dir.resolve("curl.body"));
    Files.deleteIfExists(dir.resolve("curl.head"));
    List<String> command =
        new ArrayList<>(
            List.of(
                "curl",
                "-sS",
                "--fail",
                "--max-time",
                "20",
                "--cacert",
                dir.resolve(trust + ".pem").toString(),
                "--resolve",
                "localhost:" + port + ":127.0.0.1",
                "-D",
                dir.resolve("curl.head").toString(),
                "-o",
                dir.resolve("curl.body").toString()));
    if (post) {
      command.addAll(List.of("-H", "Expect:", "--data-binary", "@" + dir.resolve("payload.bin")));
    }
    command.addAll(options);
    command.add("https://localhost:" + port + "/");
    return command;
  }

  public static Certificate certificate(Path dir, String name) throws Exception {
    try (InputStream in = Files.newInputStream(dir.resolve(name + ".pem"))) {
      return CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }

  public static PrivateKey privateKey(Path dir, String name, String algorithm) throws Exception {
    String pem = Files.readString(dir.resolve(name + ".key"), StandardCharsets.US_ASCII);
    String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
    byte[] der = Base64.getDecoder().decode(base64);
    try {
      return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
    } finally {
      Arrays.fill(der, (byte) 0);
    }
  }

  /** Reads an HTTP request or response head, up to and including the blank line. */
  public static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < end.length) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed inside the head: " + head);
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  /** The value of header {@code name} in {@code head}, or null. */
  public static String header(String head, String name) {
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
        return line.substring(colon + 1).trim();
      }
    }
    return null;
  }

  /**
   * The body that follows the first HTTP response head in {@code bytes} (which may hold a client
   * tool's own text before it), {@code length} bytes long, or null if there is no whole body.
   */
  public static byte[] bodyAfterHead(byte[] bytes, String statusLinePrefix, int length) {
    byte[] marker = statusLinePrefix.getBytes(StandardCharsets.US_ASCII);
    int start = indexOf(bytes, marker, 0);
    if (start < 0) {
      return null;
    }
    int end = indexOf(bytes, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), start);
    if (end < 0 || end + 4 + length > bytes.length) {
      return null;
    }
    return Arrays.copyOfRange(bytes, end + 4, end + 4 + length);
  }

  static int indexOf(byte[] haystack, byte[] needle, int from) {
    outer:
    for (int i = from; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  public static String sha256(byte[] data) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
  }
}
