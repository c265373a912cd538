package dev.carbide.internal;

/**
 * Crossings into the native library that do no work (native/jni/core/floor_jni.cc), so that a
 * benchmark can measure the bridge's own share of an operation's fixed cost: bench's {@code
 * JcaFloorBenchmark} holds a row at "native limit + this floor + the JCA's floor" to be at the
 * physical limit. Not part of the provider's API; public only for the benchmarks.
 *
 * <p>This form, for Java 17 to 21, has no critical downcall ({@link #hasDowncall} is false); the
 * jar's Java 25 part adds it.
 */
public final class JniFloor {
  static {
    NativeLibrary.ensureLoaded();
  }

  private JniFloor() {}

  /** A JNI call with primitive arguments only, as a call over session scratch memory makes. */
  public static native int crossing(int value);

  /** A JNI call that copies array[0, len) (at most 1 KiB) to native memory by region copy. */
  public static native int region(byte[] array, int len);

  /** A JNI call that pins the array with GetPrimitiveArrayCritical and releases it. */
  public static native int critical(byte[] array);

  /** True if {@link #downcall} is a critical FFM downcall (Java 22 and later). */
  public static boolean hasDowncall() {
    return false;
  }

  /** A critical FFM downcall handed the array as it lies; only where {@link #hasDowncall}. */
  public static int downcall(byte[] array, int len) {
    throw new UnsupportedOperationException("no critical downcalls before Java 22");
  }
}
