package dev.carbide.internal;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

/**
 * The Java half of a native digest or MAC context: the JCA contract's buffering, shared by the
 * MessageDigest and Mac SPIs.
 *
 * <p>Updates shorter than the pending buffer stay in Java; the native side sees them only when the
 * buffer fills or at {@link #finish}, together with that call's own input, so a short message costs
 * one JNI crossing and {@code update(byte)} costs none. Not thread-safe, like the SPIs that own it.
 */
public final class MessageContext implements Cloneable {
  /** Matches the native side's stack-copy limit, so flushing the buffer never pins the array. */
  private static final int PENDING_CAPACITY = 1024;

  private long ctx;
  private Cleaner.Cleanable cleanable;
  private byte[] pending = new byte[PENDING_CAPACITY];
  private int pendingLen;

  /** True once data has reached the native context since the last finish or reset. */
  private boolean nativeDirty;

  /** Takes ownership of {@code ctx}, a handle from a family's newContext native. */
  public MessageContext(long ctx) {
    this.ctx = ctx;
    this.cleanable = NativeCleaner.register(this, ctx, MessageNative::free);
  }

  /**
   * The native handle, for a family's own natives (an HMAC's key). The caller keeps this object
   * reachable across its native call with {@code Reference.reachabilityFence}.
   */
  public long handle() {
    return ctx;
  }

  public void update(byte input) {
    if (pendingLen == PENDING_CAPACITY) {
      flush(null, 0, 0);
    }
    pending[pendingLen++] = input;
  }

  public void update(byte[] input, int offset, int len) {
    if (len <= PENDING_CAPACITY - pendingLen) {
      System.arraycopy(input, offset, pending, pendingLen, len);
      pendingLen += len;
    } else {
      flush(input, offset, len);
    }
  }

  /** Consumes input's remaining bytes: direct buffers without a copy unless they are short. */
  public void update(ByteBuffer input) {
    int len = input.remaining();
    if (len <= PENDING_CAPACITY - pendingLen) {
      // A bulk get is cheaper than a crossing for a short update, direct or not.
      input.get(pending, pendingLen, len);
      pendingLen += len;
    } else if (input.isDirect()) {
      updateDirect(input, len);
    } else if (input.hasArray()) {
      update(input.array(), input.arrayOffset() + input.position(), len);
      input.position(input.limit());
    } else {
      // A read-only heap buffer hides its array: copy it through the pending buffer.
      while (input.hasRemaining()) {
        if (pendingLen == PENDING_CAPACITY) {
          flush(null, 0, 0);
        }
        int chunk = Math.min(input.remaining(), PENDING_CAPACITY - pendingLen);
        input.get(pending, pendingLen, chunk);
        pendingLen += chunk;
      }
    }
  }

  private void updateDirect(ByteBuffer input, int len) {
    int position = input.position();
    try {
      MessageNative.updateDirect(ctx, pending, pendingLen, input, position, len);
    } finally {
      Reference.reachabilityFence(this);
      Reference.reachabilityFence(input);
    }
    pendingLen = 0;
    nativeDirty = true;
    input.position(position + len);
  }

  private void flush(byte[] input, int offset, int len) {
    try {
      MessageNative.update(ctx, pending, pendingLen, input, offset, len);
    } finally {
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = true;
  }

  /**
   * Writes the result at out[offset] (which the caller has checked has room) and starts a new
   * message; an HMAC keeps its key.
   */
  public void finish(byte[] out, int offset) {
    try {
      MessageNative.finish(ctx, pending, pendingLen, out, offset);
    } finally {
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = false;
  }

  /** Discards the message so far; crosses to native only if data has reached it. */
  public void reset() {
    pendingLen = 0;
    if (nativeDirty) {
      try {
        MessageNative.reset(ctx);
      } finally {
        Reference.reachabilityFence(this);
      }
      nativeDirty = false;
    }
  }

  /**
   * Forgets the Java side's state after a family native has restarted the message itself (an HMAC
   * re-keyed).
   */
  public void restarted() {
    pendingLen = 0;
    nativeDirty = false;
  }

  /** An independent copy with the same running state (clone()). */
  public MessageContext copy() {
    MessageContext copy;
    try {
      copy = (MessageContext) super.clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
    copy.pending = pending.clone();
    try {
      copy.ctx = MessageNative.copy(ctx);
    } finally {
      Reference.reachabilityFence(this);
    }
    copy.cleanable = NativeCleaner.register(copy, copy.ctx, MessageNative::free);
    return copy;
  }
}
