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
}
