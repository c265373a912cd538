package dev.carbide.internal;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.security.ProviderException;

/**
 * Crossings into the native library that do no work (native/jni/core/floor_jni.cc), so that a
 * benchmark can measure the bridge's own share of an operation's fixed cost: bench's {@code
 * JcaFloorBenchmark} holds a row at "native limit + this floor + the JCA's floor" to be at the
 * physical limit. Not part of the provider's API; public only for the benchmarks.
 *
 * <p>This Java 25 form adds the critical FFM downcall that SHA, session finishes and small cipher
 * steps take ({@code carbide_floor_critical}), linked as {@link SessionCalls} links its own.
 */
public final class JniFloor {
  static {
    NativeLibrary.ensureLoaded();
  }

  private JniFloor() {}

  /**
   * The critical downcall, or null where it could not be linked. Linked at first use, not with this
   * class: JNI_OnLoad's RegisterNatives initializes this class while the library is still loading,
   * when the loader's symbol lookup cannot see it yet.
   */
  private static final class Downcall {
    static final MethodHandle HANDLE = link();
  }

  /** A JNI call with primitive arguments only, as a call over session scratch memory makes. */
  public static native int crossing(int value);

  /** A JNI call that copies array[0, len) (at most 1 KiB) to native memory by region copy. */
  public static native int region(byte[] array, int len);

  /** A JNI call that pins the array with GetPrimitiveArrayCritical and releases it. */
  public static native int critical(byte[] array);

  /** True if {@link #downcall} is a critical FFM downcall (Java 22 and later). */
  public static boolean hasDowncall() {
    return Downcall.HANDLE != null;
  }

  /** A critical FFM downcall handed the array as it lies; only where {@link #hasDowncall}. */
  public static int downcall(byte[] array, int len) {
    MethodHandle downcall = Downcall.HANDLE;
    if (downcall == null) {
      throw new UnsupportedOperationException("carbide_floor_critical is not linked");
    }
    if (len < 0 || len > array.length) {
      throw new IndexOutOfBoundsException("length " + len + " of " + array.length);
    }
    try {
      return (int) downcall.invokeExact(MemorySegment.ofArray(array), len);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new ProviderException("carbide_floor_critical failed", t); // unreachable
    }
  }

  /** Null where native access is denied: the JNI rows still measure. */
  private static MethodHandle link() {
    return CriticalDowncalls.link(
        "carbide_floor_critical",
        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
  }
}
