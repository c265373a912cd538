package dev.carbide.ssl;

import java.security.InvalidKeyException;

/**
 * The natives of credentials decoded once and of session resumption (native/jni/tls/
 * tls_sessions_jni.cc), in libcarbide-ssl.so beside {@link TlsNative}, which loads it (every caller
 * holds a context, so it is loaded). Session handles are OpenSSL SSL_SESSION references owned by
 * the Java side: each is freed by {@link #freeSession} once, through a Cleaner.
 */
final class SessionNative {
  private SessionNative() {}

  /** Decodes a chain (leaf first, DER) and its PKCS#8 key, checked to match; a handle. */
  static native long newCredentials(byte[][] chain, byte[] pkcs8) throws InvalidKeyException;

  static native void freeCredentials(long credentials);

  /**
   * Credentials for a chain (leaf first, DER) whose private key only Java can use: OpenSSL holds
   * the leaf's public key and signs through {@code signer}, which the native side references
   * globally until the credentials and every engine using them are freed.
   */
  static native long newJavaKeyCredentials(byte[][] chain, JavaKeySigner signer)
      throws InvalidKeyException;

  /** How many JavaKeySigners the native side still references: the tests' leak check. */
  static native int liveJavaKeySigners();

  /** The engine authenticates with these credentials (it takes its own references). */
  static native void useCredentials(long engine, long credentials);

  /**
   * Each side's session timeout in seconds (0: no limit), the server cache size (0: no limit),
   * stateless tickets for a context's servers, TLS 1.2 tickets for its clients.
   */
  static native void configureSessions(
      long context,
      int serverTimeout,
      int clientTimeout,
      int cacheSize,
      boolean serverTickets,
      boolean clientTickets);

  /**
   * How often the context's stateless ticket key changes, in seconds; each key still decrypts for
   * the server session timeout after that (tls.h, TicketKeys).
   */
  static native void setTicketKeyRotation(long context, int seconds);

  /** Drops a server session from the context's cache, and marks it not resumable. */
  static native void removeServerSession(long context, long session);

  /** A client engine offers the session in its ClientHello; before its first handshake step. */
  static native void offerSession(long engine, long session);

  /** Whether the engine's completed handshake resumed a session. */
  static native boolean sessionReused(long engine);

  /** A client's newest resumable session since the last call, or 0; the caller owns it. */
  static native long takeNewSession(long engine);

  /** A new reference to the session the engine's handshake settled, or 0. */
  static native long currentSession(long engine);

  static native byte[] sessionId(long session);

  static native void freeSession(long session);

  /** The TLS code points of the signature schemes the peer offered (see Engine). */
  static native int[] peerSignatureSchemes(long engine);

  /** The TLS code points of the signature schemes every engine offers (LocalSignatureSchemes). */
  static native int[] localSignatureSchemes(boolean tls13Only);
}
