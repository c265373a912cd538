package dev.carbide.keys;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;

/**
 * A DER SEQUENCE of INTEGERs: the encoding of DSA and DH domain parameters (Dss-Parms, PKCS #3
 * DHParameter) and of DSA and ECDSA signatures (r, s). Decoding is as strict as the JDK's DER
 * parser: definite minimal lengths, no redundant leading zero in an INTEGER, nothing trailing.
 */
public final class DerIntegers {
  private DerIntegers() {}

  private static final int SEQUENCE = 0x30;
  private static final int INTEGER = 0x02;

  /** SEQUENCE { INTEGER values[0], ... }. */
  public static byte[] encode(BigInteger... values) {
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (BigInteger value : values) {
      byte[] bytes = value.toByteArray();
      content.write(INTEGER);
      writeLength(content, bytes.length);
      content.writeBytes(bytes);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(content.size() + 6);
    out.write(SEQUENCE);
    writeLength(out, content.size());
    out.writeBytes(content.toByteArray());
    return out.toByteArray();
  }

  /**
   * The INTEGERs of a SEQUENCE holding {@code min} to {@code max} of them, as signed values.
   * IOException if {@code der} is anything else.
   */
  public static BigInteger[] decode(byte[] der, int min, int max) throws IOException {
    if (der == null) {
      throw new IOException("no encoding");
    }
    int[] cursor = {0};
    int end = enter(der, cursor, SEQUENCE);
    if (end != der.length) {
      throw new IOException("extra data at the end of the encoding");
    }
    BigInteger[] values = new BigInteger[max];
    int count = 0;
    while (cursor[0] < end) {
      if (count == max) {
        throw new IOException("too many INTEGERs in the sequence");
      }
      int valueEnd = enter(der, cursor, INTEGER);
      int length = valueEnd - cursor[0];
      if (length == 0) {
        throw new IOException("Invalid encoding: zero length Int value");
      }
      if (length > 1 && der[cursor[0]] == 0 && der[cursor[0] + 1] >= 0) {
        throw new IOException("Invalid encoding: redundant leading 0s");
      }
      values[count++] = new BigInteger(der, cursor[0], length);
      cursor[0] = valueEnd;
    }
    if (count < min) {
      throw new IOException("too few INTEGERs in the sequence");
    }
    return java.util.Arrays.copyOf(values, count);
  }

  // Reads a tag and a minimal definite length at cursor; leaves cursor at the content and returns
  // where the content ends.
  private static int enter(byte[] der, int[] cursor, int tag) throws IOException {
    int at = cursor[0];
    if (at + 2 > der.length || (der[at] & 0xff) != tag) {
      throw new IOException("unexpected DER tag");
    }
    int first = der[at + 1] & 0xff;
    at += 2;
    int length;
    if (first < 0x80) {
      length = first;
    } else {
      int bytes = first & 0x7f;
      if (bytes == 0 || bytes > 3 || at + bytes > der.length) {
        throw new IOException("unsupported DER length");
      }
      length = 0;
      for (int i = 0; i < bytes; i++) {
        length = (length << 8) | (der[at + i] & 0xff);
      }
      at += bytes;
      if (length < 0x80 || (bytes > 1 && (der[at - bytes] & 0xff) == 0)) {
        throw new IOException("non-minimal DER length");
      }
    }
    if (length > der.length - at) {
      throw new IOException("DER length beyond the encoding");
    }
    cursor[0] = at;
    return at + length;
  }

  private static void writeLength(ByteArrayOutputStream out, int length) {
    if (length < 0x80) {
      out.write(length);
    } else if (length < 0x100) {
      out.write(0x81);
      out.write(length);
    } else if (length < 0x10000) {
      out.write(0x82);
      out.write(length >> 8);
      out.write(length);
    } else {
      out.write(0x83);
      out.write(length >> 16);
      out.write(length >> 8);
      out.write(length);
    }
  }
}
