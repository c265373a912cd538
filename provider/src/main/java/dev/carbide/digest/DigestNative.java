package dev.carbide.digest;

import java.nio.ByteBuffer;

/**
 * The digest family's natives (native/jni/digest). Handles: {@code md} is a fetched EVP_MD owned
 * by the native algorithm cache; {@code session} is a native digest context with scratch memory,
 * owned by one Java object.
 *
 * <p>Java buffers short updates in the session's scratch memory, seen through {@link #scratch}.
 * Every call that takes {@code pendingLen} first absorbs scratch[0, pendingLen), so flushing the
 * buffer never costs a crossing of its own, and {@link #finish} leaves the digest in scratch.
 */
final class DigestNative {
  private DigestNative() {}

  /** The size of the scratch memory, which bounds Java's buffering (native SCRATCH_CAPACITY). */
  static final int SCRATCH_CAPACITY = 1024;

  /** The EVP_MD called {@code opensslName}, or 0 if the loaded OpenSSL lacks it. */
  static native long fetch(String opensslName);

  static native int size(long md);

  static native long newSession(long md);

  static native long copySession(long session);

  static native void freeSession(long session);

  /** A direct view of the session's scratch memory; valid until the session is freed. */
  static native ByteBuffer scratch(long session);

  static native void reset(long session);

  /** Absorbs the pending bytes, then {@code in[offset, offset + length)} if {@code in} is set. */
  static native void update(long session, int pendingLen, byte[] in, int offset, int length);

  static native void updateDirect(
      long session, int pendingLen, ByteBuffer in, int position, int length);

  /** Absorbs the pending bytes, leaves the digest at scratch[0], starts a new message. */
  static native int finish(long session, int pendingLen);
}
