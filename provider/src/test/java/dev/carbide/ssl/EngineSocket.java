package dev.carbide.ssl;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;

/**
 * Any SSLEngine over a blocking socket, as the tests' peers need it: the handshake, writes, and
 * reading to the peer's close. A plain loop on the JSSE contract (statuses and handshake statuses
 * only), so it drives the Carbide engine as it would SunJSSE's or Conscrypt's.
 */
final class EngineSocket implements Closeable {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  private final SSLEngine engine;
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final ByteBuffer netIn;
  private final ByteBuffer netOut;
  private final ByteBuffer app;
  private final ByteArrayOutputStream received = new ByteArrayOutputStream();
  private boolean closed;

  EngineSocket(SSLEngine engine, Socket socket) throws IOException {
    this.engine = engine;
    this.socket = socket;
    this.in = socket.getInputStream();
    this.out = socket.getOutputStream();
    int packet = engine.getSession().getPacketBufferSize();
    this.netIn = ByteBuffer.allocate(2 * packet);
    this.netOut = ByteBuffer.allocate(packet);
    this.app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
    socket.setSoTimeout(20_000);
  }

  SSLEngine engine() {
    return engine;
  }

  /**
   * {@code engine} (in client mode) connects to 127.0.0.1:{@code port}, sends an HTTP/1.0 GET of
   * {@code path} (as to {@code openssl s_server -WWW}) and reads to the server's close; returns all
   * it read.
   */
  static byte[] get(SSLEngine engine, int port, String path) throws IOException {
    try (EngineSocket socket =
        new EngineSocket(engine, new Socket(InetAddress.getLoopbackAddress(), port))) {
      socket.handshake();
      socket.write(("GET " + path + " HTTP/1.0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      return socket.readToEnd();
    }
  }

  /** Runs the handshake to its end. */
  void handshake() throws IOException {
    engine.beginHandshake();
    while (true) {
      HandshakeStatus status = engine.getHandshakeStatus();
      switch (status) {
        case NEED_WRAP -> wrap(EMPTY);
        case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> unwrapOnce();
        case NEED_TASK -> {
          for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
            task.run();
          }
        }
        default -> {
          return;
        }
      }
    }
  }

  /** Sends {@code data} as application records. */
  void write(byte[] data) throws IOException {
    ByteBuffer src = ByteBuffer.wrap(data);
    while (src.hasRemaining()) {
      wrap(src);
    }
  }

  /** Reads application data until the peer's close_notify or the end of the stream. */
  byte[] readToEnd() throws IOException {
    while (!closed) {
      unwrapOnce();
    }
    return received.toByteArray();
  }

  /** Reads until at least {@code length} bytes of application data arrived (or the peer closed). */
  byte[] read(int length) throws IOException {
    while (received.size() < length && !closed) {
      unwrapOnce();
    }
    return received.toByteArray();
  }

  private void wrap(ByteBuffer src) throws IOException {
    netOut.clear();
    SSLEngineResult result = engine.wrap(src, netOut);
    if (result.getStatus() != Status.OK && result.getStatus() != Status.CLOSED) {
      throw new IOException("wrap: " + result);
    }
    out.write(netOut.array(), 0, netOut.position());
    out.flush();
  }

  // One unwrap of what has arrived; reads from the socket when the engine needs more.
  private void unwrapOnce() throws IOException {
    netIn.flip();
    SSLEngineResult result = engine.unwrap(netIn, app);
    netIn.compact();
    received.write(app.array(), 0, app.position());
    app.clear();
    if (result.getStatus() == Status.CLOSED) {
      closed = true;
      return;
    }
    if (result.getStatus() == Status.BUFFER_OVERFLOW) {
      throw new IOException("unwrap overflowed an application-sized buffer: " + result);
    }
    if (result.getStatus() == Status.BUFFER_UNDERFLOW
        || result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
      byte[] chunk = new byte[netIn.remaining()];
      int n = in.read(chunk);
      if (n < 0) {
        if (engine.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING) {
          throw new EOFException("the peer closed the connection during the handshake");
        }
        closed = true;
        return;
      }
      netIn.put(chunk, 0, n);
    }
  }

  /** Sends close_notify (unless the peer has already gone) and closes the socket. */
  @Override
  public void close() throws IOException {
    try (socket) {
      engine.closeOutbound();
      for (int i = 0; i < 4 && !engine.isOutboundDone(); i++) {
        wrap(EMPTY);
      }
    } catch (IOException e) {
      // A peer that closed first may have reset the connection; what crossed was checked.
    }
  }
}
