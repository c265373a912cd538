package dev.carbide.ec;

import java.io.ByteArrayOutputStream;
import java.security.ProviderException;
import java.util.Arrays;

/**
 * ECDSA signatures in IEEE P1363 form (r || s, each as wide as the curve's order) and DER, the two
 * forms JCA names offer. Only signatures OpenSSL produced are parsed from DER here, so the parser
 * may trust the encoding; received DER signatures go to OpenSSL, which checks them strictly.
 */
final class EcdsaFormat {
  private EcdsaFormat() {}

  /** r || s from a DER signature that OpenSSL produced. */
  static byte[] toP1363(byte[] der, int size) {
    byte[] out = new byte[2 * size];
    int offset = headerLength(der);
    offset = copyInteger(der, offset, out, 0, size);
    copyInteger(der, offset, out, size, size);
    return out;
  }

  /**
   * The received signature to hand OpenSSL: {@code signature} itself, or for a null one an empty
   * one, which still restarts the native message. SunEC calls a missing or empty DER signature
   * malformed (SignatureException) where OpenSSL would call an empty one merely invalid, so the
   * callers throw for {@link #missing} signatures after the native call.
   */
  static byte[] received(byte[] signature) {
    return signature == null ? new byte[0] : signature;
  }

  /** True for a null or empty DER signature. */
  static boolean missing(byte[] signature) {
    return signature == null || signature.length == 0;
  }

  /** The DER form of r || s; empty unless each half is {@code size} bytes. */
  static byte[] toDer(byte[] p1363, int size) {
    if (p1363.length != 2 * size) {
      return new byte[0];
    }
    int half = p1363.length / 2;
    byte[] r = integer(Arrays.copyOfRange(p1363, 0, half));
    byte[] s = integer(Arrays.copyOfRange(p1363, half, p1363.length));
    ByteArrayOutputStream out = new ByteArrayOutputStream(8 + r.length + s.length);
    out.write(0x30);
    writeLength(out, r.length + s.length);
    out.writeBytes(r);
    out.writeBytes(s);
    return out.toByteArray();
  }

  private static int headerLength(byte[] der) {
    if (der.length < 2 || der[0] != 0x30) {
      throw new ProviderException("unexpected ECDSA signature from OpenSSL");
    }
    return (der[1] & 0x80) == 0 ? 2 : 2 + (der[1] & 0x7f);
  }

  // Copies the INTEGER at der[offset] right-aligned into out[at, at + size); returns the offset
  // after it.
  private static int copyInteger(byte[] der, int offset, byte[] out, int at, int size) {
    if (der[offset] != 0x02) {
      throw new ProviderException("unexpected ECDSA signature from OpenSSL");
    }
    int length = der[offset + 1] & 0xff;
    int start = offset + 2;
    if ((length & 0x80) != 0) {
      int lengthBytes = length & 0x7f;
      length = 0;
      for (int i = 0; i < lengthBytes; i++) {
        length = (length << 8) | (der[start + i] & 0xff);
      }
      start += lengthBytes;
    }
    int skip = 0;
    while (skip < length && der[start + skip] == 0) {
      skip++;
    }
    int significant = length - skip;
    if (significant > size) {
      throw new ProviderException("unexpected ECDSA signature from OpenSSL");
    }
    System.arraycopy(der, start + skip, out, at + size - significant, significant);
    return start + length;
  }

  // A DER INTEGER holding the unsigned big-endian value `magnitude`.
  private static byte[] integer(byte[] magnitude) {
    int skip = 0;
    while (skip < magnitude.length - 1 && magnitude[skip] == 0) {
      skip++;
    }
    boolean pad = (magnitude[skip] & 0x80) != 0;
    int length = magnitude.length - skip + (pad ? 1 : 0);
    ByteArrayOutputStream out = new ByteArrayOutputStream(length + 4);
    out.write(0x02);
    writeLength(out, length);
    if (pad) {
      out.write(0);
    }
    out.write(magnitude, skip, magnitude.length - skip);
    return out.toByteArray();
  }

  private static void writeLength(ByteArrayOutputStream out, int length) {
    if (length < 0x80) {
      out.write(length);
    } else if (length < 0x100) {
      out.write(0x81);
      out.write(length);
    } else {
      out.write(0x82);
      out.write(length >> 8);
      out.write(length);
    }
  }
}
