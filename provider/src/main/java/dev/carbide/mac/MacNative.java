package dev.carbide.mac;

/**
 * The MAC family's natives (native/jni/mac). Handles: {@code md} is a fetched EVP_MD owned by the
 * native algorithm cache. A context, once created, is keyed here and otherwise driven through
 * {@link dev.carbide.internal.MessageContext}.
 */
final class MacNative {
  private MacNative() {}

  /** True if the loaded OpenSSL offers HMAC at all. */
  static native boolean available();

  /** Length of the HMAC over digest {@code md}, in bytes. */
  static native int size(long md);

  /** A new HMAC context over digest {@code md}, with no key yet. */
  static native long newContext(long md);

  /** Keys the context with key[offset, offset + length) and starts a new message. */
  static native void init(long ctx, byte[] key, int offset, int length);
}
