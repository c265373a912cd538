package dev.carbide.digest;

/**
 * The digest family's natives (native/jni/digest). Handles: {@code md} is a fetched EVP_MD owned by
 * the native algorithm cache; a session is a native digest context with scratch memory, run by a
 * {@link dev.carbide.internal.MessageSession}.
 */
final class DigestNative {
  private DigestNative() {}

  /** The EVP_MD called {@code opensslName}, or 0 if the loaded OpenSSL lacks it. */
  static native long fetch(String opensslName);

  static native int size(long md);

  /**
   * A new message session over digest {@code md} with output of {@code size} bytes (the digest's
   * own size, or any for an extendable-output function such as SHAKE), ready for a message.
   */
  static native long newSession(long md, int size);
}
