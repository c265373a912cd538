package dev.carbide.internal;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.util.function.LongConsumer;

/**
 * One message at a time over a native message session (native/jni/core/session.h): a family's
 * engine (a digest, an HMAC) plus 1024 bytes of scratch memory that Java writes through a direct
 * ByteBuffer. The SPIs of those families are thin adapters over this class, which holds their
 * shared mechanics: buffering, flushing, finishing, reset, copy, and freeing the native session.
 *
 * <p>Updates that fit stay in the scratch memory; the native side sees them only when it fills or
 * at {@link #finish}. So a short message costs one JNI crossing with primitive arguments, and
 * {@link #update(byte)} costs none. Bulk data crosses once, zero-copy from a direct buffer.
 *
 * <p>This class checks no ranges: each SPI checks them first, as the JDK's provider does (or relies
 * on the JCA class that already did). The scratch view's own bounds checks still stand between a
 * bad range and native memory.
 *
 * <p>Not thread-safe, like the JCA engine that owns it, but safe to misuse: every crossing holds an
 * {@link EntryGuard}, so a second thread inside the native session gets an IllegalStateException
 * instead of racing OpenSSL on one context. Buffering in scratch stays unguarded: a race there
 * mixes the threads' bytes or trips a bounds check, and the native side checks every length Java
 * claims for scratch.
 */
public final class MessageSession {
  private static final int CAPACITY = MessageSessionNative.SCRATCH_CAPACITY;
  private static final byte[] ZEROS = new byte[CAPACITY];
  private final long handle;

  /**
   * The view of the scratch memory, made at its first use: a JNI call and a direct buffer that a
   * session which is only finished never needs. SunJSSE's transcript hash clones its digest at
   * every point the key schedule reads it and finishes the clone at once, which on Java 22 and
   * later (the critical finish) never touches scratch.
   */
  private ByteBuffer scratch;

  private final EntryGuard guard = new EntryGuard();

  /** The bytes at scratch[0, pendingLen) belong to the message but have not crossed yet. */
  private int pendingLen;

  /** True once data has reached the native engine since the message started. */
  private boolean nativeDirty;

  /**
   * Takes ownership of {@code handle}, a new session from a family's natives ({@code newSession}),
   * and frees it once this object is unreachable.
   */
  public MessageSession(long handle) {
    this.handle = handle;
    NativeCleaner.register(
        this, handle, MessageSessionNative::freeSession, NativeFootprint.MESSAGE_SESSION);
  }

  private ByteBuffer scratch() {
    ByteBuffer view = scratch;
    if (view == null) {
      // Two racing threads may both make one: two views of the same memory, which is harmless.
      try {
        view = MessageSessionNative.scratch(handle);
      } finally {
        Reference.reachabilityFence(this);
      }
      scratch = view;
    }
    return view;
  }

  /**
   * Runs {@code call}, a family's own native call that configures the session and starts a new
   * message (a Mac's {@code init}), on the native session's handle under the session's guard; then
   * forgets the bytes buffered so far. If the call throws, the message is left as it was.
   */
  public void restart(LongConsumer call) {
    start(call, false);
  }

  /** A family's native call that restarts the session from bytes Java wrote to its scratch. */
  @FunctionalInterface
  public interface ScratchRestart {
    /**
     * Restarts session {@code handle} from scratch[0, first + second), which it cleanses; returns
     * false, changing nothing, if it cannot (the caller then restarts another way).
     */
    boolean restart(long handle, int first, int second);
  }

  /**
   * Like {@link #restart}, for a call that takes its inputs (a GMAC's key and next IV) through the
   * scratch memory instead of as arrays, the cheapest crossing: {@code first} and then {@code
   * second} are written to scratch, and {@code call} gets their lengths. Returns the call's answer;
   * false, or a throw, also forgets the bytes buffered so far, which the inputs overwrote. False
   * without a crossing if the inputs do not fit.
   */
  public boolean restartFromScratch(byte[] first, byte[] second, ScratchRestart call) {
    if (first.length > CAPACITY - second.length) {
      return false;
    }
    pendingLen = 0;
    ByteBuffer view = scratch();
    view.put(0, first);
    view.put(first.length, second);
    boolean restarted;
    guard.enter();
    try {
      restarted = call.restart(handle, first.length, second.length);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    if (restarted) {
      nativeDirty = false;
    }
    return restarted;
  }

  /**
   * Like {@link #restart}, for a call that puts a message in progress into the native engine (a
   * digest's snapshot, see {@link #flushAndRead}), which the next {@link #reset} must then discard.
   */
  public void resume(LongConsumer call) {
    start(call, true);
  }

  private void start(LongConsumer call, boolean messageInProgress) {
    guard.enter();
    try {
      call.accept(handle);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = messageInProgress;
  }

  /**
   * A family's native call that absorbs the bytes buffered in scratch into the session's message,
   * as {@code update} does, then reads the message without changing it.
   */
  @FunctionalInterface
  public interface Reader<T> {
    /** Reads the session {@code handle}, after absorbing its {@code pendingLen} buffered bytes. */
    T read(long handle, int pendingLen);
  }

  /**
   * Runs {@code reader} on the native session's handle and the count of buffered bytes, under the
   * session's guard, and returns its result (a digest's snapshot of its state, for a clone that
   * needs no session of its own until it is updated). The buffered bytes then count as absorbed.
   */
  public <T> T flushAndRead(Reader<T> reader) {
    guard.enter();
    try {
      return reader.read(handle, pendingLen);
    } finally {
      // Also if the read failed (out of memory for its result): the bytes were absorbed first.
      if (pendingLen != 0) {
        pendingLen = 0;
        nativeDirty = true;
      }
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  public void update(byte input) {
    if (pendingLen == CAPACITY) {
      flush(null, 0, 0);
    }
    scratch().put(pendingLen++, input);
  }

  /** Absorbs input[offset, offset + len), a range the caller has checked. */
  public void update(byte[] input, int offset, int len) {
    if (len <= CAPACITY - pendingLen) {
      scratch().put(pendingLen, input, offset, len);
      pendingLen += len;
    } else {
      flush(input, offset, len);
    }
  }

  /** Absorbs the input's remaining bytes and moves its position to its limit. */
  public void update(ByteBuffer input) {
    int position = input.position();
    int len = input.limit() - position;
    if (len <= CAPACITY - pendingLen) {
      // A bulk copy into scratch is cheaper than a crossing, whatever the kind of buffer.
      scratch().put(pendingLen, input, position, len);
      pendingLen += len;
    } else if (input.isDirect()) {
      updateDirect(input, position, len); // zero-copy, read-only buffers included
    } else if (input.hasArray()) {
      update(input.array(), input.arrayOffset() + position, len);
    } else {
      updateThroughScratch(input, position, len); // a read-only heap buffer hides its array
    }
    input.position(position + len);
  }

  private void updateDirect(ByteBuffer input, int position, int len) {
    guard.enter();
    try {
      MessageSessionNative.updateDirect(handle, pendingLen, input, position, len);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
      Reference.reachabilityFence(input);
    }
    pendingLen = 0;
    nativeDirty = true;
  }

  /** Copies the input through scratch a buffer-full at a time, with no temporary array. */
  private void updateThroughScratch(ByteBuffer input, int position, int len) {
    for (int end = position + len; position < end; ) {
      if (pendingLen == CAPACITY) {
        flush(null, 0, 0);
      }
      int chunk = Math.min(end - position, CAPACITY - pendingLen);
      scratch().put(pendingLen, input, position, chunk);
      pendingLen += chunk;
      position += chunk;
    }
  }

  private void flush(byte[] input, int offset, int len) {
    guard.enter();
    try {
      MessageSessionNative.update(handle, pendingLen, input, offset, len);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = true;
  }

  /**
   * Ends the message and starts a new one. Returns the message's result: {@code length} bytes, the
   * engine's result length.
   */
  public byte[] finish(int length) {
    byte[] out = new byte[length];
    finish(out, 0, length, false);
    return out;
  }

  /** Like {@link #finish(int)}, but into out[offset, offset + length), a range already checked. */
  public void finish(byte[] out, int offset, int length) {
    finish(out, offset, length, false);
  }

  /**
   * Like {@link #finish(int)}, and leaves no copy of the result in the scratch memory, for results
   * that are often keys (HMAC outputs in HKDF and TLS key schedules).
   */
  public byte[] finishSecret(int length) {
    byte[] out = new byte[length];
    finish(out, 0, length, true);
    return out;
  }

  private void finish(byte[] out, int offset, int length, boolean secret) {
    guard.enter();
    try {
      if (SessionCalls.critical()) {
        SessionCalls.finish(handle, pendingLen, out, offset, length); // never puts it in scratch
      } else {
        MessageSessionNative.finish(handle, pendingLen);
        scratch().get(0, out, offset, length);
        if (secret) {
          scratch().put(0, ZEROS, 0, length);
        }
      }
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = false;
  }

  /**
   * Discards the message so far. Costs no crossing when nothing has reached the native engine, as
   * right after {@link #finish}: {@code Mac.doFinal()} resets after every message.
   */
  public void reset() {
    pendingLen = 0;
    if (nativeDirty) {
      guard.enter();
      try {
        MessageSessionNative.reset(handle);
      } finally {
        guard.exit();
        Reference.reachabilityFence(this);
      }
      nativeDirty = false;
    }
  }

  /** An independent session in the same state, buffered bytes included (clone()). */
  public MessageSession copy() {
    long copied;
    guard.enter();
    try {
      copied = MessageSessionNative.copySession(handle);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    MessageSession copy = new MessageSession(copied);
    copy.pendingLen = pendingLen;
    copy.nativeDirty = nativeDirty;
    return copy;
  }
}
