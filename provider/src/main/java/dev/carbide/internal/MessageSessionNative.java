package dev.carbide.internal;

import java.nio.ByteBuffer;

/**
 * The natives that every family over a native message session shares (native/jni/core/
 * session_natives.cc), registered once whatever the family: the native side reaches each family's
 * engine through a virtual call, so no Java call site here ever dispatches. A family's own natives
 * class creates the sessions ({@code newSession}) and configures them ({@code init}).
 *
 * <p>Java buffers short updates in the session's scratch memory, seen through {@link #scratch}.
 * Every call that takes {@code pendingLen} first absorbs scratch[0, pendingLen), so flushing the
 * buffer never costs a crossing of its own, and {@link #finish} leaves the result in scratch.
 */
final class MessageSessionNative {
  private MessageSessionNative() {}

  /** The size of the scratch memory, which bounds Java's buffering (native kScratchCapacity). */
  static final int SCRATCH_CAPACITY = 1024;

  static native long copySession(long session);

  static native void freeSession(long session);

  /** A direct view of the session's scratch memory; valid until the session is freed. */
  static native ByteBuffer scratch(long session);

  /** Discards the message so far (an HMAC keeps its key). */
  static native void reset(long session);

  /** Absorbs the pending bytes, then {@code in[offset, offset + length)} if {@code in} is set. */
  static native void update(long session, int pendingLen, byte[] in, int offset, int length);

  static native void updateDirect(
      long session, int pendingLen, ByteBuffer in, int position, int length);

  /**
   * Absorbs the pending bytes, leaves the result at scratch[0] and starts a new message (an HMAC
   * restarts under the same key). Returns the result's length.
   */
  static native int finish(long session, int pendingLen);

  /** Raises the failure that a critical finish (Java 22+, {@link SessionCalls}) parked. */
  static native void throwDeferred(long session);
}
