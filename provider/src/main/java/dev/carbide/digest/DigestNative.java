package dev.carbide.digest;

import java.nio.ByteBuffer;

/**
 * The digest family's natives (native/jni/digest). Handles: {@code md} is a fetched EVP_MD owned
 * by the native algorithm cache; {@code ctx} is a native digest context owned by one Java object.
 *
 * <p>Updates carry the caller's pending buffer ({@code pending[0, pendingLen)}), which is absorbed
 * first, so flushing Java's buffer never costs a crossing of its own.
 */
final class DigestNative {
  private DigestNative() {}

  /** The EVP_MD called {@code opensslName}, or 0 if the loaded OpenSSL lacks it. */
  static native long fetch(String opensslName);

  static native int size(long md);

  static native long newContext(long md);

  static native long copyContext(long ctx);

  static native void freeContext(long ctx);

  static native void reset(long ctx);

  static native void update(
      long ctx, byte[] pending, int pendingLen, byte[] in, int offset, int length);

  static native void updateDirect(
      long ctx, byte[] pending, int pendingLen, ByteBuffer in, int position, int length);

  /** Absorbs the pending bytes, writes the digest at out[outOffset], and starts a new message. */
  static native int finish(long ctx, byte[] pending, int pendingLen, byte[] out, int outOffset);
}
