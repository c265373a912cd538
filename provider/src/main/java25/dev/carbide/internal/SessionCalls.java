package dev.carbide.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

/**
 * How a {@link MessageSession} ends a message, on Java 22 and later: a critical FFM downcall to
 * {@code carbide_session_finish} (native/jni/core/session_critical.cc), which skips the JNI
 * wrapper's thread-state transitions and writes the result straight into the Java output array. For
 * a 64-byte digest that is about a fifth of the whole cost. If the downcall cannot be linked
 * (native access denied, an older libcarbide), every call takes the JNI path of the Java 17 form.
 */
final class SessionCalls {
  private static final byte[] ZEROS = new byte[MessageSessionNative.SCRATCH_CAPACITY];

  /** The critical downcall, or null where it could not be linked. */
  private static final MethodHandle CRITICAL_FINISH = linkCriticalFinish();

  private SessionCalls() {}

  /** True if finish goes by the critical downcall rather than JNI. */
  static boolean critical() {
    return CRITICAL_FINISH != null;
  }

  /** As the Java 17 form: ends the message into out[offset, offset + length), a checked range. */
  static void finish(
      long handle,
      int pendingLen,
      ByteBuffer scratch,
      byte[] out,
      int offset,
      int length,
      boolean secret) {
    if (CRITICAL_FINISH == null) {
      MessageSessionNative.finish(handle, pendingLen);
      scratch.get(0, out, offset, length);
      if (secret) {
        scratch.put(0, ZEROS, 0, length); // the critical path never puts it there
      }
      return;
    }
    int result;
    try {
      result =
          (int)
              CRITICAL_FINISH.invokeExact(
                  handle, pendingLen, MemorySegment.ofArray(out), out.length, offset, length);
    } catch (Throwable t) {
      throw new AssertionError("carbide_session_finish cannot throw", t);
    }
    if (result < 0) {
      MessageSessionNative.throwDeferred(handle);
      throw new IllegalStateException("native finish failed"); // throwDeferred always throws
    }
  }

  private static MethodHandle linkCriticalFinish() {
    try {
      MemorySegment symbol =
          SymbolLookup.loaderLookup().find("carbide_session_finish").orElse(null);
      if (symbol == null) {
        return null;
      }
      FunctionDescriptor signature =
          FunctionDescriptor.of(
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_LONG,
              ValueLayout.JAVA_INT,
              ValueLayout.ADDRESS,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_INT,
              ValueLayout.JAVA_INT);
      return Linker.nativeLinker().downcallHandle(symbol, signature, Linker.Option.critical(true));
    } catch (RuntimeException e) {
      // IllegalCallerException when native access is denied; the JNI path still works.
      return null;
    }
  }
}
