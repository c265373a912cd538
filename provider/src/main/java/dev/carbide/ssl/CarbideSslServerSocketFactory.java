package dev.carbide.ssl;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import javax.net.ssl.SSLServerSocketFactory;

/** The server socket factory of a Carbide SSLContext: {@link CarbideSslServerSocket}s. */
final class CarbideSslServerSocketFactory extends SSLServerSocketFactory {
  // java.net.ServerSocket's default backlog.
  private static final int BACKLOG = 50;

  private final CarbideSslContext context;

  CarbideSslServerSocketFactory(CarbideSslContext context) {
    this.context = context;
  }

  @Override
  public ServerSocket createServerSocket() throws IOException {
    return new CarbideSslServerSocket(context);
  }

  @Override
  public ServerSocket createServerSocket(int port) throws IOException {
    return new CarbideSslServerSocket(context, port, BACKLOG, null);
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog) throws IOException {
    return new CarbideSslServerSocket(context, port, backlog, null);
  }

  @Override
  public ServerSocket createServerSocket(int port, int backlog, InetAddress ifAddress)
      throws IOException {
    return new CarbideSslServerSocket(context, port, backlog, ifAddress);
  }

  @Override
  public String[] getDefaultCipherSuites() {
    return context.defaultSettings().cipherSuites;
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return context.supportedCipherSuites();
  }
}
