package dev.carbide.ssl;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;

/**
 * An SSLServerSocket on the native engine: a plain listening socket whose accepted connections
 * become {@link CarbideSslSocket}s in server mode (or client mode, if asked), each with this
 * socket's SSLParameters as they were at accept time. The handshake starts on the accepted socket's
 * first I/O or {@code startHandshake()}, not in {@code accept()}, as in SunJSSE.
 */
final class CarbideSslServerSocket extends SSLServerSocket {
  private final CarbideSslContext context;
  private final CarbideSslEngine template;

  /** An unbound server socket ({@code createServerSocket()}): bind it later. */
  CarbideSslServerSocket(CarbideSslContext context) throws IOException {
    this.context = context;
    this.template = serverTemplate(context);
  }

  CarbideSslServerSocket(CarbideSslContext context, int port, int backlog, InetAddress address)
      throws IOException {
    super(port, backlog, address);
    this.context = context;
    this.template = serverTemplate(context);
  }

  private static CarbideSslEngine serverTemplate(CarbideSslContext context) {
    CarbideSslEngine template = new CarbideSslEngine(context, null, -1);
    template.setUseClientMode(false);
    return template;
  }

  @Override
  public Socket accept() throws IOException {
    Socket raw = super.accept();
    try {
      CarbideSslSocket socket =
          CarbideSslSocket.accepted(
              context, raw, template.getUseClientMode(), template.getSSLParameters());
      if (!template.getEnableSessionCreation()) {
        socket.setEnableSessionCreation(false);
      }
      return socket;
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return template.getSupportedCipherSuites();
  }

  @Override
  public String[] getEnabledCipherSuites() {
    return template.getEnabledCipherSuites();
  }

  @Override
  public void setEnabledCipherSuites(String[] suites) {
    template.setEnabledCipherSuites(suites);
  }

  @Override
  public String[] getSupportedProtocols() {
    return template.getSupportedProtocols();
  }

  @Override
  public String[] getEnabledProtocols() {
    return template.getEnabledProtocols();
  }

  @Override
  public void setEnabledProtocols(String[] protocols) {
    template.setEnabledProtocols(protocols);
  }

  @Override
  public void setNeedClientAuth(boolean need) {
    template.setNeedClientAuth(need);
  }

  @Override
  public boolean getNeedClientAuth() {
    return template.getNeedClientAuth();
  }

  @Override
  public void setWantClientAuth(boolean want) {
    template.setWantClientAuth(want);
  }

  @Override
  public boolean getWantClientAuth() {
    return template.getWantClientAuth();
  }

  @Override
  public void setUseClientMode(boolean mode) {
    template.setUseClientMode(mode);
  }

  @Override
  public boolean getUseClientMode() {
    return template.getUseClientMode();
  }

  @Override
  public void setEnableSessionCreation(boolean flag) {
    template.setEnableSessionCreation(flag);
  }

  @Override
  public boolean getEnableSessionCreation() {
    return template.getEnableSessionCreation();
  }

  @Override
  public SSLParameters getSSLParameters() {
    return template.getSSLParameters();
  }

  @Override
  public void setSSLParameters(SSLParameters parameters) {
    template.setSSLParameters(parameters);
  }

  @Override
  public String toString() {
    return "CarbideSslServerSocket[" + super.toString() + "]";
  }
}
