package dev.carbide.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.security.ProviderException;

/**
 * The critical FFM downcall that ends a {@link MessageSession}'s message on Java 22 and later:
 * {@code carbide_session_finish} (native/jni/core/session_critical.cc), which skips the JNI
 * wrapper's thread-state transitions and writes the result straight into the Java output array. If
 * it cannot be linked (native access denied, an older libcarbide), {@link #critical} is false and
 * MessageSession takes the JNI path, as on Java 17.
 */
final class SessionCalls {
  /** The critical downcall, or null where it could not be linked. */
  private static final MethodHandle CRITICAL_FINISH = linkCriticalFinish();

  private SessionCalls() {}

  /** True if finish goes by the critical downcall rather than JNI. */
  static boolean critical() {
    return CRITICAL_FINISH != null;
  }

  /**
   * Absorbs scratch[0, pendingLen), finishes the message into out[offset, offset + length) (a
   * checked range of exactly the result's length) and starts a new one. Only when {@link
   * #critical}; the caller keeps the session reachable.
   */
  static void finish(long handle, int pendingLen, byte[] out, int offset, int length) {
    int result;
    try {
      result =
          (int)
              CRITICAL_FINISH.invokeExact(
                  handle, pendingLen, MemorySegment.ofArray(out), out.length, offset, length);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      // Unreachable: the call matches the linked type exactly, and the C function cannot throw.
      // Still no AssertionError for the caller (issue 13).
      throw new ProviderException("carbide_session_finish failed", t);
    }
    if (result < 0) {
      MessageSessionNative.throwDeferred(handle);
      throw new IllegalStateException("native finish failed"); // throwDeferred always throws
    }
  }

  private static MethodHandle linkCriticalFinish() {
    FunctionDescriptor signature =
        FunctionDescriptor.of(
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS,
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT);
    return CriticalDowncalls.link("carbide_session_finish", signature);
  }
}
