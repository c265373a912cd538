package dev.carbide.kdf;

import dev.carbide.internal.CriticalDowncalls;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.security.ProviderException;

/**
 * An HKDF derivation on Java 22 and later: a critical FFM downcall to {@code carbide_hkdf_derive}
 * (native/jni/kdf/hkdf_critical.cc), which reads the IKM, salt and info where they lie and writes
 * the output array itself, where JNI copies each of them across. Derivations past its bounds, and
 * every one if the downcall cannot be linked (native access denied, an older libcarbide), cross by
 * JNI as on Java 17.
 */
final class HkdfCalls {
  private static final MethodHandle DERIVE =
      CriticalDowncalls.link(
          "carbide_hkdf_derive",
          FunctionDescriptor.of(
              ValueLayout.JAVA_INT, // 0, or -1 with the output cleansed
              ValueLayout.JAVA_LONG, // the native Hkdf
              ValueLayout.JAVA_INT, // the mode (KdfNative's)
              ValueLayout.ADDRESS, // the IKM, or the PRK for EXPAND
              ValueLayout.JAVA_INT, // its length
              ValueLayout.ADDRESS, // the salt
              ValueLayout.JAVA_INT, // its length
              ValueLayout.ADDRESS, // the info
              ValueLayout.JAVA_INT, // its length
              ValueLayout.ADDRESS, // the output, all of it written
              ValueLayout.JAVA_INT)); // its length

  private HkdfCalls() {}

  /**
   * Fills {@code out} with the output of {@code mode} over {@code key}, {@code salt} and {@code
   * info} (null counts as empty) and returns true; or returns false with {@code out} zeroed, for
   * the caller to derive by JNI: when there is no downcall, the inputs or output are past its
   * bounds, or the derivation failed (JNI then raises that failure).
   */
  static boolean derive(long hkdf, int mode, byte[] key, byte[] salt, byte[] info, byte[] out) {
    key = CriticalDowncalls.orEmpty(key);
    salt = CriticalDowncalls.orEmpty(salt);
    info = CriticalDowncalls.orEmpty(info);
    if (DERIVE == null
        || out.length > KdfNative.CRITICAL_OUTPUT_LIMIT
        || (long) key.length + salt.length + info.length > KdfNative.CRITICAL_INPUT_LIMIT) {
      return false;
    }
    int result;
    try {
      result =
          (int)
              DERIVE.invokeExact(
                  hkdf,
                  mode,
                  MemorySegment.ofArray(key),
                  key.length,
                  MemorySegment.ofArray(salt),
                  salt.length,
                  MemorySegment.ofArray(info),
                  info.length,
                  MemorySegment.ofArray(out),
                  out.length);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      // Unreachable: the call matches the linked type exactly, and the C function cannot throw.
      throw new ProviderException("carbide_hkdf_derive failed", t);
    }
    return result == 0;
  }
}
