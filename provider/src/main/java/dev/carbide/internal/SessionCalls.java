package dev.carbide.internal;

import java.nio.ByteBuffer;

/**
 * How a {@link MessageSession} ends a message. This form, for Java 17 to 21, crosses by JNI: the
 * native side leaves the result in scratch memory and Java copies it out. The jar's Java 25 part
 * replaces this class with one that makes the same call as a critical FFM downcall, writing
 * straight into the output array (native/jni/core/session_critical.cc says why).
 */
final class SessionCalls {
  private static final byte[] ZEROS = new byte[MessageSessionNative.SCRATCH_CAPACITY];

  private SessionCalls() {}

  /** Always false here: this form only crosses by JNI. */
  static boolean critical() {
    return false;
  }

  /**
   * Absorbs scratch[0, pendingLen), finishes the message into out[offset, offset + length) (a range
   * the caller checked) and starts a new one. With {@code secret} set, no copy of the result stays
   * in scratch. The caller keeps the session reachable.
   */
  static void finish(
      long handle,
      int pendingLen,
      ByteBuffer scratch,
      byte[] out,
      int offset,
      int length,
      boolean secret) {
    MessageSessionNative.finish(handle, pendingLen);
    scratch.get(0, out, offset, length);
    if (secret) {
      scratch.put(0, ZEROS, 0, length);
    }
  }
}
