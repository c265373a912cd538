package dev.carbide.edec;

import java.math.BigInteger;
import java.security.InvalidKeyException;

/** Little-endian integers, the byte order of RFC 7748 and RFC 8032. */
final class LittleEndian {
  private LittleEndian() {}

  /** The value of {@code bytes}, keeping only the low {@code bits} bits. */
  static BigInteger decode(byte[] bytes, int bits) {
    byte[] reversed = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      reversed[bytes.length - 1 - i] = bytes[i];
    }
    return new BigInteger(1, reversed).mod(BigInteger.TWO.pow(bits));
  }

  /** {@code value} in exactly {@code size} bytes; InvalidKeyException if it does not fit. */
  static byte[] encode(BigInteger value, int size) throws InvalidKeyException {
    if (value.signum() < 0 || value.bitLength() > 8 * size) {
      throw new InvalidKeyException("key value out of range");
    }
    byte[] bigEndian = value.toByteArray();
    byte[] out = new byte[size];
    for (int i = 0; i < bigEndian.length && i < size; i++) {
      out[i] = bigEndian[bigEndian.length - 1 - i];
    }
    return out;
  }
}
