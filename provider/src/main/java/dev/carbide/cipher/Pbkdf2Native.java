package dev.carbide.cipher;

/** PBKDF2's natives (native/jni/cipher/pbkdf2_jni.cc). {@code md} is a fetched EVP_MD. */
final class Pbkdf2Native {
  private Pbkdf2Native() {}

  /** PBKDF2-HMAC over {@code md}: {@code keyBytes} bytes from password, salt and iterations. */
  static native byte[] derive(long md, byte[] password, byte[] salt, int iterations, int keyBytes);
}
