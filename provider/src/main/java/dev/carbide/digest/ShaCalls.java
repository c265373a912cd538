package dev.carbide.digest;

/**
 * The critical FFM downcalls over a SHA state held in a Java array ({@link HeapShaDigest}), where
 * the Java version has them. This form, for Java 17 to 21, has none: {@link #critical} is false and
 * SHA digests keep a native session ({@link NativeMessageDigest}). The jar's Java 25 part replaces
 * this class with one that links {@code carbide_sha_update} and {@code carbide_sha_finish}
 * (native/jni/digest/sha_critical.cc says why).
 */
final class ShaCalls {
  private ShaCalls() {}

  /** Always false here: SHA digests cross by JNI. */
  static boolean critical() {
    return false;
  }

  /** Never called on this Java: callers check {@link #critical} first. */
  static void update(
      long functions,
      byte[] state,
      boolean empty,
      byte[] pending,
      int pendingLen,
      byte[] in,
      int off,
      int len) {
    throw new UnsupportedOperationException("no critical downcalls before Java 22");
  }

  /** Never called on this Java: callers check {@link #critical} first. */
  static void finish(
      long functions,
      byte[] state,
      boolean empty,
      byte[] pending,
      int pendingLen,
      byte[] out,
      int off) {
    throw new UnsupportedOperationException("no critical downcalls before Java 22");
  }
}
