package dev.carbide.dsa;

import dev.carbide.keys.DerIntegers;
import java.io.IOException;
import java.math.BigInteger;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * DSA signature forms as SUN reads and writes them, shared by the digesting and the raw signatures:
 * OpenSSL's DER signature to P1363 (r || s, each q's bit length / 8 bytes), and a received
 * signature, DER or P1363, back to the DER that OpenSSL verifies, checked as SUN checks it.
 */
final class DsaFormat {
  private DsaFormat() {}

  /** OpenSSL's DER signature in P1363 form for subgroup order {@code q}. */
  static byte[] toP1363(byte[] der, BigInteger q) throws SignatureException {
    BigInteger[] rs;
    try {
      rs = DerIntegers.decode(der, 2, 2);
    } catch (IOException e) {
      throw new SignatureException("unexpected DSA signature from OpenSSL", e);
    }
    // SUN's width: q's bit length / 8 bytes per half.
    int size = q.bitLength() / 8;
    byte[] out = new byte[2 * size];
    place(rs[0], out, 0, size);
    place(rs[1], out, size, size);
    return out;
  }

  private static void place(BigInteger value, byte[] out, int at, int size) {
    byte[] bytes = DsaKeys.unsigned(value);
    int length = Math.min(bytes.length, size);
    System.arraycopy(bytes, bytes.length - length, out, at + size - length, length);
  }

  /**
   * The DER signature to hand OpenSSL for a received {@code signature}, read as SUN reads it: a
   * negative INTEGER as its unsigned bytes; malformed, or r or s outside (0, q), throws
   * SignatureException with SUN's message.
   */
  static byte[] canonical(byte[] signature, boolean p1363, BigInteger q) throws SignatureException {
    BigInteger r;
    BigInteger s;
    if (p1363) {
      if (signature == null || signature.length == 0 || (signature.length & 1) == 1) {
        throw new SignatureException("invalid signature format");
      }
      int mid = signature.length / 2;
      r = new BigInteger(Arrays.copyOfRange(signature, 0, mid));
      s = new BigInteger(Arrays.copyOfRange(signature, mid, signature.length));
    } else {
      try {
        BigInteger[] rs = DerIntegers.decode(signature, 2, 2);
        r = rs[0];
        s = rs[1];
      } catch (IOException e) {
        throw new SignatureException("Invalid encoding for signature", e);
      }
    }
    if (r.signum() < 0) {
      r = new BigInteger(1, r.toByteArray());
    }
    if (s.signum() < 0) {
      s = new BigInteger(1, s.toByteArray());
    }
    if (r.signum() <= 0 || s.signum() <= 0 || r.compareTo(q) >= 0 || s.compareTo(q) >= 0) {
      throw new SignatureException("invalid signature: out of range values");
    }
    return DerIntegers.encode(r, s);
  }
}
