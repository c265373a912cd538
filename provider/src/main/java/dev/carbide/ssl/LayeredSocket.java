package dev.carbide.ssl;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.util.Set;
import javax.net.ssl.SSLSocket;

/**
 * The plain-socket half of {@link CarbideSslSocket}: every {@link Socket} method that is not about
 * TLS goes to the TCP socket underneath. That socket is the application's for the layered form
 * ({@code createSocket(Socket, host, port, autoClose)}), or one this class creates and connects
 * (the other forms, and accepted sockets). The {@code Socket} this object itself inherits is never
 * connected. As SunJSSE's SSLSocket, it offers no channel and refuses urgent data.
 */
abstract class LayeredSocket extends SSLSocket {
  /** The TCP connection the records travel on. */
  final Socket raw;

  /** Whether the application handed {@link #raw} over (the layered form). */
  final boolean layered;

  /** Whether closing TLS closes {@link #raw}: always unless layered with autoClose false. */
  final boolean autoClose;

  LayeredSocket(Socket raw, boolean layered, boolean autoClose) {
    this.raw = raw;
    this.layered = layered;
    this.autoClose = autoClose || !layered;
  }

  /** Called once {@link #raw} is connected by {@link #connect(SocketAddress, int)}. */
  abstract void connected(InetSocketAddress endpoint) throws IOException;

  @Override
  public final void connect(SocketAddress endpoint) throws IOException {
    connect(endpoint, 0);
  }

  @Override
  public final void connect(SocketAddress endpoint, int timeout) throws IOException {
    if (layered || raw.isConnected()) {
      throw new SocketException("Already connected");
    }
    if (!(endpoint instanceof InetSocketAddress address)) {
      throw new SocketException("Cannot handle non-Inet socket addresses.");
    }
    raw.connect(endpoint, timeout);
    connected(address);
  }

  @Override
  public final void bind(SocketAddress local) throws IOException {
    raw.bind(local);
  }

  @Override
  public final boolean isConnected() {
    return raw.isConnected();
  }

  @Override
  public final boolean isBound() {
    return raw.isBound();
  }

  @Override
  public final InetAddress getInetAddress() {
    return raw.getInetAddress();
  }

  @Override
  public final InetAddress getLocalAddress() {
    return raw.getLocalAddress();
  }

  @Override
  public final int getPort() {
    return raw.getPort();
  }

  @Override
  public final int getLocalPort() {
    return raw.getLocalPort();
  }

  @Override
  public final SocketAddress getRemoteSocketAddress() {
    return raw.getRemoteSocketAddress();
  }

  @Override
  public final SocketAddress getLocalSocketAddress() {
    return raw.getLocalSocketAddress();
  }

  @Override
  public final SocketChannel getChannel() {
    return null;
  }

  @Override
  public final void setSoTimeout(int timeout) throws SocketException {
    raw.setSoTimeout(timeout);
  }

  @Override
  public final int getSoTimeout() throws SocketException {
    return raw.getSoTimeout();
  }

  @Override
  public final void setTcpNoDelay(boolean on) throws SocketException {
    raw.setTcpNoDelay(on);
  }

  @Override
  public final boolean getTcpNoDelay() throws SocketException {
    return raw.getTcpNoDelay();
  }

  @Override
  public final void setSoLinger(boolean on, int linger) throws SocketException {
    raw.setSoLinger(on, linger);
  }

  @Override
  public final int getSoLinger() throws SocketException {
    return raw.getSoLinger();
  }

  @Override
  public final void sendUrgentData(int data) throws SocketException {
    throw new SocketException("This method is not supported by SSLSockets");
  }

  @Override
  public final void setOOBInline(boolean on) throws SocketException {
    throw new SocketException(
        "This method is ineffective, since sending urgent data is not supported by SSLSockets");
  }

  @Override
  public final boolean getOOBInline() throws SocketException {
    return raw.getOOBInline();
  }

  @Override
  public final void setSendBufferSize(int size) throws SocketException {
    raw.setSendBufferSize(size);
  }

  @Override
  public final int getSendBufferSize() throws SocketException {
    return raw.getSendBufferSize();
  }

  @Override
  public final void setReceiveBufferSize(int size) throws SocketException {
    raw.setReceiveBufferSize(size);
  }

  @Override
  public final int getReceiveBufferSize() throws SocketException {
    return raw.getReceiveBufferSize();
  }

  @Override
  public final void setKeepAlive(boolean on) throws SocketException {
    raw.setKeepAlive(on);
  }

  @Override
  public final boolean getKeepAlive() throws SocketException {
    return raw.getKeepAlive();
  }

  @Override
  public final void setTrafficClass(int tc) throws SocketException {
    raw.setTrafficClass(tc);
  }

  @Override
  public final int getTrafficClass() throws SocketException {
    return raw.getTrafficClass();
  }

  @Override
  public final void setReuseAddress(boolean on) throws SocketException {
    raw.setReuseAddress(on);
  }

  @Override
  public final boolean getReuseAddress() throws SocketException {
    return raw.getReuseAddress();
  }

  @Override
  public final void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
    raw.setPerformancePreferences(connectionTime, latency, bandwidth);
  }

  @Override
  public final <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
    raw.setOption(name, value);
    return this;
  }

  @Override
  public final <T> T getOption(SocketOption<T> name) throws IOException {
    return raw.getOption(name);
  }

  @Override
  public final Set<SocketOption<?>> supportedOptions() {
    return raw.supportedOptions();
  }
}
