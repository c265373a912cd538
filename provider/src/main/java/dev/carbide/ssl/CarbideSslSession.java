package dev.carbide.ssl;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.security.Principal;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSessionBindingEvent;
import javax.net.ssl.SSLSessionBindingListener;
import javax.net.ssl.SSLSessionContext;

/**
 * What one engine's handshake settled. Before the handshake it is SunJSSE's "null session"
 * (SSL_NULL_WITH_NULL_NULL). A session that can be resumed holds a reference to OpenSSL's
 * SSL_SESSION (a client's to offer it again, a server's to drop it from the cache when invalidated)
 * and sits in its side's {@link SessionStore}; an engine that resumed it takes over its creation
 * time and certificates ({@link #adopt}).
 */
final class CarbideSslSession extends ExtendedSSLSession {
  static final String NULL_CIPHER_SUITE = "SSL_NULL_WITH_NULL_NULL";

  private final String peerHost;
  private final int peerPort;
  private volatile long creationTime = System.currentTimeMillis();
  private volatile long lastAccessedTime = creationTime;
  private final Map<String, Object> values = new ConcurrentHashMap<>();
  private volatile byte[] id = new byte[0];
  private volatile SessionStore store;
  private volatile boolean resumed;
  private volatile List<SNIServerName> requestedServerNames = List.of();
  private volatile String[] peerSignatureAlgorithms = new String[0];
  private volatile String[] localSignatureAlgorithms = new String[0];
  private NativeSessionRef nativeSession; // guarded by this
  private volatile String protocol = "NONE";
  private volatile String cipherSuite = NULL_CIPHER_SUITE;
  private volatile String namedGroup = "";
  private volatile X509Certificate[] peerCertificates;
  private volatile X509Certificate[] localCertificates;
  private volatile byte[] statusResponse; // the OCSP response the server stapled, or null
  private volatile boolean valid = true;

  CarbideSslSession(String peerHost, int peerPort) {
    this.peerHost = peerHost;
    this.peerPort = peerPort;
  }

  void settle(String protocol, String cipherSuite, String namedGroup) {
    this.protocol = protocol;
    this.cipherSuite = cipherSuite;
    this.namedGroup = namedGroup;
  }

  /** The OCSP response the server stapled for its certificate (DER), or null for none. */
  void statusResponse(byte[] response) {
    this.statusResponse = response;
  }

  void peerCertificates(X509Certificate[] chain) {
    this.peerCertificates = chain;
  }

  boolean hasPeerCertificates() {
    X509Certificate[] chain = peerCertificates;
    return chain != null && chain.length > 0;
  }

  void localCertificates(X509Certificate[] chain) {
    this.localCertificates = chain;
  }

  void store(SessionStore store) {
    this.store = store;
  }

  void peerSignatureAlgorithms(String[] algorithms) {
    this.peerSignatureAlgorithms = algorithms.clone();
  }

  /**
   * What this side offers, set when its handshake starts, as SunJSSE's handshake session has it.
   */
  void localSignatureAlgorithms(String[] algorithms) {
    this.localSignatureAlgorithms = algorithms.clone();
  }

  void requestedServerNames(List<SNIServerName> names) {
    this.requestedServerNames = List.copyOf(names);
  }

  /** Whether the handshake that settled this session resumed an earlier one. */
  boolean resumed() {
    return resumed;
  }

  void resumed(boolean resumed) {
    this.resumed = resumed;
    this.lastAccessedTime = System.currentTimeMillis();
  }

  /** A resumed handshake continues {@code earlier}: its creation time and certificates. */
  void adopt(CarbideSslSession earlier) {
    creationTime = earlier.creationTime;
    id = earlier.id;
    if (earlier.peerCertificates != null) {
      peerCertificates = earlier.peerCertificates;
      statusResponse = earlier.statusResponse; // as SunJSSE's resumed session keeps them
    }
    if (localCertificates == null) {
      localCertificates = earlier.localCertificates;
    }
  }

  /**
   * Holds {@code handle} (an SSL_SESSION reference this session now owns) for resumption, freeing
   * the one held before, and takes its ID.
   */
  synchronized void holdNative(long handle) {
    NativeSessionRef fresh = new NativeSessionRef(handle); // owns the handle from here on
    if (nativeSession != null) {
      nativeSession.free(); // under the lock, so offerTo never uses a freed session
    }
    nativeSession = fresh;
    id = SessionNative.sessionId(handle);
  }

  /** Takes the ID of {@code handle}, an SSL_SESSION reference this call frees. */
  void id(long handle) {
    try {
      id = SessionNative.sessionId(handle);
    } finally {
      SessionNative.freeSession(handle);
    }
  }

  /** A client engine offers this session; false if there is nothing to offer. */
  synchronized boolean offerTo(long engine) {
    if (nativeSession == null || !valid) {
      return false;
    }
    SessionNative.offerSession(engine, nativeSession.handle);
    return true;
  }

  /** A server drops this session from its context's cache, so it cannot be resumed. */
  synchronized void removeFromServerCache(long context) {
    if (nativeSession != null) {
      SessionNative.removeServerSession(context, nativeSession.handle);
    }
  }

  /** An OpenSSL SSL_SESSION reference, freed once: explicitly, or by the Cleaner. */
  private static final class NativeSessionRef {
    final long handle;
    private final Cleaner.Cleanable cleanable;

    NativeSessionRef(long handle) {
      this.handle = handle;
      this.cleanable =
          NativeCleaner.register(
              this, handle, SessionNative::freeSession, NativeFootprint.TLS_SESSION);
    }

    void free() {
      cleanable.clean();
    }
  }

  /**
   * The key exchange group the handshake used, by OpenSSL's TLS name ("X25519MLKEM768", "x25519",
   * "secp256r1"), or "" before the handshake. Also the session value "carbide.namedGroup".
   */
  String namedGroup() {
    return namedGroup;
  }

  @Override
  public byte[] getId() {
    return id.clone();
  }

  @Override
  public SSLSessionContext getSessionContext() {
    return store;
  }

  @Override
  public long getCreationTime() {
    return creationTime;
  }

  @Override
  public long getLastAccessedTime() {
    return lastAccessedTime;
  }

  @Override
  public void invalidate() {
    valid = false;
    SessionStore sessions = store;
    if (sessions != null) {
      sessions.remove(this);
    }
  }

  @Override
  public boolean isValid() {
    return valid && !cipherSuite.equals(NULL_CIPHER_SUITE);
  }

  @Override
  public void putValue(String name, Object value) {
    if (name == null || value == null) {
      throw new IllegalArgumentException("arguments can not be null");
    }
    Object old = values.put(name, value);
    if (old instanceof SSLSessionBindingListener listener) {
      listener.valueUnbound(new SSLSessionBindingEvent(this, name));
    }
    if (value instanceof SSLSessionBindingListener listener) {
      listener.valueBound(new SSLSessionBindingEvent(this, name));
    }
  }

  @Override
  public Object getValue(String name) {
    if (name == null) {
      throw new IllegalArgumentException("argument can not be null");
    }
    if (name.equals("carbide.namedGroup")) {
      return namedGroup;
    }
    return values.get(name);
  }

  @Override
  public void removeValue(String name) {
    if (name == null) {
      throw new IllegalArgumentException("argument can not be null");
    }
    Object old = values.remove(name);
    if (old instanceof SSLSessionBindingListener listener) {
      listener.valueUnbound(new SSLSessionBindingEvent(this, name));
    }
  }

  @Override
  public String[] getValueNames() {
    return values.keySet().toArray(new String[0]);
  }

  @Override
  public Certificate[] getPeerCertificates() throws SSLPeerUnverifiedException {
    X509Certificate[] chain = peerCertificates;
    if (chain == null || chain.length == 0) {
      throw new SSLPeerUnverifiedException("peer not authenticated");
    }
    return chain.clone();
  }

  @Override
  public Certificate[] getLocalCertificates() {
    X509Certificate[] chain = localCertificates;
    return chain == null ? null : chain.clone();
  }

  @Override
  @SuppressWarnings("removal")
  public javax.security.cert.X509Certificate[] getPeerCertificateChain()
      throws SSLPeerUnverifiedException {
    throw new UnsupportedOperationException("This method is deprecated and marked for removal.");
  }

  @Override
  public Principal getPeerPrincipal() throws SSLPeerUnverifiedException {
    return ((X509Certificate) getPeerCertificates()[0]).getSubjectX500Principal();
  }

  @Override
  public Principal getLocalPrincipal() {
    X509Certificate[] chain = localCertificates;
    return chain == null || chain.length == 0 ? null : chain[0].getSubjectX500Principal();
  }

  @Override
  public String getCipherSuite() {
    return cipherSuite;
  }

  @Override
  public String getProtocol() {
    return protocol;
  }

  @Override
  public String getPeerHost() {
    return peerHost;
  }

  @Override
  public int getPeerPort() {
    return peerPort;
  }

  @Override
  public int getPacketBufferSize() {
    return CarbideSslEngine.PACKET_BUFFER_SIZE;
  }

  @Override
  public List<SNIServerName> getRequestedServerNames() {
    return requestedServerNames;
  }

  @Override
  public List<byte[]> getStatusResponses() {
    byte[] response = statusResponse;
    // A copy, as SunJSSE gives (X509TrustManagerImpl asks; the default throws).
    return response == null ? List.of() : List.of(response.clone());
  }

  @Override
  public String[] getLocalSupportedSignatureAlgorithms() {
    return localSignatureAlgorithms.clone();
  }

  @Override
  public String[] getPeerSupportedSignatureAlgorithms() {
    return peerSignatureAlgorithms.clone();
  }

  @Override
  public int getApplicationBufferSize() {
    return CarbideSslEngine.APPLICATION_BUFFER_SIZE;
  }
}
