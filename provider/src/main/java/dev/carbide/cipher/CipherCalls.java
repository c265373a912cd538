package dev.carbide.cipher;

/**
 * The critical FFM downcall that runs a small message step between arrays, where the Java version
 * has one. This form, for Java 17 to 21, has none: {@link #critical} is false and
 * NativeCipherContext crosses by JNI. The jar's Java 25 part replaces this class with one that
 * makes the same call as a critical FFM downcall over the Java arrays themselves
 * (native/jni/cipher/cipher_critical.cc says why).
 */
final class CipherCalls {
  private CipherCalls() {}

  /** Always false here: this form only crosses by JNI. */
  static boolean critical() {
    return false;
  }

  /** Never called on this Java: callers check {@link #critical} first. */
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
    throw new UnsupportedOperationException("no critical downcalls before Java 22");
  }
}
