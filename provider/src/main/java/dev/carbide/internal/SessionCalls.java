package dev.carbide.internal;

/**
 * The critical FFM downcall that ends a {@link MessageSession}'s message, where the Java version
 * has one. This form, for Java 17 to 21, has none: {@link #critical} is false and every finish
 * crosses by JNI. The jar's Java 25 part replaces this class with one that links {@code
 * carbide_session_finish} (native/jni/core/session_critical.cc says why).
 */
final class SessionCalls {
  private SessionCalls() {}

  /** Always false here: finish crosses by JNI. */
  static boolean critical() {
    return false;
  }

  /** Never called on this Java: callers check {@link #critical} first. */
  static void finish(long handle, int pendingLen, byte[] out, int offset, int length) {
    throw new UnsupportedOperationException("no critical downcalls before Java 22");
  }
}
