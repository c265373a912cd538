package dev.carbide.ssl;

import javax.net.ssl.SSLException;

/**
 * The critical FFM downcalls of the record path, where the Java version has them. This form, for
 * Java 17 to 21, has none: {@link #critical} is false and every record crosses by JNI ({@link
 * TlsNative#open}, {@link TlsNative#seal}). The jar's Java 25 part replaces this class with one
 * that links {@code carbide_tls_open} and {@code carbide_tls_seal}
 * (native/jni/tls/tls_records_critical.cc says why).
 */
final class TlsCalls {
  private TlsCalls() {}

  /** Always false here: records cross by JNI. */
  static boolean critical() {
    return false;
  }

  /** Never called on this Java: callers check {@link #critical} first. */
  static int open(
      long engine, byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen)
      throws SSLException {
    throw new UnsupportedOperationException("no critical downcalls before Java 22");
  }

  /** Never called on this Java: callers check {@link #critical} first. */
  static int seal(
      long engine, byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen)
      throws SSLException {
    throw new UnsupportedOperationException("no critical downcalls before Java 22");
  }
}
