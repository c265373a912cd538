package dev.carbide.ssl;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * An SSLSocket on the native engine: its streams drive one {@link CarbideSslEngine} over a TCP
 * socket ({@link SocketRecords}), with SunJSSE's contract: the handshake on {@link
 * #startHandshake()} or the first read or write, a reader and a writer thread at once, timeouts
 * that keep the connection, close_notify on close and half-close as TLS 1.3 allows. Key and trust
 * managers are given this socket, as SunJSSE gives them its own, so endpoint identification ({@code
 * SSLParameters.setEndpointIdentificationAlgorithm}) is done by the trust manager.
 *
 * <p>Handshake listeners run on a new thread per handshake, as in SunJSSE. {@code close()} (or a
 * fatal failure) frees the engine's native state at once; a reader or writer thread still at work
 * then sees the socket closed. Differences: a second {@code startHandshake()} does nothing (the
 * engine neither renegotiates nor starts key updates), and a close before the handshake ends sends
 * no user_canceled alert (OpenSSL offers no call that sends an alert mid-handshake).
 */
final class CarbideSslSocket extends LayeredSocket {
  private final CarbideSslContext context;
  private final InputStream consumed;
  private final Set<HandshakeCompletedListener> listeners = new LinkedHashSet<>();
  private final InputStream appInput = new AppInput();
  private final OutputStream appOutput = new AppOutput();
  // Replaced once, by connect(), for a socket created unconnected: the peer host is final in an
  // engine and known only then.
  private volatile CarbideSslEngine engine;
  private volatile SocketRecords records;
  private volatile boolean closed;

  private CarbideSslSocket(
      CarbideSslContext context,
      Socket raw,
      boolean layered,
      boolean autoClose,
      InputStream consumed,
      String peerHost,
      int peerPort,
      boolean clientMode)
      throws IOException {
    super(raw, layered, autoClose);
    this.context = context;
    this.consumed = consumed;
    this.engine = newEngine(peerHost, peerPort, clientMode);
    if (raw.isConnected()) {
      records = newRecords();
    }
  }

  /** {@code SSLSocketFactory.createSocket()}: a client socket to connect later. */
  static CarbideSslSocket unconnected(CarbideSslContext context) throws IOException {
    return new CarbideSslSocket(context, new Socket(), false, true, null, null, -1, true);
  }

  /** A client socket connected to {@code remote}, bound to {@code local} if not null. */
  static CarbideSslSocket connected(
      CarbideSslContext context, InetSocketAddress remote, InetSocketAddress local)
      throws IOException {
    CarbideSslSocket socket = unconnected(context);
    try {
      if (local != null) {
        socket.bind(local);
      }
      socket.connect(remote, 0);
      return socket;
    } catch (IOException | RuntimeException e) {
      socket.raw.close();
      throw e;
    }
  }

  /** {@code createSocket(Socket, host, port, autoClose)}: a client over a connected socket. */
  static CarbideSslSocket layered(
      CarbideSslContext context, Socket raw, String host, int port, boolean autoClose)
      throws IOException {
    requireConnected(raw);
    return new CarbideSslSocket(context, raw, true, autoClose, null, host, port, true);
  }

  /**
   * {@code createSocket(Socket, consumed, autoClose)}: a server over a connected socket whose first
   * bytes the application already read ({@code consumed}, may be null).
   */
  static CarbideSslSocket layeredServer(
      CarbideSslContext context, Socket raw, InputStream consumed, boolean autoClose)
      throws IOException {
    requireConnected(raw);
    return new CarbideSslSocket(
        context, raw, true, autoClose, consumed, peerAddress(raw), raw.getPort(), false);
  }

  /** A socket accepted by a {@link CarbideSslServerSocket}, configured as it says. */
  static CarbideSslSocket accepted(
      CarbideSslContext context, Socket raw, boolean clientMode, SSLParameters parameters)
      throws IOException {
    CarbideSslSocket socket =
        new CarbideSslSocket(
            context, raw, false, true, null, peerAddress(raw), raw.getPort(), clientMode);
    socket.engine.setSSLParameters(parameters);
    return socket;
  }

  private static void requireConnected(Socket raw) throws SocketException {
    if (!Objects.requireNonNull(raw, "the existing socket cannot be null").isConnected()) {
      throw new SocketException("Underlying socket is not connected");
    }
  }

  // The peer's address as given or, for an accepted connection, as a literal: no reverse lookup.
  private static String peerAddress(Socket raw) {
    return new InetSocketAddress(raw.getInetAddress(), raw.getPort()).getHostString();
  }

  private CarbideSslEngine newEngine(String peerHost, int peerPort, boolean clientMode) {
    CarbideSslEngine created = new CarbideSslEngine(context, peerHost, peerPort);
    created.setUseClientMode(clientMode);
    created.serveSocket(this);
    return created;
  }

  private SocketRecords newRecords() throws IOException {
    InputStream in = raw.getInputStream();
    if (consumed != null) {
      in = new SequenceInputStream(consumed, in);
    }
    return new SocketRecords(engine, in, raw.getOutputStream(), new Events());
  }

  @Override
  void connected(InetSocketAddress endpoint) throws IOException {
    CarbideSslEngine configured = engine;
    CarbideSslEngine named =
        newEngine(endpoint.getHostString(), endpoint.getPort(), configured.getUseClientMode());
    named.setSSLParameters(configured.getSSLParameters());
    named.setEnableSessionCreation(configured.getEnableSessionCreation());
    named.socketSelector(configured.socketSelector());
    engine = named;
    records = newRecords();
  }

  private SocketRecords records() throws SocketException {
    SocketRecords connected = records;
    if (connected == null) {
      throw new SocketException("Socket is not connected");
    }
    return connected;
  }

  @Override
  public void startHandshake() throws IOException {
    SocketRecords connected = records();
    if (closed || connected.broken() || connected.inboundClosed() || connected.outboundClosed()) {
      throw new SocketException("Socket has been closed or broken");
    }
    connected.handshake();
  }

  @Override
  public SSLSession getSession() {
    try {
      records().handshake();
      return engine.getSession();
    } catch (IOException e) {
      return new CarbideSslSession(null, -1); // SunJSSE's answer too: the null session
    }
  }

  @Override
  public SSLSession getHandshakeSession() {
    return engine.getHandshakeSession();
  }

  @Override
  public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
    if (listener == null) {
      throw new IllegalArgumentException("listener is null");
    }
    synchronized (listeners) {
      listeners.add(listener);
    }
  }

  @Override
  public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
    if (listener == null) {
      throw new IllegalArgumentException("listener is null");
    }
    synchronized (listeners) {
      if (listeners.isEmpty()) {
        throw new IllegalArgumentException("no listeners");
      }
      if (!listeners.remove(listener)) {
        throw new IllegalArgumentException("listener not registered");
      }
    }
  }

  @Override
  public InputStream getInputStream() throws IOException {
    if (closed) {
      throw new SocketException("Socket is closed");
    }
    if (records().inboundClosed() || isInputShutdown()) {
      throw new SocketException("Socket input is already shutdown");
    }
    return appInput;
  }

  @Override
  public OutputStream getOutputStream() throws IOException {
    if (closed) {
      throw new SocketException("Socket is closed");
    }
    if (records().outboundClosed() || isOutputShutdown()) {
      throw new SocketException("Socket output is already shutdown");
    }
    return appOutput;
  }

  /**
   * Sends close_notify and closes the connection (the socket underneath too, unless layered with
   * autoClose false: that one then waits for the peer's close_notify under TLS 1.2, as SunJSSE
   * does, so it can carry other data afterwards). Failures on the way are ignored, as SunJSSE
   * ignores them.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    SocketRecords connected = records;
    try {
      if (connected != null && !connected.broken()) {
        connected.closeOutbound();
        if (!autoClose && connected.negotiated() && connected.tls12()) {
          connected.awaitCloseNotify();
        }
      }
    } catch (IOException ignored) {
      // the connection is closed below all the same
    } finally {
      closed = true;
      if (connected != null) {
        connected.closeInbound(); // reads now end, as in SunJSSE
      }
      try {
        if (autoClose) {
          if (connected != null) {
            connected.drainReceived();
          }
          raw.close();
        }
      } finally {
        engine.free(); // now, not when the Cleaner finds the socket unreachable
      }
    }
  }

  /** The engine this socket drives (for the tests of its native state). */
  CarbideSslEngine engine() {
    return engine;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  /** Sends close_notify; reading goes on (a TLS 1.3 peer may still answer). */
  @Override
  public void shutdownOutput() throws IOException {
    if (isOutputShutdown()) {
      return;
    }
    records().closeOutbound();
    if (autoClose && !raw.isOutputShutdown()) {
      raw.shutdownOutput();
    }
  }

  @Override
  public boolean isOutputShutdown() {
    SocketRecords connected = records;
    return connected != null
        && connected.outboundClosed()
        && (!autoClose || raw.isOutputShutdown());
  }

  /** Stops reading; as in SunJSSE, throws if the peer's close_notify has not arrived. */
  @Override
  public void shutdownInput() throws IOException {
    if (isInputShutdown()) {
      return;
    }
    boolean notified = records().closeInbound();
    if (autoClose && !raw.isInputShutdown()) {
      raw.shutdownInput();
    }
    if (!notified) {
      throw new SSLException("closing inbound before receiving peer's close_notify");
    }
  }

  @Override
  public boolean isInputShutdown() {
    SocketRecords connected = records;
    return connected != null && connected.inboundClosed() && (!autoClose || raw.isInputShutdown());
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return engine.getSupportedCipherSuites();
  }

  @Override
  public String[] getEnabledCipherSuites() {
    return engine.getEnabledCipherSuites();
  }

  @Override
  public void setEnabledCipherSuites(String[] suites) {
    engine.setEnabledCipherSuites(suites);
  }

  @Override
  public String[] getSupportedProtocols() {
    return engine.getSupportedProtocols();
  }

  @Override
  public String[] getEnabledProtocols() {
    return engine.getEnabledProtocols();
  }

  @Override
  public void setEnabledProtocols(String[] protocols) {
    engine.setEnabledProtocols(protocols);
  }

  @Override
  public void setUseClientMode(boolean mode) {
    engine.setUseClientMode(mode);
  }

  @Override
  public boolean getUseClientMode() {
    return engine.getUseClientMode();
  }

  @Override
  public void setNeedClientAuth(boolean need) {
    engine.setNeedClientAuth(need);
  }

  @Override
  public boolean getNeedClientAuth() {
    return engine.getNeedClientAuth();
  }

  @Override
  public void setWantClientAuth(boolean want) {
    engine.setWantClientAuth(want);
  }

  @Override
  public boolean getWantClientAuth() {
    return engine.getWantClientAuth();
  }

  @Override
  public void setEnableSessionCreation(boolean flag) {
    engine.setEnableSessionCreation(flag);
  }

  @Override
  public boolean getEnableSessionCreation() {
    return engine.getEnableSessionCreation();
  }

  @Override
  public SSLParameters getSSLParameters() {
    return engine.getSSLParameters();
  }

  @Override
  public void setSSLParameters(SSLParameters parameters) {
    engine.setSSLParameters(parameters);
  }

  @Override
  public String getApplicationProtocol() {
    return engine.getApplicationProtocol();
  }

  @Override
  public String getHandshakeApplicationProtocol() {
    return engine.getHandshakeApplicationProtocol();
  }

  @Override
  public void setHandshakeApplicationProtocolSelector(
      BiFunction<SSLSocket, List<String>, String> selector) {
    engine.socketSelector(selector);
  }

  @Override
  public BiFunction<SSLSocket, List<String>, String> getHandshakeApplicationProtocolSelector() {
    return engine.socketSelector();
  }

  @Override
  public String toString() {
    return "CarbideSslSocket[hostname="
        + engine.getPeerHost()
        + ", port="
        + getPort()
        + ", "
        + engine.getSession().getCipherSuite()
        + "]";
  }

  /** What the records tell this socket. */
  private final class Events implements SocketRecords.Owner {
    /** Tells the listeners, on a thread of their own as SunJSSE does, so none can stall the I/O. */
    @Override
    public void handshakeCompleted() {
      List<HandshakeCompletedListener> targets;
      synchronized (listeners) {
        targets = new ArrayList<>(listeners);
      }
      if (targets.isEmpty()) {
        return;
      }
      HandshakeCompletedEvent event =
          new HandshakeCompletedEvent(CarbideSslSocket.this, engine.getSession());
      Runnable notify = () -> targets.forEach(listener -> listener.handshakeCompleted(event));
      new Thread(null, notify, "HandshakeCompletedNotify-Thread", 0, false).start();
    }

    @Override
    public void failed() {
      closed = true;
      try {
        if (autoClose) {
          raw.close();
        }
      } catch (IOException ignored) {
        // closing after a failure that is already being reported
      } finally {
        engine.free();
      }
    }
  }

  private final class AppInput extends InputStream {
    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(
          off, len, Objects.requireNonNull(b, "the target buffer is null").length);
      return len == 0 ? 0 : records().read(b, off, len);
    }

    @Override
    public int available() throws IOException {
      return records().available();
    }

    @Override
    public void close() throws IOException {
      CarbideSslSocket.this.close();
    }
  }

  private final class AppOutput extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      Objects.checkFromIndexSize(
          off, len, Objects.requireNonNull(b, "the source buffer is null").length);
      records().write(b, off, len);
    }

    @Override
    public void close() throws IOException {
      CarbideSslSocket.this.close();
    }
  }
}
