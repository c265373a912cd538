package dev.carbide.tls;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.Arrays;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * Child-JVM main for TlsInteropTest: SunJSSE as the client of {@code openssl s_server} instances
 * (args: the directory of PEM files, the payload file, which the servers serve from that directory,
 * then one case per argument, "NAME,PORT,PROTOCOL,SUITE,MODE,IDENTITY"). MODE "payload" fetches the
 * payload from an {@code -WWW} server and compares it byte for byte; MODE "resume" connects twice
 * to a {@code -www} server with one context and expects its status page to say "New" and then
 * "Reused". IDENTITY names the client certificate, or "-" for none. Prints "provider1 NAME" and
 * "case NAME ok" or "case NAME fail: WHY" for each.
 */
public final class InteropClient {
  private static Path payloadFile;

  private InteropClient() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    payloadFile = Path.of(args[1]);
    byte[] payload = Files.readAllBytes(payloadFile);
    System.out.println("provider1 " + Security.getProviders()[0].getName());
    for (int i = 2; i < args.length; i++) {
      String[] field = args[i].split(",");
      String result;
      try {
        result = run(dir, payload, field);
      } catch (Exception e) {
        result = "fail: " + e;
      }
      System.out.println("case " + field[0] + " " + result);
    }
  }

  private static String run(Path dir, byte[] payload, String[] field) throws Exception {
    int port = Integer.parseInt(field[1]);
    String protocol = field[2];
    String suite = field[3];
    String identity = field[5].equals("-") ? null : field[5];
    SSLContext context = TlsFiles.context(dir, identity, "ec", "rsa");
    if (field[4].equals("payload")) {
      byte[] response = fetch(context, port, protocol, suite, "/" + payloadFile.getFileName());
      byte[] body = TlsFiles.bodyAfterHead(response, "HTTP/1.0 200", payload.length);
      if (body == null || !Arrays.equals(body, payload)) {
        return "fail: the body is not the payload (" + response.length + " bytes received)";
      }
      return "ok";
    }
    String first = new String(fetch(context, port, protocol, suite, "/"), StandardCharsets.UTF_8);
    String second = new String(fetch(context, port, protocol, suite, "/"), StandardCharsets.UTF_8);
    if (!first.contains("New, " + protocol) || !second.contains("Reused, " + protocol)) {
      return "fail: no resumption:\n" + first + "\n---\n" + second;
    }
    return "ok";
  }

  /** One request on a new connection, with hostname verification; all the bytes until EOF. */
  private static byte[] fetch(
      SSLContext context, int port, String protocol, String suite, String path) throws Exception {
    Socket plain = new Socket(InetAddress.getLoopbackAddress(), port);
    try (SSLSocket socket =
        (SSLSocket) context.getSocketFactory().createSocket(plain, "localhost", port, true)) {
      SSLParameters parameters = socket.getSSLParameters();
      parameters.setProtocols(new String[] {protocol});
      parameters.setCipherSuites(new String[] {suite});
      parameters.setEndpointIdentificationAlgorithm("HTTPS");
      socket.setSSLParameters(parameters);
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(("GET " + path + " HTTP/1.0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      return socket.getInputStream().readAllBytes();
    }
  }
}
