package dev.carbide.ssl;

import java.security.Principal;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionBindingEvent;
import javax.net.ssl.SSLSessionBindingListener;
import javax.net.ssl.SSLSessionContext;

/**
 * What one engine's handshake settled. Before the handshake it is SunJSSE's "null session"
 * (SSL_NULL_WITH_NULL_NULL). There is no resumption yet, so every session is new and has no session
 * context (docs/tls.md).
 */
final class CarbideSslSession implements SSLSession {
  static final String NULL_CIPHER_SUITE = "SSL_NULL_WITH_NULL_NULL";

  private final String peerHost;
  private final int peerPort;
  private final long creationTime = System.currentTimeMillis();
  private final Map<String, Object> values = new ConcurrentHashMap<>();
  private final byte[] id = new byte[0];
  private volatile String protocol = "NONE";
  private volatile String cipherSuite = NULL_CIPHER_SUITE;
  private volatile String namedGroup = "";
  private volatile X509Certificate[] peerCertificates;
  private volatile X509Certificate[] localCertificates;
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

  void peerCertificates(X509Certificate[] chain) {
    this.peerCertificates = chain;
  }

  void localCertificates(X509Certificate[] chain) {
    this.localCertificates = chain;
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
    return null; // no session cache yet
  }

  @Override
  public long getCreationTime() {
    return creationTime;
  }

  @Override
  public long getLastAccessedTime() {
    return creationTime;
  }

  @Override
  public void invalidate() {
    valid = false;
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
  public int getApplicationBufferSize() {
    return CarbideSslEngine.APPLICATION_BUFFER_SIZE;
  }
}
