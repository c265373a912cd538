package dev.carbide.mac;

import java.nio.ByteBuffer;

/**
 * The MAC family's natives (native/jni/mac). Handles: {@code md} is a fetched EVP_MD owned by the
 * native algorithm cache; {@code session} is a native HMAC context with scratch memory, owned by
 * one Java object.
 *
 * <p>Java buffers short updates in the session's scratch memory, seen through {@link #scratch}.
 * Every call that takes {@code pendingLen} first absorbs scratch[0, pendingLen), so flushing the
 * buffer never costs a crossing of its own, and {@link #finish} leaves the tag in scratch.
 */
final class MacNative {
  private MacNative() {}

  /** The size of the scratch memory, which bounds Java's buffering (native kScratchCapacity). */
  static final int SCRATCH_CAPACITY = 1024;

  /** True if the loaded OpenSSL offers HMAC at all. */
  static native boolean available();

  /** Length of the HMAC over digest {@code md}, in bytes. */
  static native int size(long md);

  /** A new session over digest {@code md}, with no key yet. */
  static native long newSession(long md);

  static native long copySession(long session);

  static native void freeSession(long session);

  /** A direct view of the session's scratch memory; valid until the session is freed. */
  static native ByteBuffer scratch(long session);

  /** Keys the HMAC with key[offset, offset + length) and starts a new message. */
  static native void init(long session, byte[] key, int offset, int length);

  /** Discards the message so far; the key stays. */
  static native void reset(long session);

  /** Absorbs the pending bytes, then {@code in[offset, offset + length)} if {@code in} is set. */
  static native void update(long session, int pendingLen, byte[] in, int offset, int length);

  static native void updateDirect(
      long session, int pendingLen, ByteBuffer in, int position, int length);

  /** Absorbs the pending bytes, leaves the tag at scratch[0], restarts under the same key. */
  static native int finish(long session, int pendingLen);
}
