package dev.carbide.ssl;

import dev.carbide.testing.Carbide;
import java.net.InetAddress;
import java.net.Socket;
import java.security.Security;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * A child JVM's main class, run with {@code carbide.tls.default=true} and the javax.net.ssl key and
 * trust store properties: installs Carbide first, reports the default SSLContext's provider
 * ("default\t..."), then runs one exchange between the default socket factories and reports the
 * answer, protocol and client socket class.
 */
public final class DefaultContextReport {
  private DefaultContextReport() {}

  public static void main(String[] args) throws Exception {
    Security.insertProviderAt(Carbide.provider(), 1);
    System.out.println("default\t" + SSLContext.getDefault().getProvider().getName());
    try (SSLServerSocket listener =
        (SSLServerSocket)
            SSLServerSocketFactory.getDefault()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread server =
          new Thread(
              () -> {
                try (Socket socket = listener.accept()) {
                  socket.getOutputStream().write(socket.getInputStream().read() + 1);
                } catch (Exception e) {
                  e.printStackTrace();
                }
              });
      server.start();
      try (SSLSocket client =
          (SSLSocket)
              SSLSocketFactory.getDefault().createSocket("localhost", listener.getLocalPort())) {
        client.getOutputStream().write(41);
        System.out.println("answer\t" + client.getInputStream().read());
        System.out.println("protocol\t" + client.getSession().getProtocol());
        System.out.println("socket\t" + client.getClass().getSimpleName());
      }
      server.join();
    }
  }
}
