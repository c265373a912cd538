package dev.carbide.internal;

import java.nio.ByteBuffer;

/**
 * The natives shared by every engine that absorbs a message and then finishes it: digests and MACs
 * (native/jni/core/message_natives.cc). A family's own natives create the context; these drive it.
 * {@code ctx} is a native context owned by one {@link MessageContext}.
 *
 * <p>Updates carry the caller's pending buffer ({@code pending[0, pendingLen)}), which is absorbed
 * first, so flushing Java's buffer never costs a crossing of its own.
 */
final class MessageNative {
  private MessageNative() {}

  static native long copy(long ctx);

  static native void free(long ctx);

  /** Discards the message so far; an HMAC keeps its key. */
  static native void reset(long ctx);

  /** Absorbs the pending bytes, then in[offset, offset + length); {@code in} may be null if 0. */
  static native void update(
      long ctx, byte[] pending, int pendingLen, byte[] in, int offset, int length);

  static native void updateDirect(
      long ctx, byte[] pending, int pendingLen, ByteBuffer in, int position, int length);

  /** Absorbs the pending bytes, writes the result at out[outOffset], and starts a new message. */
  static native int finish(long ctx, byte[] pending, int pendingLen, byte[] out, int outOffset);
}
