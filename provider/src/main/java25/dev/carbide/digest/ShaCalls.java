package dev.carbide.digest;

import dev.carbide.internal.CriticalDowncalls;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.security.ProviderException;

/**
 * The critical FFM downcalls over a SHA state held in a Java array ({@link HeapShaDigest}), on Java
 * 22 and later: {@code carbide_sha_update} and {@code carbide_sha_finish}
 * (native/jni/digest/sha_critical.cc), which read and write the Java arrays themselves and skip the
 * JNI wrapper's thread-state transitions. If they cannot be linked (native access denied, an older
 * libcarbide), {@link #critical} is false and SHA digests keep a native session ({@link
 * NativeMessageDigest}), as on Java 17.
 */
final class ShaCalls {
  private static final MethodHandle UPDATE =
      CriticalDowncalls.link(
          "carbide_sha_update",
          FunctionDescriptor.of(
              ValueLayout.JAVA_INT, // 0, or -1
              ValueLayout.JAVA_LONG, // the SHA functions
              ValueLayout.ADDRESS, // the state array
              ValueLayout.JAVA_INT, // its length
              ValueLayout.JAVA_INT, // 1 if the message is empty (the state is not read), else 0
              ValueLayout.ADDRESS, // the buffer array (an empty one for none)
              ValueLayout.JAVA_INT, // its length
              ValueLayout.JAVA_INT, // the bytes buffered in it
              ValueLayout.ADDRESS, // the input array (an empty one for none)
              ValueLayout.JAVA_INT, // its length
              ValueLayout.JAVA_INT, // the input's offset
              ValueLayout.JAVA_INT)); // the input's length
  private static final MethodHandle FINISH =
      CriticalDowncalls.link(
          "carbide_sha_finish",
          FunctionDescriptor.of(
              ValueLayout.JAVA_INT, // the digest's length, or -1
              ValueLayout.JAVA_LONG, // the SHA functions
              ValueLayout.ADDRESS, // the state array
              ValueLayout.JAVA_INT, // its length
              ValueLayout.JAVA_INT, // 1 if the message is empty (the state is not read), else 0
              ValueLayout.ADDRESS, // the buffer array (an empty one for none)
              ValueLayout.JAVA_INT, // its length
              ValueLayout.JAVA_INT, // the bytes buffered in it
              ValueLayout.ADDRESS, // the output array
              ValueLayout.JAVA_INT, // its length
              ValueLayout.JAVA_INT)); // the output's offset

  private ShaCalls() {}

  /** True if SHA digests can hold their state in Java arrays. */
  static boolean critical() {
    return UPDATE != null && FINISH != null;
  }

  /**
   * Absorbs {@code pending[0, pendingLen)} and then {@code in[off, off + len)} (each at most {@link
   * HeapShaDigest#STEP} bytes, ranges already checked; either array null for an empty range) into
   * the message in {@code state}, or into a new one if {@code empty} (then {@code state} is only
   * written). Only when {@link #critical}.
   */
  static void update(
      long functions,
      byte[] state,
      boolean empty,
      byte[] pending,
      int pendingLen,
      byte[] in,
      int off,
      int len) {
    int result;
    try {
      result =
          (int)
              UPDATE.invokeExact(
                  functions,
                  MemorySegment.ofArray(state),
                  state.length,
                  empty ? 1 : 0,
                  MemorySegment.ofArray(CriticalDowncalls.orEmpty(pending)),
                  CriticalDowncalls.orEmpty(pending).length,
                  pendingLen,
                  MemorySegment.ofArray(CriticalDowncalls.orEmpty(in)),
                  CriticalDowncalls.orEmpty(in).length,
                  off,
                  len);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      // Unreachable: the call matches the linked type exactly, and the C function cannot throw.
      throw new ProviderException("carbide_sha_update failed", t);
    }
    check(result, "carbide_sha_update");
  }

  /**
   * Absorbs {@code pending[0, pendingLen)} into the message in {@code state}, or into a new one if
   * {@code empty}, and writes the digest to {@code out} at {@code off} (a checked range). Never
   * writes {@code state}: the caller's message is empty afterwards. Only when {@link #critical}.
   */
  static void finish(
      long functions,
      byte[] state,
      boolean empty,
      byte[] pending,
      int pendingLen,
      byte[] out,
      int off) {
    int result;
    try {
      result =
          (int)
              FINISH.invokeExact(
                  functions,
                  MemorySegment.ofArray(state),
                  state.length,
                  empty ? 1 : 0,
                  MemorySegment.ofArray(CriticalDowncalls.orEmpty(pending)),
                  CriticalDowncalls.orEmpty(pending).length,
                  pendingLen,
                  MemorySegment.ofArray(out),
                  out.length,
                  off);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new ProviderException("carbide_sha_finish failed", t);
    }
    check(result, "carbide_sha_finish");
  }

  // The native side refuses only what HeapShaDigest never passes on one thread (ranges it checked,
  // its own state), and changes nothing when it does: so the digest was being used by another
  // thread at the same time, which left its buffered count or state inconsistent. HeapShaDigest
  // starts over on this exception.
  private static void check(int result, String call) {
    if (result < 0) {
      throw new IllegalStateException(
          call
              + " refused the digest's state or buffer: the MessageDigest was used by another"
              + " thread at the same time, and starts over");
    }
  }
}
