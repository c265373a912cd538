package dev.carbide.ssl;

import dev.carbide.internal.CriticalDowncalls;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.security.ProviderException;
import javax.net.ssl.SSLException;

/**
 * The critical FFM downcalls of the record path on Java 22 and later: {@code carbide_tls_open} and
 * {@code carbide_tls_seal} (native/jni/tls/tls_records_critical.cc), one whole record between two
 * heap arrays with neither the JNI wrapper's thread-state transitions nor pinning. If they cannot
 * be linked (native access denied, an older libcarbide-ssl), {@link #critical} is false and records
 * cross by JNI, as on Java 17.
 */
final class TlsCalls {
  // A critical record call's answer when it failed; TlsNative.throwDeferred raises the failure.
  private static final int FAILED = Integer.MIN_VALUE;

  private static final MethodHandle OPEN = link("carbide_tls_open");
  private static final MethodHandle SEAL = OPEN == null ? null : link("carbide_tls_seal");

  private TlsCalls() {}

  /** True if records between heap arrays go by the critical downcalls rather than JNI. */
  static boolean critical() {
    return SEAL != null;
  }

  /**
   * {@link TlsNative#open} between heap arrays: the record at src[srcOff, + srcLen) decrypted into
   * dst[dstOff, + dstLen). Only when {@link #critical}; the caller holds the engine's lock and
   * keeps the engine reachable.
   */
  static int open(
      long engine, byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen)
      throws SSLException {
    return call(OPEN, engine, src, srcOff, srcLen, dst, dstOff, dstLen);
  }

  /** {@link TlsNative#seal} between heap arrays; as {@link #open}. */
  static int seal(
      long engine, byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen)
      throws SSLException {
    return call(SEAL, engine, src, srcOff, srcLen, dst, dstOff, dstLen);
  }

  private static int call(
      MethodHandle downcall,
      long engine,
      byte[] src,
      int srcOff,
      int srcLen,
      byte[] dst,
      int dstOff,
      int dstLen)
      throws SSLException {
    int n;
    try {
      n =
          (int)
              downcall.invokeExact(
                  engine,
                  MemorySegment.ofArray(src),
                  src.length,
                  srcOff,
                  srcLen,
                  MemorySegment.ofArray(dst),
                  dst.length,
                  dstOff,
                  dstLen);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      // Unreachable: the call matches the linked type exactly, and the C function cannot throw.
      throw new ProviderException("critical TLS record call failed", t);
    }
    if (n == FAILED) {
      TlsNative.throwDeferred();
      throw new IllegalStateException("native record call failed"); // throwDeferred always throws
    }
    return n;
  }

  private static MethodHandle link(String name) {
    FunctionDescriptor signature =
        FunctionDescriptor.of(
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG,
            ValueLayout.ADDRESS,
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS,
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT);
    return CriticalDowncalls.link(name, signature);
  }
}
