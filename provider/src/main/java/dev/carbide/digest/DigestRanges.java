package dev.carbide.digest;

import java.security.DigestException;

/** SUN's range checks for a MessageDigestSpi's updates and outputs, shared by Carbide's digests. */
final class DigestRanges {
  private DigestRanges() {}

  /**
   * Checks input[offset, offset + len) for a non-empty update (SUN checks no empty one), before any
   * state changes: MessageDigest checks only that the range ends inside the array.
   */
  static void checkUpdate(byte[] input, int offset, int len) {
    if (offset < 0 || len < 0 || offset > input.length - len) {
      throw outOfBounds(offset, len, input.length);
    }
  }

  // Apart from the hot path, which then stays small enough to inline.
  private static ArrayIndexOutOfBoundsException outOfBounds(int offset, int len, int length) {
    return new ArrayIndexOutOfBoundsException(
        "Range [" + offset + ", " + offset + " + " + len + ") out of bounds for length " + length);
  }

  /**
   * SUN's checks of digest(buf, offset, len) for a digest of {@code size} bytes: a bad output range
   * is a DigestException, and the message is kept.
   */
  static void checkOutput(byte[] buf, int offset, int len, int size) throws DigestException {
    if (len < size) {
      throw new DigestException(
          "the output length " + len + " is less than the digest length " + size);
    }
    if (offset < 0 || offset > buf.length - len) {
      throw new DigestException(
          String.format(
              "the output range [%d, %d + %d) does not fit an array of length %d",
              offset, offset, len, buf.length));
    }
  }
}
