package dev.carbide.ssl;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * An SSLEngine on OpenSSL's libssl: one native SSL object with memory BIOs. {@code wrap} moves
 * records the native engine queued (handshake flights, encrypted application data, alerts) into the
 * caller's buffer; {@code unwrap} feeds it one whole record at a time, so that every call's
 * consumption and production are what the JSSE contract expects. Records and plaintext go straight
 * between OpenSSL and the caller's buffers ({@link EngineRecords}). The native state is created on
 * the first handshake step and freed by a Cleaner, so an engine dropped mid-handshake frees it. One
 * lock serialises the calls (OpenSSL's SSL object is not thread-safe). A key only Java can use
 * signs in a delegated task ({@link DelegatedSteps}), and a stapling server waits for an OCSP
 * response it has not cached in one; every other step runs inside wrap and unwrap.
 */
public final class CarbideSslEngine extends ConfiguredSslEngine {
  /** The largest TLS record with its header (2^14 plaintext + 2048 expansion + 5). */
  static final int PACKET_BUFFER_SIZE = 16384 + 2048 + 5;

  static final int APPLICATION_BUFFER_SIZE = 16384 + 2048;

  static final int MAX_PLAINTEXT = 16384;

  private final CarbideSslSession session;
  private final EngineRecords records;
  private Boolean clientMode; // null until setUseClientMode
  private long handle;
  private Cleaner.Cleanable cleanable;
  private boolean handshakeComplete;
  private boolean finishedReported;
  private boolean outboundClosed;
  private boolean inboundDone;
  private boolean failed;
  // OpenSSL's questions during a handshake step, and what the answers leave behind.
  private final HandshakeCallbacks callbacks;
  private CarbideSslSession offered; // the session a client offered to resume
  private final DelegatedSteps delegated = new DelegatedSteps();
  // The socket this engine works for, if any (CarbideSslSocket): the key and trust managers are
  // then given the socket, as SunJSSE gives them its own, rather than the engine.
  private volatile SSLSocket socket;

  CarbideSslEngine(CarbideSslContext context, String host, int port) {
    super(context, host, port);
    this.session = new CarbideSslSession(host, port);
    this.callbacks = new HandshakeCallbacks(this, context, session);
    this.records = new EngineRecords(context, session);
  }

  @Override
  public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst)
      throws SSLException {
    RecordBuffers.checkBuffers(srcs, offset, length);
    if (dst == null) {
      throw new IllegalArgumentException("dst is null");
    }
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    synchronized (lock) {
      try {
        delegated.throwFailure();
        start();
        if (delegated.waiting()) {
          return result(Status.OK, 0, 0); // NEED_TASK: the native engine is the task's
        }
        // While a Java key's signature is ahead, steps follow new records, in tasks (unwrap).
        if (!handshakeComplete
            && !failed
            && !outboundClosed
            && pending() == 0
            && !delegated.delegating()) {
          step();
        }
        boolean seal = handshakeComplete && !failed && !outboundClosed;
        if (records.wrap(handle, seal, srcs, offset, length, dst) == Status.BUFFER_OVERFLOW) {
          return result(Status.BUFFER_OVERFLOW, records.consumed, 0, records.pending);
        }
        Status status = outboundClosed || failed ? Status.CLOSED : Status.OK;
        return result(status, records.consumed, records.produced, records.pending);
      } finally {
        Reference.reachabilityFence(this);
      }
    }
  }

  @Override
  public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length)
      throws SSLException {
    if (src == null) {
      throw new IllegalArgumentException("src is null");
    }
    RecordBuffers.checkBuffers(dsts, offset, length);
    for (int i = offset; i < offset + length; i++) {
      if (dsts[i].isReadOnly()) {
        throw new ReadOnlyBufferException();
      }
    }
    synchronized (lock) {
      try {
        delegated.throwFailure();
        if (inboundDone || failed) {
          return result(Status.CLOSED, 0, 0);
        }
        start();
        if (delegated.waiting()) {
          return result(Status.OK, 0, 0); // NEED_TASK
        }
        if (!handshakeComplete && pending() > 0) {
          return result(Status.OK, 0, 0); // NEED_WRAP: our flight goes first
        }
        int recordLength;
        try {
          recordLength = RecordBuffers.recordLength(src);
        } catch (SSLException e) {
          failed = true; // as SunJSSE, a malformed record ends the connection, not just the call
          throw e;
        }
        if (recordLength < 0 || src.remaining() < recordLength) {
          return result(Status.BUFFER_UNDERFLOW, 0, 0);
        }
        int room = RecordBuffers.remaining(dsts, offset, length);
        if (handshakeComplete && room < Math.min(recordLength - 5, MAX_PLAINTEXT)) {
          return result(Status.BUFFER_OVERFLOW, 0, 0);
        }
        if (handshakeComplete) {
          int opened = open(src, recordLength, dsts, offset, length);
          if (opened != RecordBuffers.NOT_OPENED) {
            return result(inboundDone ? Status.CLOSED : Status.OK, recordLength, opened);
          }
        }
        records.feed(handle, src, recordLength);
        if (!handshakeComplete && delegated.delegating()) {
          delegated.schedule(new DelegatedStep(false)); // the record is consumed; the task reads it
        } else if (!handshakeComplete) {
          step();
        }
        int produced = 0;
        if (handshakeComplete) {
          produced = read(dsts, offset, length);
        }
        Status status = inboundDone ? Status.CLOSED : Status.OK;
        return result(status, recordLength, produced);
      } finally {
        Reference.reachabilityFence(this);
      }
    }
  }

  /** Creates the native engine and starts the handshake, once. */
  private void start() throws SSLException {
    if (handle != 0 || outboundClosed && inboundDone) {
      return;
    }
    if (clientMode == null) {
      throw new IllegalStateException("Client/Server mode has not yet been set.");
    }
    int[] versions = settings.versionRange();
    if (!settings.servesAnEnabledCipherSuite()) {
      // An empty list (which the native side would take for the defaults), or names SunJSSE
      // accepts but OpenSSL does not serve: SunJSSE refuses either here, with this message.
      throw new SSLHandshakeException(
          "No appropriate protocol (protocol is disabled or cipher suites are inappropriate)");
    }
    String groups = settings.groupList(context.approvedGroups());
    long engine;
    try {
      engine =
          TlsNative.newEngine(
              context.handle(), clientMode, context.unlessDefault(settings.cipherSuites));
    } catch (IllegalArgumentException e) {
      throw new SSLException(e.getMessage(), e);
    }
    cleanable =
        NativeCleaner.register(this, engine, TlsNative::freeEngine, NativeFootprint.TLS_ENGINE);
    handle = engine;
    callbacks.started(engine, clientMode);
    session.localSignatureAlgorithms(
        SignatureSchemes.local(versions[0] == TlsNative.TLS1_3_VERSION));
    int verify =
        settings.needClientAuth
            ? TlsNative.VERIFY_PEER | TlsNative.VERIFY_FAIL_IF_NO_PEER_CERT
            : settings.wantClientAuth ? TlsNative.VERIFY_PEER : TlsNative.VERIFY_NONE;
    String serverName = clientMode ? settings.serverName(getPeerHost()) : null;
    try {
      TlsNative.configure(
          handle,
          versions[0],
          versions[1],
          groups,
          serverName,
          settings.applicationProtocols,
          !clientMode && callbacks.hasSelector(),
          verify,
          clientMode ? context.clientStatusRequest : context.serverStatusRequest);
      if (clientMode) {
        offered =
            Resumption.offer(context, session, handle, serverName, getPeerHost(), getPeerPort());
      }
    } catch (IllegalArgumentException e) {
      throw new SSLException(e.getMessage(), e);
    }
    if (clientMode && offered == null && !callbacks.sessionCreation) {
      failed = true;
      throw new SSLHandshakeException(
          "No new session is allowed and no existing session can be resumed");
    }
  }

  /**
   * One handshake step; on completion the session is settled. A step that stops before a key only
   * Java can use signs leaves the next step to a delegated task.
   */
  private void step() throws SSLException {
    try {
      callbacks.beforeStep();
      int state = TlsNative.handshake(handle, callbacks);
      if (state == TlsNative.HANDSHAKE_AWAITS_SIGNER) {
        delegated.pausedForSigner(new DelegatedStep(false));
      } else if (state == TlsNative.HANDSHAKE_AWAITS_STATUS) {
        delegated.schedule(new DelegatedStep(true)); // the OCSP fetch must not block unwrap
      } else if (state == TlsNative.HANDSHAKE_COMPLETE) {
        String[] info = TlsNative.session(handle);
        if (!clientMode) {
          callbacks.serverHandshakeDone(info[4]);
        }
        handshakeComplete = true;
        session.settle(info[0], info[1], info[2]);
        callbacks.applicationProtocol = info[3];
        Resumption.settled(context, session, handle, clientMode, offered, info[4]);
      }
    } catch (SSLException e) {
      failed = true;
      throw callbacks.failure(e);
    }
  }

  /**
   * A delegated task: the next handshake step, on the thread the application runs it on (the Java
   * key signs there), after waiting for a stapling server's OCSP response if {@code fetchStatus}.
   * It holds the engine's lock while it runs, as SunJSSE's tasks hold theirs; a failure is thrown
   * by the next {@code wrap} or {@code unwrap}. Does nothing if run twice, or after the engine was
   * closed or freed.
   */
  private final class DelegatedStep implements Runnable {
    private final boolean fetchStatus;

    DelegatedStep(boolean fetchStatus) {
      this.fetchStatus = fetchStatus;
    }

    @Override
    public void run() {
      synchronized (lock) {
        try {
          if (!delegated.begin(this) || handle == 0 || failed) {
            return;
          }
          if (fetchStatus) {
            callbacks.fetchStatusResponse();
          }
          JavaKeySigner.takeSigned();
          step();
          // A client may still wait for the server's Finished before it signs: the steps that
          // follow its next records are tasks too, until the key has signed.
          if (JavaKeySigner.takeSigned() || handshakeComplete) {
            delegated.signed();
          }
        } catch (SSLException e) {
          delegated.signed();
          delegated.failed(e);
        } finally {
          Reference.reachabilityFence(CarbideSslEngine.this);
        }
      }
    }
  }

  /**
   * The record at {@code src}'s front decrypted into {@code dsts} in one native call ({@link
   * EngineRecords#open}): the bytes produced, or {@link RecordBuffers#NOT_OPENED} when the buffers
   * need the general path. A failure fails the engine.
   */
  private int open(ByteBuffer src, int recordLength, ByteBuffer[] dsts, int offset, int length)
      throws SSLException {
    try {
      int n = records.open(handle, clientMode, src, recordLength, dsts, offset, length);
      return n == RecordBuffers.NOT_OPENED ? n : received(n);
    } catch (SSLException e) {
      failed = true;
      throw e;
    }
  }

  /** The record fed last decrypted into {@code dsts}: the bytes produced. */
  private int read(ByteBuffer[] dsts, int offset, int length) throws SSLException {
    try {
      return received(records.read(handle, clientMode, dsts, offset, length));
    } catch (SSLException e) {
      failed = true;
      throw e;
    }
  }

  // A read's bytes, or the peer's close_notify (EngineRecords.PEER_CLOSED): then none.
  private int received(int n) {
    if (n == EngineRecords.PEER_CLOSED) {
      peerClosed();
      return 0;
    }
    return n;
  }

  // TLS 1.2 answers close_notify with its own (RFC 5246, 7.2.1); under TLS 1.3 the write side stays
  // open (RFC 8446, 6.1), as SunJSSE leaves it by default.
  private void peerClosed() {
    inboundDone = true;
    if (!outboundClosed && !"TLSv1.3".equals(session.getProtocol())) {
      outboundClosed = true;
      TlsNative.shutdown(handle); // answer with our close_notify
    }
  }

  private int pending() {
    return handle == 0 ? 0 : TlsNative.pending(handle);
  }

  // FINISHED is reported once, by the call after which the handshake is complete and its last
  // flight sent.
  private SSLEngineResult result(Status status, int consumed, int produced) {
    return result(status, consumed, produced, pending());
  }

  // As above, with the records still queued already known (no native call to ask again).
  private SSLEngineResult result(Status status, int consumed, int produced, int pending) {
    HandshakeStatus handshake = handshakeStatus(pending);
    if (handshakeComplete && !finishedReported && handshake == HandshakeStatus.NOT_HANDSHAKING) {
      finishedReported = true;
      handshake = HandshakeStatus.FINISHED;
    }
    return new SSLEngineResult(status, handshake, consumed, produced);
  }

  private HandshakeStatus handshakeStatus() {
    return handshakeStatus(pending());
  }

  private HandshakeStatus handshakeStatus(int pending) {
    if (handle == 0) {
      return HandshakeStatus.NOT_HANDSHAKING;
    }
    if (delegated.waiting()) {
      return HandshakeStatus.NEED_TASK;
    }
    if (pending > 0) {
      return HandshakeStatus.NEED_WRAP;
    }
    if (handshakeComplete || failed || inboundDone || outboundClosed) {
      return HandshakeStatus.NOT_HANDSHAKING;
    }
    return HandshakeStatus.NEED_UNWRAP;
  }

  @Override
  public HandshakeStatus getHandshakeStatus() {
    synchronized (lock) {
      return handshakeStatus();
    }
  }

  @Override
  public void beginHandshake() throws SSLException {
    synchronized (lock) {
      if (handshakeComplete) {
        throw new SSLException("renegotiation is not supported");
      }
      if (outboundClosed || inboundDone) {
        throw new SSLException("the engine is closed");
      }
      start();
      if (pending() == 0 && !failed && !delegated.waiting() && !delegated.delegating()) {
        step(); // a client queues its ClientHello
      }
    }
  }

  /**
   * The step after a pause for a key only Java can use (see {@link DelegatedSteps}) or for a
   * stapling server's OCSP response ({@link OcspStapler}), once; null otherwise: the rest of the
   * native handshake runs inside wrap and unwrap.
   */
  @Override
  public Runnable getDelegatedTask() {
    synchronized (lock) {
      return delegated.handOut();
    }
  }

  @Override
  public void closeInbound() throws SSLException {
    synchronized (lock) {
      if (inboundDone) {
        return;
      }
      inboundDone = true;
      delegated.drop();
      closeOutboundLocked();
      if (handle != 0 && handshakeComplete && !failed) {
        throw new SSLException("closing inbound before receiving peer's close_notify");
      }
    }
  }

  @Override
  public boolean isInboundDone() {
    synchronized (lock) {
      return inboundDone;
    }
  }

  @Override
  public void closeOutbound() {
    synchronized (lock) {
      closeOutboundLocked();
    }
  }

  private void closeOutboundLocked() {
    if (outboundClosed) {
      return;
    }
    outboundClosed = true;
    delegated.drop(); // a waiting step does nothing now
    if (handle != 0 && handshakeComplete && !failed) {
      TlsNative.shutdown(handle);
    }
  }

  @Override
  public boolean isOutboundDone() {
    synchronized (lock) {
      return (outboundClosed || failed) && pending() == 0;
    }
  }

  @Override
  public SSLSession getSession() {
    synchronized (lock) {
      return session;
    }
  }

  @Override
  public SSLSession getHandshakeSession() {
    synchronized (lock) {
      return handle != 0 && !handshakeComplete && !failed ? session : null;
    }
  }

  @Override
  public void setUseClientMode(boolean mode) {
    synchronized (lock) {
      if (handle != 0) {
        throw new IllegalArgumentException("Cannot change mode after SSL traffic has started");
      }
      clientMode = mode;
    }
  }

  @Override
  public boolean getUseClientMode() {
    synchronized (lock) {
      return clientMode != null && clientMode;
    }
  }

  @Override
  public String getApplicationProtocol() {
    synchronized (lock) {
      return handshakeComplete ? callbacks.applicationProtocol : null;
    }
  }

  @Override
  public String getHandshakeApplicationProtocol() {
    synchronized (lock) {
      return handshakeComplete ? null : callbacks.applicationProtocol;
    }
  }

  @Override
  HandshakeCallbacks callbacks() {
    return callbacks;
  }

  void serveSocket(SSLSocket socket) {
    this.socket = socket;
  }

  /** The socket this engine works for, or null. */
  SSLSocket socket() {
    return socket;
  }

  /**
   * Frees the native state now rather than when the engine becomes unreachable (a socket's close),
   * and closes the engine for good: later calls answer CLOSED and never make a new native engine.
   * Idempotent; a wrap or unwrap running on another thread finishes first (the engine's lock).
   */
  void free() {
    synchronized (lock) {
      outboundClosed = true;
      inboundDone = true;
      delegated.drop();
      if (cleanable != null) {
        cleanable.clean();
        cleanable = null;
        handle = 0;
      }
    }
  }

  /** Whether the engine holds native state (for the tests of {@link #free}). */
  boolean holdsNativeState() {
    synchronized (lock) {
      return handle != 0;
    }
  }
}
