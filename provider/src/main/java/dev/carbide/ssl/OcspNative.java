package dev.carbide.ssl;

/**
 * The natives of a stapling server's OCSP work (native/jni/tls/tls_ocsp_jni.cc,
 * carbide/tls_ocsp.h), in libcarbide-ssl.so beside {@link TlsNative}, which loads it (callers hold
 * a context). They never touch the network: {@link OcspStapler} posts the request and caches the
 * answer.
 */
final class OcspNative {
  /** {@link #inspect}'s statuses. */
  static final int STATUS_UNUSABLE = 0;

  static final int STATUS_GOOD = 1;
  static final int STATUS_REVOKED = 2;
  static final int STATUS_UNKNOWN = 3;

  private OcspNative() {}

  /** The first OCSP responder URI in the certificate's authority information access, or null. */
  static native String responderUri(byte[] certificate);

  /** A DER OCSP request for {@code leaf}'s status (one SHA-1 CertID, no nonce). */
  static native byte[] request(byte[] leaf, byte[] issuer);

  /**
   * {status, seconds to the response's nextUpdate or -1 if it has none} for {@code leaf}: {@link
   * #STATUS_UNUSABLE} for anything that is not a successful DER OCSP response with a single
   * response for the leaf inside its validity window. The signature is not checked (the client
   * checks it).
   */
  static native long[] inspect(byte[] response, byte[] leaf, byte[] issuer);
}
