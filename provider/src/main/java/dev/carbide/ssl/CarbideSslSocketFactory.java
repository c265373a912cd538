package dev.carbide.ssl;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLSocketFactory;

/** The socket factory of a Carbide SSLContext: {@link CarbideSslSocket}s in client mode. */
final class CarbideSslSocketFactory extends SSLSocketFactory {
  private final CarbideSslContext context;

  CarbideSslSocketFactory(CarbideSslContext context) {
    this.context = context;
  }

  @Override
  public Socket createSocket() throws IOException {
    return CarbideSslSocket.unconnected(context);
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return CarbideSslSocket.connected(context, address(host, port), null);
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return CarbideSslSocket.connected(
        context, address(host, port), new InetSocketAddress(localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return CarbideSslSocket.connected(context, new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return CarbideSslSocket.connected(
        context,
        new InetSocketAddress(address, port),
        new InetSocketAddress(localAddress, localPort));
  }

  @Override
  public Socket createSocket(Socket s, String host, int port, boolean autoClose)
      throws IOException {
    return CarbideSslSocket.layered(context, s, host, port, autoClose);
  }

  @Override
  public Socket createSocket(Socket s, InputStream consumed, boolean autoClose) throws IOException {
    return CarbideSslSocket.layeredServer(context, s, consumed, autoClose);
  }

  @Override
  public String[] getDefaultCipherSuites() {
    return context.defaultSettings().cipherSuites;
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return context.supportedCipherSuites();
  }

  // A null host is the loopback address, as for java.net.Socket.
  private static InetSocketAddress address(String host, int port) throws IOException {
    return host == null
        ? new InetSocketAddress(InetAddress.getByName(null), port)
        : new InetSocketAddress(host, port);
  }
}
