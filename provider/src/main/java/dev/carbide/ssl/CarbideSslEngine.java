package dev.carbide.ssl;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * An SSLEngine on OpenSSL's libssl: one native SSL object with memory BIOs. {@code wrap} moves
 * records the native engine queued (handshake flights, encrypted application data, alerts) into the
 * caller's buffer; {@code unwrap} feeds it one whole record at a time, so that every call's
 * consumption and production are what the JSSE contract expects. Records and plaintext go straight
 * between OpenSSL and the caller's buffers ({@link RecordBuffers}). The native state is created on
 * the first handshake step and freed by a Cleaner, so an engine dropped mid-handshake frees it. One
 * lock serialises the calls (OpenSSL's SSL object is not thread-safe).
 */
public final class CarbideSslEngine extends SSLEngine {
  /** The largest TLS record with its header (2^14 plaintext + 2048 expansion + 5). */
  static final int PACKET_BUFFER_SIZE = 16384 + 2048 + 5;

  static final int APPLICATION_BUFFER_SIZE = 16384 + 2048;

  private static final int MAX_PLAINTEXT = 16384;
  // What a record adds to its plaintext at most with the suites OpenSSL enables: header, explicit
  // IV or content type, tag or MAC and padding.
  private static final int RECORD_OVERHEAD = 5 + 16 + 48 + 16;

  private final CarbideSslContext context;
  private final EngineSettings settings;
  private final Object lock = new Object();
  private final CarbideSslSession session;
  private final RecordBuffers buffers = new RecordBuffers();
  private Boolean clientMode; // null until setUseClientMode
  private long handle;
  private Cleaner.Cleanable cleanable;
  private boolean handshakeComplete;
  private boolean finishedReported;
  private boolean outboundClosed;
  private boolean inboundDone;
  private boolean failed;
  private Exception trustFailure;
  // A failure the Java side decided inside the handshake (no credentials, no new session allowed),
  // thrown as it is, as SunJSSE throws its own.
  private SSLException refusal;
  private boolean sessionCreation = true;
  // The server's ALPN choice, SunJSSE's way: an engine's selector, or its socket's.
  private BiFunction<SSLEngine, List<String>, String> engineSelector;
  private BiFunction<SSLSocket, List<String>, String> socketSelector;
  private String applicationProtocol;
  private CarbideSslSession offered; // the session a client offered to resume
  private CredentialCache.Decoded clientCredentials; // reachable while the native engine uses them
  private CredentialCache.Decoded serverCredentials; // the same for a server

  // The native engine's questions during a handshake step: is the peer trusted, and (a client
  // asked for its certificate) which credentials the key manager chooses.
  private final PeerTrust callbacks =
      new PeerTrust() {
        @Override
        public boolean verifyPeer(byte[][] chain, String cipherSuite) {
          return CarbideSslEngine.this.verifyPeer(chain, cipherSuite);
        }

        @Override
        public long chooseClientCredentials(String[] keyTypes, byte[][] issuers) {
          clientCredentials =
              context.chooseClientCredentials(CarbideSslEngine.this, session, keyTypes, issuers);
          return clientCredentials == null ? 0 : clientCredentials.handle();
        }

        @Override
        public long chooseServerCredentials(String serverName) {
          return CarbideSslEngine.this.chooseServerCredentials(serverName);
        }

        @Override
        public int selectApplicationProtocol(String[] offered) {
          return CarbideSslEngine.this.selectApplicationProtocol(List.of(offered));
        }
      };
  // The socket this engine works for, if any (CarbideSslSocket): the key and trust managers are
  // then given the socket, as SunJSSE gives them its own, rather than the engine.
  private volatile SSLSocket socket;

  CarbideSslEngine(CarbideSslContext context, String host, int port) {
    super(host, port);
    this.context = context;
    this.settings = context.defaultSettings();
    this.session = new CarbideSslSession(host, port);
  }

  @Override
  public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst)
      throws SSLException {
    checkBuffers(srcs, offset, length);
    if (dst == null) {
      throw new IllegalArgumentException("dst is null");
    }
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    synchronized (lock) {
      try {
        start();
        if (!handshakeComplete && !failed && !outboundClosed && pending() == 0) {
          step();
        }
        int consumed = 0;
        if (handshakeComplete && !failed && !outboundClosed && pending() == 0) {
          int room = dst.remaining() - RECORD_OVERHEAD;
          int n = Math.min(Math.min(remaining(srcs, offset, length), MAX_PLAINTEXT), room);
          if (n <= 0 && remaining(srcs, offset, length) > 0) {
            return result(Status.BUFFER_OVERFLOW, 0, 0);
          }
          if (n > 0) {
            buffers.write(handle, srcs, offset, length, n);
            consumed = n;
          }
        }
        int pending = pending();
        if (pending > 0 && dst.remaining() < Math.min(pending, PACKET_BUFFER_SIZE)) {
          return result(Status.BUFFER_OVERFLOW, consumed, 0);
        }
        int produced = 0;
        if (pending > 0) {
          produced = buffers.take(handle, dst, Math.min(pending, dst.remaining()));
        }
        Status status = outboundClosed || failed ? Status.CLOSED : Status.OK;
        return result(status, consumed, produced);
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
    checkBuffers(dsts, offset, length);
    for (int i = offset; i < offset + length; i++) {
      if (dsts[i].isReadOnly()) {
        throw new ReadOnlyBufferException();
      }
    }
    synchronized (lock) {
      try {
        if (inboundDone || failed) {
          return result(Status.CLOSED, 0, 0);
        }
        start();
        if (!handshakeComplete && pending() > 0) {
          return result(Status.OK, 0, 0); // NEED_WRAP: our flight goes first
        }
        int recordLength;
        try {
          recordLength = recordLength(src);
        } catch (SSLException e) {
          failed = true; // as SunJSSE, a malformed record ends the connection, not just the call
          throw e;
        }
        if (recordLength < 0 || src.remaining() < recordLength) {
          return result(Status.BUFFER_UNDERFLOW, 0, 0);
        }
        int room = remaining(dsts, offset, length);
        if (handshakeComplete && room < Math.min(recordLength - 5, MAX_PLAINTEXT)) {
          return result(Status.BUFFER_OVERFLOW, 0, 0);
        }
        buffers.feed(handle, src, recordLength);
        if (!handshakeComplete) {
          step();
        }
        int produced = 0;
        if (handshakeComplete) {
          int n = read(dsts, offset, length);
          if (n == 0 && clientMode) {
            Resumption.recordRead(context, session, handle); // a TLS 1.3 ticket, perhaps
          }
          if (n < 0) {
            peerClosed();
          } else {
            produced = n;
          }
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
          settings.groupList(),
          serverName,
          settings.applicationProtocols,
          !clientMode && (socket != null ? socketSelector : engineSelector) != null,
          verify);
      if (clientMode) {
        offered =
            Resumption.offer(context, session, handle, serverName, getPeerHost(), getPeerPort());
      }
    } catch (IllegalArgumentException e) {
      throw new SSLException(e.getMessage(), e);
    }
    if (clientMode && offered == null && !sessionCreation) {
      failed = true;
      throw new SSLHandshakeException(
          "No new session is allowed and no existing session can be resumed");
    }
  }

  /** One handshake step; on completion the session is settled. */
  private void step() throws SSLException {
    try {
      trustFailure = null;
      refusal = null;
      if (TlsNative.handshake(handle, callbacks)) {
        String[] info = TlsNative.session(handle);
        if (!clientMode && serverCredentials == null) {
          resumedServerCertificates(info[4]);
        }
        handshakeComplete = true;
        session.settle(info[0], info[1], info[2]);
        applicationProtocol = info[3];
        Resumption.settled(context, session, handle, clientMode, offered, info[4]);
      }
    } catch (SSLException e) {
      failed = true;
      if (refusal != null) {
        throw refusal;
      }
      SSLHandshakeException handshake = new SSLHandshakeException(e.getMessage());
      Exception signFailure = JavaKeySigner.takeFailure(); // a key only Java can use refused
      handshake.initCause(
          trustFailure != null ? trustFailure : signFailure != null ? signFailure : e);
      throw handshake;
    }
  }

  // A resumed handshake asks no key manager (OpenSSL presents no certificate), yet its session
  // reports the certificates this server authenticates with, as SunJSSE's resumed sessions do: the
  // key manager names them, asked as for a full handshake while the handshake session (with the
  // client's SNI name) is still there.
  private void resumedServerCertificates(String serverName) {
    try {
      session.requestedServerNames(Resumption.serverNames(serverName));
      context.chooseServerCredentials(this, session);
    } catch (SSLException | RuntimeException e) {
      // the handshake is done: the session only reports no local certificates
    }
  }

  // Called by the native engine inside the handshake of a server with a selector, when the client
  // offered application protocols. As SunJSSE: null, or a protocol not offered, fails the handshake
  // with no_application_protocol; "" answers without ALPN.
  private int selectApplicationProtocol(List<String> offered) {
    try {
      SSLSocket owner = socket;
      BiFunction<SSLSocket, List<String>, String> forSocket = socketSelector;
      BiFunction<SSLEngine, List<String>, String> forEngine = engineSelector;
      String chosen =
          owner != null && forSocket != null
              ? forSocket.apply(owner, offered)
              : forEngine != null ? forEngine.apply(this, offered) : null;
      if (chosen != null && chosen.isEmpty()) {
        applicationProtocol = "";
        return -1;
      }
      int index = chosen == null ? -1 : offered.indexOf(chosen);
      if (index >= 0) {
        applicationProtocol = chosen;
        return index;
      }
      refusal = new SSLHandshakeException("No matching application layer protocol values");
    } catch (RuntimeException e) {
      refusal = new SSLHandshakeException("the application protocol selector failed: " + e);
      refusal.initCause(e);
    }
    return -2;
  }

  // Called by the native engine inside the handshake, once a ClientHello that resumes no session
  // was read: the handshake session now tells the key manager the client's SNI names and
  // signature schemes, as SunJSSE's does when it asks.
  private long chooseServerCredentials(String serverName) {
    try {
      if (!sessionCreation) {
        throw new SSLHandshakeException("Not resumption, and no new session is allowed");
      }
      session.requestedServerNames(Resumption.serverNames(serverName));
      session.peerSignatureAlgorithms(
          SignatureSchemes.algorithmNames(SessionNative.peerSignatureSchemes(handle)));
      serverCredentials = context.chooseServerCredentials(this, session);
      return serverCredentials.handle();
    } catch (SSLException e) {
      refusal = e;
    } catch (RuntimeException e) {
      refusal = new SSLHandshakeException("the key manager failed: " + e);
      refusal.initCause(e);
    }
    return 0;
  }

  private int read(ByteBuffer[] dsts, int offset, int length) throws SSLException {
    try {
      return buffers.read(handle, dsts, offset, length);
    } catch (SSLException e) {
      failed = true;
      throw e;
    }
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

  // Called by the native engine inside the handshake: the application's trust manager decides.
  private boolean verifyPeer(byte[][] chain, String cipherSuite) {
    if (clientMode && !sessionCreation) {
      // A certificate to verify means the server did not resume the session offered.
      refusal = new SSLHandshakeException("New session creation is disabled");
      return false;
    }
    try {
      X509Certificate[] certificates = Resumption.certificates(chain);
      session.peerCertificates(certificates);
      context.checkPeer(this, certificates, cipherSuite, clientMode);
      return true;
    } catch (CertificateException | RuntimeException e) {
      trustFailure = e;
      return false;
    }
  }

  private int pending() {
    return handle == 0 ? 0 : TlsNative.pending(handle);
  }

  // FINISHED is reported once, by the call after which the handshake is complete and its last
  // flight sent.
  private SSLEngineResult result(Status status, int consumed, int produced) {
    HandshakeStatus handshake = handshakeStatus();
    if (handshakeComplete && !finishedReported && handshake == HandshakeStatus.NOT_HANDSHAKING) {
      finishedReported = true;
      handshake = HandshakeStatus.FINISHED;
    }
    return new SSLEngineResult(status, handshake, consumed, produced);
  }

  private HandshakeStatus handshakeStatus() {
    if (handle == 0) {
      return HandshakeStatus.NOT_HANDSHAKING;
    }
    if (pending() > 0) {
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

  /**
   * The whole record at the front of {@code src} (header included), or -1 if its header is short.
   */
  private static int recordLength(ByteBuffer src) throws SSLException {
    if (src.remaining() < 5) {
      return -1;
    }
    int at = src.position();
    int type = src.get(at) & 0xff;
    int major = src.get(at + 1) & 0xff;
    if (type < 20 || type > 24 || major != 3) {
      throw new SSLException("Unsupported or unrecognized SSL message");
    }
    int length = ((src.get(at + 3) & 0xff) << 8) | (src.get(at + 4) & 0xff);
    if (length > PACKET_BUFFER_SIZE - 5) {
      throw new SSLException("The size of the TLS record exceeds its limit: " + length);
    }
    return 5 + length;
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
      if (pending() == 0 && !failed) {
        step(); // a client queues its ClientHello
      }
    }
  }

  @Override
  public Runnable getDelegatedTask() {
    return null; // the native handshake runs inside wrap and unwrap
  }

  @Override
  public void closeInbound() throws SSLException {
    synchronized (lock) {
      if (inboundDone) {
        return;
      }
      inboundDone = true;
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
  public String[] getSupportedCipherSuites() {
    return context.supportedCipherSuites();
  }

  @Override
  public String[] getEnabledCipherSuites() {
    synchronized (lock) {
      return settings.cipherSuites.clone();
    }
  }

  @Override
  public void setEnabledCipherSuites(String[] suites) {
    if (suites == null) {
      throw new IllegalArgumentException("CipherSuites cannot be null");
    }
    synchronized (lock) {
      settings.cipherSuites = suites.clone();
    }
  }

  @Override
  public String[] getSupportedProtocols() {
    return EngineSettings.SUPPORTED_PROTOCOLS.toArray(new String[0]);
  }

  @Override
  public String[] getEnabledProtocols() {
    synchronized (lock) {
      return settings.protocols.clone();
    }
  }

  @Override
  public void setEnabledProtocols(String[] protocols) {
    if (protocols == null) {
      throw new IllegalArgumentException("Protocols cannot be null");
    }
    SSLParameters parameters = new SSLParameters();
    parameters.setProtocols(protocols);
    synchronized (lock) {
      settings.apply(withCurrent(parameters));
    }
  }

  // A copy of the current parameters with only the protocols replaced.
  private SSLParameters withCurrent(SSLParameters protocols) {
    SSLParameters current = settings.toParameters();
    current.setProtocols(protocols.getProtocols());
    return current;
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
  public void setNeedClientAuth(boolean need) {
    synchronized (lock) {
      settings.needClientAuth = need;
      settings.wantClientAuth = false;
    }
  }

  @Override
  public boolean getNeedClientAuth() {
    synchronized (lock) {
      return settings.needClientAuth;
    }
  }

  @Override
  public void setWantClientAuth(boolean want) {
    synchronized (lock) {
      settings.wantClientAuth = want;
      settings.needClientAuth = false;
    }
  }

  @Override
  public boolean getWantClientAuth() {
    synchronized (lock) {
      return settings.wantClientAuth;
    }
  }

  /**
   * SunJSSE's meaning: with {@code false} no new session is created, so only a handshake that
   * resumes a session completes (a client without a session to offer fails at once).
   */
  @Override
  public void setEnableSessionCreation(boolean flag) {
    synchronized (lock) {
      sessionCreation = flag;
    }
  }

  @Override
  public boolean getEnableSessionCreation() {
    synchronized (lock) {
      return sessionCreation;
    }
  }

  @Override
  public SSLParameters getSSLParameters() {
    synchronized (lock) {
      return settings.toParameters();
    }
  }

  @Override
  public void setSSLParameters(SSLParameters parameters) {
    synchronized (lock) {
      settings.apply(parameters);
    }
  }

  @Override
  public String getApplicationProtocol() {
    synchronized (lock) {
      return handshakeComplete ? applicationProtocol : null;
    }
  }

  @Override
  public String getHandshakeApplicationProtocol() {
    synchronized (lock) {
      return handshakeComplete ? null : applicationProtocol;
    }
  }

  @Override
  public void setHandshakeApplicationProtocolSelector(
      BiFunction<SSLEngine, List<String>, String> selector) {
    synchronized (lock) {
      engineSelector = selector;
    }
  }

  @Override
  public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
    synchronized (lock) {
      return engineSelector;
    }
  }

  /** The selector of the socket this engine works for ({@link CarbideSslSocket}). */
  void socketSelector(BiFunction<SSLSocket, List<String>, String> selector) {
    synchronized (lock) {
      socketSelector = selector;
    }
  }

  BiFunction<SSLSocket, List<String>, String> socketSelector() {
    synchronized (lock) {
      return socketSelector;
    }
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

  private static void checkBuffers(ByteBuffer[] buffers, int offset, int length) {
    if (buffers == null) {
      throw new IllegalArgumentException("buffers is null");
    }
    if (offset < 0 || length < 0 || offset > buffers.length - length) {
      throw new IndexOutOfBoundsException();
    }
    for (int i = offset; i < offset + length; i++) {
      if (buffers[i] == null) {
        throw new IllegalArgumentException("a buffer is null");
      }
    }
  }

  private static int remaining(ByteBuffer[] buffers, int offset, int length) {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      total += buffers[i].remaining();
    }
    return (int) Math.min(total, Integer.MAX_VALUE);
  }
}
