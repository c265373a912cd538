package dev.carbide.cipher;

import dev.carbide.internal.CriticalDowncalls;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.security.ProviderException;

/**
 * How a {@link NativeCipherContext} runs a small message step between arrays, on Java 22 and later:
 * a critical FFM downcall to {@code carbide_cipher_step} (native/jni/cipher/cipher_critical.cc),
 * which skips the JNI wrapper's thread-state transitions and reads the key, IV, AAD and input
 * straight from the Java arrays and writes into the output array: nothing is copied through scratch
 * memory. Only encryptions and decryptions with nothing to check (no tag, no padding) come this
 * way, and AEAD decryptions into a private array ({@link CipherNative#PRIVATE_OUTPUT}). If the
 * downcall cannot be linked (native access denied, an older libcarbide), {@link #critical} is false
 * and NativeCipherContext takes its JNI paths, as on Java 17.
 */
final class CipherCalls {
  /** The critical downcall, or null where it could not be linked. */
  private static final MethodHandle CRITICAL_STEP = linkCriticalStep();

  private CipherCalls() {}

  /** True if small steps go by the critical downcall rather than JNI. */
  static boolean critical() {
    return CRITICAL_STEP != null;
  }

  /**
   * Runs one step (see {@link CipherNative#process}), an encryption or a decryption without tag or
   * padding, starting with {@code iv} (null when not starting) and absorbing {@code aad[0,
   * aadLen)}, from {@code in} into {@code out}, and returns the bytes written. Only when {@link
   * #critical}; the caller keeps the context reachable.
   */
  static int step(
      long context,
      long cipher,
      int flags,
      byte[] key,
      byte[] iv,
      byte[] aad,
      int aadLen,
      byte[] prefix,
      int prefixLen,
      byte[] in,
      int inOff,
      int inLen,
      byte[] out,
      int outOff,
      int cap,
      int tagLen) {
    MemorySegment keySegment = key == null ? MemorySegment.NULL : MemorySegment.ofArray(key);
    MemorySegment ivSegment = iv == null ? MemorySegment.NULL : MemorySegment.ofArray(iv);
    int result;
    try {
      result =
          (int)
              CRITICAL_STEP.invokeExact(
                  context,
                  cipher,
                  flags,
                  keySegment,
                  key == null ? 0 : key.length,
                  ivSegment,
                  iv == null ? 0 : iv.length,
                  MemorySegment.ofArray(aad),
                  aad.length,
                  aadLen,
                  MemorySegment.ofArray(prefix),
                  prefix.length,
                  prefixLen,
                  MemorySegment.ofArray(in),
                  in.length,
                  inOff,
                  inLen,
                  MemorySegment.ofArray(out),
                  out.length,
                  outOff,
                  cap,
                  tagLen);
    } catch (Error | RuntimeException e) {
      throw e;
    } catch (Throwable t) {
      // invokeExact declares Throwable; the native function itself raises nothing.
      throw new ProviderException("carbide_cipher_step failed", t);
    }
    if (result < 0) {
      CipherNative.throwDeferred(context);
      throw new IllegalStateException("native cipher step failed"); // throwDeferred always throws
    }
    return result;
  }

  private static MethodHandle linkCriticalStep() {
    ValueLayout i = ValueLayout.JAVA_INT;
    ValueLayout j = ValueLayout.JAVA_LONG;
    ValueLayout a = ValueLayout.ADDRESS;
    FunctionDescriptor signature =
        FunctionDescriptor.of(
            i, // bytes written, or -1
            j, j, i, // context, cipher, flags
            a, i, // key, its length
            a, i, // IV, its length
            a, i, i, // AAD array, its length, the AAD length
            a, i, i, // prefix array, its length, the prefix length
            a, i, i, i, // input array, its length, offset, length
            a, i, i, i, // output array, its length, offset, capacity
            i); // tag length
    return CriticalDowncalls.link("carbide_cipher_step", signature);
  }
}
