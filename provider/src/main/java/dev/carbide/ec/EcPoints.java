package dev.carbide.ec;

import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.spec.ECPoint;
import java.util.Arrays;

/** Conversions between {@link ECPoint} and SEC 1 encodings, and between scalars and bytes. */
final class EcPoints {
  private EcPoints() {}

  /**
   * The uncompressed encoding of {@code point}; InvalidKeyException if it cannot be on the curve.
   */
  static byte[] encode(ECPoint point, EcCurve curve) throws InvalidKeyException {
    if (point == null || point == ECPoint.POINT_INFINITY) {
      throw new InvalidKeyException("the public point is the point at infinity");
    }
    byte[] out = new byte[1 + 2 * curve.size];
    out[0] = 4;
    put(point.getAffineX(), curve.size, out, 1);
    put(point.getAffineY(), curve.size, out, 1 + curve.size);
    return out;
  }

  /** The point of an uncompressed encoding (as the native side returns it). */
  static ECPoint decode(byte[] encoded) {
    int size = (encoded.length - 1) / 2;
    return new ECPoint(
        new BigInteger(1, Arrays.copyOfRange(encoded, 1, 1 + size)),
        new BigInteger(1, Arrays.copyOfRange(encoded, 1 + size, encoded.length)));
  }

  /** {@code value} big-endian in exactly {@code size} bytes; InvalidKeyException if it is wider. */
  static byte[] scalar(BigInteger value, int size) throws InvalidKeyException {
    byte[] out = new byte[size];
    put(value, size, out, 0);
    return out;
  }

  private static void put(BigInteger value, int size, byte[] out, int offset)
      throws InvalidKeyException {
    if (value.signum() < 0) {
      throw new InvalidKeyException("negative EC key component");
    }
    byte[] bytes = value.toByteArray();
    int start = bytes.length > size && bytes[0] == 0 ? 1 : 0;
    int length = bytes.length - start;
    if (length > size) {
      throw new InvalidKeyException("EC key component larger than the field");
    }
    System.arraycopy(bytes, start, out, offset + size - length, length);
    Arrays.fill(bytes, (byte) 0);
  }
}
