package dev.carbide.dh;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;

/**
 * The DH natives (native/jni/dh). Keys are handles of the shared key model ({@code
 * dev.carbide.keys.PkeyNative}); numbers are unsigned big-endian; {@code bits} is the private value
 * length, 0 for none.
 */
final class DhNative {
  private DhNative() {}

  static final int P = 0;
  static final int G = 1;
  static final int Y = 2;

  /**
   * A key from public value {@code y}, private value {@code x}, or both (either may be null).
   * InvalidKeyException if a value or the parameters are out of range.
   */
  static native long fromComponents(byte[] p, byte[] g, int bits, byte[] y, byte[] x)
      throws InvalidKeyException;

  /** A generator over the parameters; InvalidAlgorithmParameterException if they are refused. */
  static native long newGenerator(byte[] p, byte[] g, int bits)
      throws InvalidAlgorithmParameterException;

  static native void freeGenerator(long generator);

  /** A new key pair, as one key handle holding both halves. */
  static native long generate(long generator);

  /** Component {@link #P}, {@link #G} or {@link #Y}. */
  static native byte[] component(long key, int which);

  /** The private value x; zero it when done. */
  static native byte[] privateValue(long key);

  static native int privateBits(long key);

  /**
   * InvalidKeyException unless the public value of {@code key} lies in its group's prime-order
   * subgroup, where the order is known (the RFC 7919 and RFC 3526 groups, keys that carry q).
   */
  static native void checkPeerSubgroup(long key) throws InvalidKeyException;

  /** OpenSSL's name for the key's named group ("ffdhe2048", "modp_2048"), or "". */
  static native String groupName(long key);
}
