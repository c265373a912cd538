package dev.carbide.kdf;

/**
 * The critical FFM downcall that runs an HKDF derivation over the Java arrays themselves, where the
 * Java version has one. This form, for Java 17 to 21, has none: every derivation crosses by JNI
 * ({@link KdfNative#derive}). The jar's Java 25 part replaces this class with one that links {@code
 * carbide_hkdf_derive} (native/jni/kdf/hkdf_critical.cc says why).
 */
final class HkdfCalls {
  private HkdfCalls() {}

  /** Always false here, having done nothing: the caller derives by JNI. */
  static boolean derive(long hkdf, int mode, byte[] key, byte[] salt, byte[] info, byte[] out) {
    return false;
  }
}
