package dev.carbide.tls;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * Child-JVM main for TlsInteropTest: a SunJSSE HTTPS server on loopback (args: the directory of PEM
 * files, the payload file) with TLS 1.3 and 1.2 and every default suite enabled, so that the peer
 * client alone chooses the protocol, suite and group. It listens three times: with the EC
 * certificate, with the RSA one, and with the EC one requiring a client certificate; prints "port
 * NAME N" for each and "provider1 NAME", then serves until its standard input closes.
 *
 * <p>Each connection carries one request: GET answers the payload, POST echoes the body; both close
 * the connection and name the client certificate's subject in "X-Client" (or "none").
 */
public final class InteropServer {
  private InteropServer() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    byte[] payload = Files.readAllBytes(Path.of(args[1]));
    listen("ec", TlsFiles.context(dir, "ec", "client"), false, payload);
    listen("rsa", TlsFiles.context(dir, "rsa", "client"), false, payload);
    listen("mtls", TlsFiles.context(dir, "ec", "client"), true, payload);
    System.out.println("provider1 " + Security.getProviders()[0].getName());
    System.out.println("ready");
    System.out.flush();
    while (System.in.read() >= 0) {
      // Serve until the test closes our standard input (or dies).
    }
    System.exit(0);
  }

  private static void listen(String name, SSLContext context, boolean needClient, byte[] payload)
      throws IOException {
    SSLServerSocket server =
        (SSLServerSocket)
            context
                .getServerSocketFactory()
                .createServerSocket(0, 50, InetAddress.getLoopbackAddress());
    server.setNeedClientAuth(needClient);
    System.out.println("port " + name + " " + server.getLocalPort());
    Thread acceptor =
        new Thread(
            () -> {
              while (true) {
                try {
                  SSLSocket socket = (SSLSocket) server.accept();
                  Thread worker = new Thread(() -> serve(socket, payload));
                  worker.setDaemon(true);
                  worker.start();
                } catch (IOException e) {
                  return;
                }
              }
            });
    acceptor.setDaemon(true);
    acceptor.start();
  }

  private static void serve(SSLSocket socket, byte[] payload) {
    try (socket) {
      InputStream in = new BufferedInputStream(socket.getInputStream());
      String head = TlsFiles.readHead(in);
      byte[] body = payload;
      if (head.startsWith("POST ")) {
        body = in.readNBytes(Integer.parseInt(TlsFiles.header(head, "Content-Length")));
      }
      SSLSession session = socket.getSession();
      String response =
          "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: "
              + body.length
              + "\r\nConnection: close\r\nX-Client: "
              + client(session)
              + "\r\nX-Tls: "
              + session.getProtocol()
              + " "
              + session.getCipherSuite()
              + "\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(response.getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
    } catch (Exception e) {
      // The test sees the failure at the client; the server's own reason goes to its log.
      System.err.println("connection failed: " + e);
    }
  }

  private static String client(SSLSession session) {
    try {
      return ((X509Certificate) session.getPeerCertificates()[0])
          .getSubjectX500Principal()
          .getName();
    } catch (SSLPeerUnverifiedException e) {
      return "none";
    }
  }
}
