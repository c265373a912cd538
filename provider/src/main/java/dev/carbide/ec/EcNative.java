package dev.carbide.ec;

import java.security.InvalidKeyException;

/**
 * The EC natives (native/jni/ec). Keys are handles of the shared key model ({@code
 * dev.carbide.keys.PkeyNative}); {@code group} is OpenSSL's curve name.
 */
final class EcNative {
  private EcNative() {}

  /**
   * A key on {@code group} from an encoded point (SEC 1), a big-endian private scalar, or both;
   * either may be null. InvalidKeyException if the point is off the curve or the scalar out of
   * range.
   */
  static native long fromComponents(String group, byte[] point, byte[] scalar)
      throws InvalidKeyException;

  /** The public point, uncompressed. */
  static native byte[] publicPoint(long key);

  /** The private scalar, big-endian, padded to {@code size} bytes. Zero it when done. */
  static native byte[] privateScalar(long key, int size);

  static native String groupName(long key);
}
