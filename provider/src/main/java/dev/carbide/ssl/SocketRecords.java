package dev.carbide.ssl;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * The records of one connected {@link CarbideSslSocket}: its engine driven over the TCP streams.
 *
 * <p>The thread rules are SunJSSE's. One thread reads and another writes at the same time: reads
 * hold {@link #readLock}, writes {@link #writeLock}, and the engine's own lock serialises only the
 * short wrap and unwrap calls, never a blocking socket call. The first handshake runs under {@link
 * #handshakeLock}, taken before either of the others, so a reader and a writer that both start it
 * wait for one handshake. A reader whose record asks for an answer (a TLS 1.2 close_notify, a key
 * update) sends it under the write lock; a writer never takes the read lock, so they cannot
 * deadlock.
 *
 * <p>A timeout ({@code setSoTimeout}) leaves everything as it was: bytes already received stay in
 * {@link #netIn}, and the next call goes on from there. Any other failure is fatal, as in SunJSSE:
 * the alert OpenSSL queued is sent if it can be, the connection is closed, and later calls throw.
 */
final class SocketRecords {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  /** What the socket does when the connection fails or completes its handshake. */
  interface Owner {
    void handshakeCompleted();

    /** Closes the TCP connection (if the socket owns it) after a fatal failure. */
    void failed();
  }

  final CarbideSslEngine engine;
  private final InputStream in;
  private final OutputStream out;
  private final Owner owner;
  final ReentrantLock handshakeLock = new ReentrantLock();
  final ReentrantLock readLock = new ReentrantLock();
  final ReentrantLock writeLock = new ReentrantLock();
  // Received bytes not yet unwrapped, in write mode; one whole record always fits.
  private final ByteBuffer netIn = ByteBuffer.allocate(CarbideSslEngine.PACKET_BUFFER_SIZE);
  private final ByteBuffer netOut = ByteBuffer.allocate(CarbideSslEngine.PACKET_BUFFER_SIZE);
  // Plaintext unwrapped but not yet read, in read mode.
  private final ByteBuffer app =
      ByteBuffer.allocate(CarbideSslEngine.APPLICATION_BUFFER_SIZE).limit(0);
  private volatile boolean started;
  private volatile boolean negotiated;
  private volatile boolean inboundClosed;
  private volatile boolean closeNotified;
  private volatile boolean outboundClosed;
  private volatile IOException failure;

  SocketRecords(CarbideSslEngine engine, InputStream in, OutputStream out, Owner owner) {
    this.engine = engine;
    this.in = in;
    this.out = out;
    this.owner = owner;
  }

  boolean negotiated() {
    return negotiated;
  }

  /** Whether no more application data will be read: close_notify, EOF, shutdownInput or failure. */
  boolean inboundClosed() {
    return inboundClosed || failure != null;
  }

  boolean outboundClosed() {
    return outboundClosed || failure != null;
  }

  boolean closeNotified() {
    return closeNotified;
  }

  boolean broken() {
    return failure != null;
  }

  boolean tls12() {
    return "TLSv1.2".equals(engine.getSession().getProtocol());
  }

  /** Runs the first handshake unless it is done; a later call does nothing (no renegotiation). */
  void handshake() throws IOException {
    if (negotiated) {
      return;
    }
    handshakeLock.lock();
    try {
      if (negotiated) {
        return;
      }
      if (failure != null || inboundClosed || outboundClosed) {
        throw new SocketException("Socket has been closed or broken");
      }
      started = true;
      try {
        runHandshake();
      } catch (InterruptedIOException e) {
        throw e; // a timeout: the handshake goes on with the next call
      } catch (IOException | RuntimeException e) {
        throw fail(e);
      }
      negotiated = true;
    } finally {
      handshakeLock.unlock();
    }
    owner.handshakeCompleted();
  }

  private void runHandshake() throws IOException {
    engine.beginHandshake();
    HandshakeStatus status = engine.getHandshakeStatus();
    while (status != HandshakeStatus.FINISHED) {
      switch (status) {
        case NEED_WRAP -> status = flush();
        case NEED_UNWRAP -> status = unwrapInHandshake();
        case NEED_TASK -> {
          Runnable task;
          while ((task = engine.getDelegatedTask()) != null) {
            task.run();
          }
          status = engine.getHandshakeStatus();
        }
        default -> throw new SSLHandshakeException("the handshake ended before completing");
      }
    }
  }

  private HandshakeStatus unwrapInHandshake() throws IOException {
    readLock.lock();
    try {
      SSLEngineResult result = unwrapRecord();
      if (result == null) {
        throw new SSLHandshakeException("Remote host terminated the handshake");
      }
      return result.getHandshakeStatus();
    } finally {
      readLock.unlock();
    }
  }

  /**
   * Reads application data into {@code b}: what is left of the last record, else the next record
   * that carries some; -1 once the peer closed (close_notify, or EOF treated as one, as SunJSSE
   * does unless told to require close_notify).
   */
  int read(byte[] b, int off, int len) throws IOException {
    if (failure != null) {
      throw new SSLException("Connection has closed: " + failure, failure);
    }
    if (inboundClosed && !app.hasRemaining()) {
      return -1;
    }
    handshake();
    readLock.lock();
    try {
      while (!app.hasRemaining()) {
        if (inboundClosed) {
          return -1;
        }
        if (failure != null) {
          throw new SocketException("Connection or inbound has closed");
        }
        SSLEngineResult result = unwrapRecord();
        if (result == null) {
          peerGone();
          return -1;
        }
        if (result.getStatus() == Status.CLOSED) {
          inboundClosed = true;
          closeNotified = true;
        }
        if (result.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
          answer(); // a TLS 1.2 close_notify, or a record sent in answer to a post-handshake one
        }
      }
      int n = Math.min(len, app.remaining());
      app.get(b, off, n);
      return n;
    } catch (InterruptedIOException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw fail(e);
    } finally {
      if (!app.hasRemaining()) {
        Arrays.fill(app.array(), 0, app.limit(), (byte) 0); // no plaintext left behind
      }
      readLock.unlock();
    }
  }

  /** The plaintext buffered; 0 while another thread reads. */
  int available() {
    if (!readLock.tryLock()) {
      return 0;
    }
    try {
      return app.remaining();
    } finally {
      readLock.unlock();
    }
  }

  /** Encrypts and sends {@code b}, in records of at most 16 KiB. */
  void write(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return; // SunJSSE sends no empty record either
    }
    handshake();
    writeLock.lock();
    try {
      if (outboundClosed || failure != null) {
        throw new SocketException("Connection or outbound has closed");
      }
      ByteBuffer src = ByteBuffer.wrap(b, off, len);
      while (src.hasRemaining()) {
        netOut.clear();
        SSLEngineResult result = engine.wrap(src, netOut);
        send();
        if (result.getStatus() == Status.CLOSED) {
          outboundClosed = true;
          throw new SocketException("Connection or outbound has closed");
        }
      }
    } catch (SSLException e) {
      throw fail(e);
    } finally {
      writeLock.unlock();
    }
  }

  /** Sends close_notify (once the handshake is done) and closes the write side of TLS. */
  void closeOutbound() throws IOException {
    writeLock.lock();
    try {
      if (outboundClosed) {
        return;
      }
      outboundClosed = true;
      engine.closeOutbound();
      if (negotiated && failure == null) {
        netOut.clear();
        engine.wrap(EMPTY, netOut);
        send();
      }
    } finally {
      writeLock.unlock();
    }
  }

  /** Stops reading; true if the peer's close_notify had arrived (SunJSSE's shutdownInput check). */
  boolean closeInbound() {
    boolean notified = closeNotified || !started;
    inboundClosed = true;
    return notified;
  }

  /**
   * Reads and drops records until the peer's close_notify: a layered socket that stays open after a
   * TLS 1.2 close waits for it, so the connection underneath can carry other data afterwards.
   */
  void awaitCloseNotify() throws IOException {
    readLock.lock();
    try {
      while (!inboundClosed && failure == null) {
        app.limit(0);
        SSLEngineResult result = unwrapRecord();
        if (result == null || result.getStatus() == Status.CLOSED) {
          inboundClosed = true;
        }
      }
    } finally {
      app.limit(0);
      readLock.unlock();
    }
  }

  /**
   * Drops what the peer sent that nobody will read, without blocking, so that closing the socket
   * sends FIN rather than a reset (which can destroy data the peer has not read yet).
   */
  void drainReceived() {
    if (!readLock.tryLock()) {
      return;
    }
    try {
      int n;
      while ((n = in.available()) > 0) {
        in.skipNBytes(n);
      }
    } catch (IOException ignored) {
      // the connection is being closed anyway
    } finally {
      readLock.unlock();
    }
  }

  /**
   * Unwraps one record into {@link #app}, reading from the socket as needed; null at EOF. Only
   * called with {@link #app} empty and the read lock held.
   */
  private SSLEngineResult unwrapRecord() throws IOException {
    while (true) {
      netIn.flip();
      app.clear();
      SSLEngineResult result;
      try {
        result = engine.unwrap(netIn, app);
      } finally {
        netIn.compact();
        app.flip();
      }
      if (result.getStatus() == Status.BUFFER_OVERFLOW) {
        throw new SSLException("no room for a record's plaintext"); // the buffer holds the largest
      }
      if (result.getStatus() != Status.BUFFER_UNDERFLOW) {
        return result;
      }
      if (!netIn.hasRemaining()) {
        throw new SSLException("a record larger than the TLS limit"); // the engine checks first
      }
      int n = in.read(netIn.array(), netIn.arrayOffset() + netIn.position(), netIn.remaining());
      if (n < 0) {
        return null;
      }
      netIn.position(netIn.position() + n);
    }
  }

  // EOF without close_notify after the handshake: SunJSSE takes it as close_notify, and under TLS
  // 1.2 answers with its own.
  private void peerGone() {
    closeNotified = true;
    inboundClosed = true;
    if (tls12()) {
      try {
        closeOutbound();
      } catch (IOException ignored) {
        // the peer is gone
      }
    }
  }

  // Sends what a received record made the engine queue; a peer already gone is not an error here.
  private void answer() throws IOException {
    try {
      flush();
    } catch (IOException e) {
      if (!inboundClosed) {
        throw e;
      }
    }
    if (engine.isOutboundDone()) {
      outboundClosed = true;
    }
  }

  /** Sends every record the engine has queued; returns the handshake status after the last. */
  private HandshakeStatus flush() throws IOException {
    writeLock.lock();
    try {
      SSLEngineResult result;
      do {
        netOut.clear();
        result = engine.wrap(EMPTY, netOut);
        if (result.bytesProduced() == 0
            && result.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
          throw new SSLException("the engine queued records it does not hand over");
        }
        send();
      } while (result.getHandshakeStatus() == HandshakeStatus.NEED_WRAP);
      return result.getHandshakeStatus();
    } finally {
      writeLock.unlock();
    }
  }

  private void send() throws IOException {
    if (netOut.position() > 0) {
      out.write(netOut.array(), netOut.arrayOffset(), netOut.position());
      out.flush();
    }
  }

  /**
   * A fatal failure: remembered, the alert OpenSSL queued sent if the writer is free, and the
   * connection closed. Returns the exception to throw (an IOException as it came, anything else
   * wrapped in SSLException).
   */
  private IOException fail(Exception e) {
    IOException failure =
        e instanceof IOException io ? io : new SSLException(String.valueOf(e.getMessage()), e);
    if (this.failure == null) {
      this.failure = failure;
    }
    if (writeLock.tryLock()) {
      try {
        engine.closeOutbound(); // nothing more from this side: only the alert (or close_notify)
        netOut.clear();
        engine.wrap(EMPTY, netOut);
        send();
      } catch (IOException | RuntimeException ignored) {
        // the alert is a courtesy
      } finally {
        writeLock.unlock();
      }
    }
    owner.failed();
    return failure;
  }
}
