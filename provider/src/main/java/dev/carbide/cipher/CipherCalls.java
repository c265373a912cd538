package dev.carbide.cipher;

/**
 * How a {@link NativeCipherContext} encrypts a small message step between arrays. This form, for
 * Java 17 to 21, crosses by JNI. The jar's Java 25 part replaces this class with one that makes the
 * same call as a critical FFM downcall over the Java arrays themselves
 * (native/jni/cipher/cipher_critical.cc says why).
 */
final class CipherCalls {
  private CipherCalls() {}

  /** Always false here: this form only crosses by JNI, so small steps go via scratch memory. */
  static boolean critical() {
    return false;
  }

  /**
   * Runs one encryption step (see {@link CipherNative#process}) whose IV and AAD are already in the
   * context's scratch memory, from {@code in} into {@code out}, and returns the bytes written. The
   * caller keeps the context reachable.
   */
  static int encrypt(
      long context,
      long cipher,
      int flags,
      byte[] key,
      int ivLen,
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
    return CipherNative.process(
        context, cipher, flags, key, ivLen, aadLen, prefix, prefixLen, in, inOff, inLen, out,
        outOff, cap, tagLen);
  }
}
