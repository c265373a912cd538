package dev.carbide.dsa;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;

/**
 * The DSA natives (native/jni/dsa). Keys are handles of the shared key model ({@code
 * dev.carbide.keys.PkeyNative}), which also signs and verifies; numbers are unsigned big-endian.
 */
final class DsaNative {
  private DsaNative() {}

  static final int P = 0;
  static final int Q = 1;
  static final int G = 2;
  static final int Y = 3;

  /**
   * A key from public value {@code y}, private value {@code x}, or both (either may be null).
   * InvalidKeyException if a value or the parameters are out of range.
   */
  static native long fromComponents(byte[] p, byte[] q, byte[] g, byte[] y, byte[] x)
      throws InvalidKeyException;

  /** A generator over the parameters; InvalidAlgorithmParameterException if they are refused. */
  static native long newGenerator(byte[] p, byte[] q, byte[] g)
      throws InvalidAlgorithmParameterException;

  static native void freeGenerator(long generator);

  /** A new key pair, as one key handle holding both halves. */
  static native long generate(long generator);

  /**
   * Fresh FIPS 186-4 domain parameters, as a parameters-only key handle (read with {@link
   * #component}, free with PkeyNative.free). InvalidAlgorithmParameterException for bad sizes.
   */
  static native long generateParameters(int pBits, int qBits)
      throws InvalidAlgorithmParameterException;

  /** Component {@link #P}, {@link #Q}, {@link #G} or {@link #Y}. */
  static native byte[] component(long key, int which);

  /** The private value x; zero it when done. */
  static native byte[] privateValue(long key);
}
