package dev.carbide.cipher;

import java.io.EOFException;
import java.io.IOException;
import java.math.BigInteger;

/**
 * The few DER forms cipher parameters use: OCTET STRING, INTEGER, NULL, OBJECT IDENTIFIER and
 * SEQUENCE, with lengths under 64 KiB.
 */
final class Der {
  private Der() {}

  static final int INTEGER = 0x02;
  static final int OCTET_STRING = 0x04;
  static final int NULL = 0x05;
  static final int OBJECT_IDENTIFIER = 0x06;
  static final int SEQUENCE = 0x30;

  static byte[] encode(int tag, byte[] content) {
    int len = content.length;
    int lengthBytes = len < 0x80 ? 1 : len < 0x100 ? 2 : 3;
    byte[] out = new byte[1 + lengthBytes + len];
    out[0] = (byte) tag;
    if (lengthBytes == 1) {
      out[1] = (byte) len;
    } else if (lengthBytes == 2) {
      out[1] = (byte) 0x81;
      out[2] = (byte) len;
    } else {
      out[1] = (byte) 0x82;
      out[2] = (byte) (len >> 8);
      out[3] = (byte) len;
    }
    System.arraycopy(content, 0, out, 1 + lengthBytes, len);
    return out;
  }

  static byte[] integer(int value) {
    return encode(INTEGER, BigInteger.valueOf(value).toByteArray());
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** A SEQUENCE of the given encoded elements. */
  static byte[] sequence(byte[]... elements) {
    byte[] content = new byte[0];
    for (byte[] element : elements) {
      content = concat(content, element);
    }
    return encode(SEQUENCE, content);
  }

  /** The contents (no tag or length) of the OBJECT IDENTIFIER in dotted form {@code oid}. */
  static byte[] oid(String oid) {
    String[] arcs = oid.split("\\.");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    base128(out, Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]));
    for (int i = 2; i < arcs.length; i++) {
      base128(out, Long.parseLong(arcs[i]));
    }
    return out.toByteArray();
  }

  private static void base128(java.io.ByteArrayOutputStream out, long value) {
    int groups = 1;
    while (groups < 10 && value >>> (7 * groups) != 0) {
      groups++;
    }
    for (int i = groups - 1; i >= 0; i--) {
      out.write((int) ((value >>> (7 * i)) & 0x7f) | (i == 0 ? 0 : 0x80));
    }
  }

  /** A reader over one DER encoding. */
  static final class Reader {
    private final byte[] data;
    private int pos;

    Reader(byte[] data) {
      this.data = data;
    }

    /** The contents of the next element, which must have {@code tag}. */
    byte[] next(int tag) throws IOException {
      if (pos + 2 > data.length) {
        throw new IOException("DER: no element");
      }
      int found = data[pos++] & 0xff;
      int len = data[pos++] & 0xff;
      if (len >= 0x80) {
        int count = len & 0x7f;
        if (count >= 1 && count <= 4 && pos + count > data.length) {
          throw new EOFException("DER: truncated");
        }
        if (count < 1 || count > 2) {
          throw new IOException("DER: bad length");
        }
        len = 0;
        for (int i = 0; i < count; i++) {
          len = (len << 8) | (data[pos++] & 0xff);
        }
      }
      // Truncation first, then the tag, in the order the JDK's DerValue finds them.
      if (len > data.length - pos) {
        throw new EOFException("DER: truncated");
      }
      if (found != tag) {
        throw new IOException("DER: expected tag " + tag);
      }
      byte[] content = java.util.Arrays.copyOfRange(data, pos, pos + len);
      pos += len;
      return content;
    }

    boolean done() {
      return pos == data.length;
    }

    /** The tag of the next element, or -1 at the end. */
    int peek() {
      return pos < data.length ? data[pos] & 0xff : -1;
    }
  }
}
