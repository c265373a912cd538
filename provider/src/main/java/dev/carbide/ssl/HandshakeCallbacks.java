package dev.carbide.ssl;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;

/**
 * The Java side of one {@link CarbideSslEngine}'s native handshake: OpenSSL's callbacks ask it
 * whether the peer is trusted and which credentials and application protocol to use ({@link
 * PeerTrust}), and it answers from the engine's context, keeping what the answers leave behind for
 * the engine (why a handshake was refused, the credentials the native engine uses, the ALPN
 * choice). Every call runs under the engine's lock: inside its handshake steps, or in its own
 * synchronized methods.
 */
final class HandshakeCallbacks implements PeerTrust {
  private final CarbideSslEngine engine;
  private final CarbideSslContext context;
  private final CarbideSslSession session;
  private long handle; // the native engine, once started
  private boolean clientMode;

  // The failures the Java side decided inside a handshake step. A refusal (no credentials, no new
  // session allowed) is thrown as it is, as SunJSSE throws its own; a trust failure becomes the
  // cause of the SSLHandshakeException.
  private SSLException refusal;
  private Exception trustFailure;

  boolean sessionCreation = true;
  // The server's ALPN choice, SunJSSE's way: an engine's selector, or its socket's.
  BiFunction<SSLEngine, List<String>, String> engineSelector;
  BiFunction<SSLSocket, List<String>, String> socketSelector;
  String applicationProtocol;
  // Kept reachable while the native engine uses them.
  private CredentialCache.Decoded clientCredentials;
  private CredentialCache.Decoded serverCredentials;

  HandshakeCallbacks(
      CarbideSslEngine engine, CarbideSslContext context, CarbideSslSession session) {
    this.engine = engine;
    this.context = context;
    this.session = session;
  }

  /** The native engine now exists: the callbacks may ask it about the handshake. */
  void started(long handle, boolean clientMode) {
    this.handle = handle;
    this.clientMode = clientMode;
  }

  /** A handshake step starts: nothing was refused yet. */
  void beforeStep() {
    trustFailure = null;
    refusal = null;
  }

  /**
   * What a failed handshake step throws: the Java side's refusal as it is, else an
   * SSLHandshakeException with OpenSSL's reason and, as its cause, the trust manager's exception or
   * the failure of a key only Java can sign with.
   */
  SSLException failure(SSLException nativeFailure) {
    if (refusal != null) {
      return refusal;
    }
    SSLHandshakeException handshake = new SSLHandshakeException(nativeFailure.getMessage());
    Exception signFailure = JavaKeySigner.takeFailure(); // a key only Java can use refused
    handshake.initCause(
        trustFailure != null ? trustFailure : signFailure != null ? signFailure : nativeFailure);
    return handshake;
  }

  /**
   * A server's handshake completed. A resumed one asks no key manager (OpenSSL presents no
   * certificate), yet its session reports the certificates this server authenticates with, as
   * SunJSSE's resumed sessions do: the key manager names them, asked as for a full handshake while
   * the handshake session (with the client's SNI name) is still there.
   */
  void serverHandshakeDone(String serverName) {
    if (serverCredentials != null) {
      return;
    }
    try {
      askKeyManager(serverName);
    } catch (SSLException | RuntimeException e) {
      // the handshake is done: the session only reports no local certificates
    }
  }

  // Called once a ClientHello that resumes no session was read: the handshake session now tells
  // the key manager the client's SNI names and signature schemes, as SunJSSE's does when it asks.
  @Override
  public long chooseServerCredentials(String serverName) {
    try {
      if (!sessionCreation) {
        throw new SSLHandshakeException("Not resumption, and no new session is allowed");
      }
      session.peerSignatureAlgorithms(
          SignatureSchemes.algorithmNames(SessionNative.peerSignatureSchemes(handle)));
      serverCredentials = askKeyManager(serverName);
      return serverCredentials.handle();
    } catch (SSLException e) {
      refusal = e;
    } catch (RuntimeException e) {
      refusal = new SSLHandshakeException("the key manager failed: " + e);
      refusal.initCause(e);
    }
    return 0;
  }

  // The server's credentials, from the key manager asked with the client's SNI name ("" for none)
  // in the handshake session.
  private CredentialCache.Decoded askKeyManager(String serverName) throws SSLException {
    session.requestedServerNames(Resumption.serverNames(serverName));
    return context.chooseServerCredentials(engine, session);
  }

  @Override
  public long chooseClientCredentials(String[] keyTypes, byte[][] issuers) {
    clientCredentials = context.chooseClientCredentials(engine, session, keyTypes, issuers);
    return clientCredentials == null ? 0 : clientCredentials.handle();
  }

  // The application's trust manager decides.
  @Override
  public boolean verifyPeer(byte[][] chain, String cipherSuite) {
    if (clientMode && !sessionCreation) {
      // A certificate to verify means the server did not resume the session offered.
      refusal = new SSLHandshakeException("New session creation is disabled");
      return false;
    }
    try {
      X509Certificate[] certificates = Resumption.certificates(chain);
      session.peerCertificates(certificates);
      if (clientMode) {
        // Asked for unless jdk.tls.client.enableStatusRequestExtension=false: the JDK's PKIX
        // trust manager checks revocation with it.
        session.statusResponse(TlsNative.stapledResponse(handle));
      }
      context.checkPeer(engine, certificates, cipherSuite, clientMode);
      return true;
    } catch (CertificateException | RuntimeException e) {
      trustFailure = e;
      return false;
    }
  }

  // Called on a server with a selector, when the client offered application protocols. As
  // SunJSSE: null, or a protocol not offered, fails the handshake with no_application_protocol; ""
  // answers without ALPN.
  @Override
  public int selectApplicationProtocol(String[] offeredArray) {
    List<String> offered = List.of(offeredArray);
    try {
      SSLSocket owner = engine.socket();
      String chosen =
          owner != null && socketSelector != null
              ? socketSelector.apply(owner, offered)
              : engineSelector != null ? engineSelector.apply(engine, offered) : null;
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

  // Called on a stapling server once its credentials are chosen for a client that asked for their
  // OCSP status: the response from the context's cache, NONE for none, null to fetch it in a
  // delegated task (fetchStatusResponse) before the handshake goes on.
  @Override
  public byte[] serverStatusResponse() {
    try {
      return serverCredentials == null
          ? OcspStapler.NONE
          : context.stapler().cached(serverCredentials.chain());
    } catch (RuntimeException e) {
      return OcspStapler.NONE; // no staple rather than no handshake
    }
  }

  /**
   * The delegated task of a handshake paused for its OCSP response: waits for it (at most {@code
   * jdk.tls.stapling.responseTimeout}) and staples it if there is one by then.
   */
  void fetchStatusResponse() {
    byte[] response =
        serverCredentials == null
            ? OcspStapler.NONE
            : context.stapler().fetch(serverCredentials.chain());
    if (response.length > 0) {
      TlsNative.stapleResponse(handle, response);
    }
  }

  /** Whether this server has a selector for the client's application protocols. */
  boolean hasSelector() {
    return (engine.socket() != null ? socketSelector : engineSelector) != null;
  }
}
