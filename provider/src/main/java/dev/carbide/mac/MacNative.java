package dev.carbide.mac;

/**
 * The MAC family's natives (native/jni/mac). Handles: {@code md} is a fetched EVP_MD owned by the
 * native algorithm cache; a session is a native HMAC context with scratch memory, run by a {@link
 * dev.carbide.internal.MessageSession}.
 */
final class MacNative {
  private MacNative() {}

  /** True if the loaded OpenSSL offers HMAC at all. */
  static native boolean available();

  /** Length of the HMAC over digest {@code md}, in bytes. */
  static native int size(long md);

  /** A new message session over digest {@code md}, with no key yet. */
  static native long newSession(long md);

  /** Keys the HMAC with key[offset, offset + length) and starts a new message. */
  static native void init(long session, byte[] key, int offset, int length);

  /** What {@link #initEvp}'s parameter is, in native EvpMac::Parameter order. */
  static final int PARAMETER_NONE = 0;

  static final int PARAMETER_IV = 1;
  static final int PARAMETER_CUSTOMISATION = 2;

  /** The EVP_MAC called {@code opensslName} ("CMAC", "KMAC-128"), or 0 if OpenSSL lacks it. */
  static native long fetchMac(String opensslName);

  /** A new message session over EVP_MAC {@code mac}, with no key yet. */
  static native long newEvpSession(long mac, int parameterKind);

  /**
   * Keys an EVP_MAC session and starts a new message. {@code cipher} is OpenSSL's name of the block
   * cipher under CMAC or GMAC, or null; {@code parameter} the GMAC IV or the KMAC customisation
   * string, or null; {@code outputSize} KMAC's tag length in bytes (ignored by the others).
   */
  static native void initEvp(
      long session, byte[] key, String cipher, byte[] parameter, int outputSize);

  /**
   * A GMAC's next message under the key its session holds: the key is at scratch[0, keyLength) and
   * the new IV after it, both cleansed there. Returns false, changing nothing, if the session holds
   * another key or none; then {@link #initEvp} keys it.
   */
  static native boolean renewEvp(long session, int keyLength, int ivLength);
}
