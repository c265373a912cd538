package dev.carbide.digest;

/**
 * The digest family's natives (native/jni/digest). Handles: {@code md} is a fetched EVP_MD owned by
 * the native algorithm cache. A context, once created, is driven through {@link
 * dev.carbide.internal.MessageContext}.
 */
final class DigestNative {
  private DigestNative() {}

  /** The EVP_MD called {@code opensslName}, or 0 if the loaded OpenSSL lacks it. */
  static native long fetch(String opensslName);

  static native int size(long md);

  static native long newContext(long md);
}
