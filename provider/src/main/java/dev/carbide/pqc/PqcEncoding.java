package dev.carbide.pqc;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * Writes PKCS#8 private keys in the form the JDK 25 writes, so keys move between the two providers
 * byte for byte. The JDK writes ML-KEM and ML-DSA keys in the LAMPS drafts' "expandedKey" form (an
 * OCTET STRING inside the PKCS#8 one) and OpenSSL 3.5 would write the seed beside it; reading
 * accepts every form (seed, expanded, both), which OpenSSL parses and checks for consistency.
 */
final class PqcEncoding {
  private PqcEncoding() {}

  private static final int INTEGER = 0x02;
  private static final int BIT_STRING = 0x03;
  private static final int OCTET_STRING = 0x04;
  private static final int OBJECT_IDENTIFIER = 0x06;
  private static final int SEQUENCE = 0x30;

  /** The PKCS#8 PrivateKeyInfo of raw private key {@code raw}; the caller zeroes both. */
  static byte[] privateKeyInfo(PqcAlgorithm parameterSet, byte[] raw) {
    byte[] key = parameterSet.nestedPrivateKey() ? tlv(OCTET_STRING, raw) : raw;
    byte[] privateKey = tlv(OCTET_STRING, key);
    if (key != raw) {
      Arrays.fill(key, (byte) 0);
    }
    byte[] algorithm = tlv(SEQUENCE, tlv(OBJECT_IDENTIFIER, oid(parameterSet.oid)));
    byte[] version = {INTEGER, 1, 0};
    byte[] body = concat(version, algorithm, privateKey);
    Arrays.fill(privateKey, (byte) 0);
    byte[] info = tlv(SEQUENCE, body);
    Arrays.fill(body, (byte) 0);
    return info;
  }

  /** The X.509 SubjectPublicKeyInfo of raw public key {@code raw}, as OpenSSL writes it. */
  static byte[] subjectPublicKeyInfo(PqcAlgorithm parameterSet, byte[] raw) {
    byte[] bits = new byte[raw.length + 1]; // no unused bits
    System.arraycopy(raw, 0, bits, 1, raw.length);
    return tlv(
        SEQUENCE,
        concat(
            tlv(SEQUENCE, tlv(OBJECT_IDENTIFIER, oid(parameterSet.oid))), tlv(BIT_STRING, bits)));
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.write(part, 0, part.length);
    }
    return out.toByteArray();
  }

  /** A DER tag-length-value with a definite length of up to four bytes. */
  static byte[] tlv(int tag, byte[] content) {
    int length = content.length;
    int lengthBytes = length < 0x80 ? 0 : length < 0x100 ? 1 : length < 0x10000 ? 2 : 3;
    byte[] out = new byte[2 + lengthBytes + length];
    out[0] = (byte) tag;
    if (lengthBytes == 0) {
      out[1] = (byte) length;
    } else {
      out[1] = (byte) (0x80 | lengthBytes);
      for (int i = 0; i < lengthBytes; i++) {
        out[2 + i] = (byte) (length >>> (8 * (lengthBytes - 1 - i)));
      }
    }
    System.arraycopy(content, 0, out, 2 + lengthBytes, length);
    return out;
  }

  /** The content octets of a dotted object identifier. */
  static byte[] oid(String dotted) {
    String[] arcs = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    base128(out, Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]));
    for (int i = 2; i < arcs.length; i++) {
      base128(out, Long.parseLong(arcs[i]));
    }
    return out.toByteArray();
  }

  private static void base128(ByteArrayOutputStream out, long value) {
    int groups = 1;
    while ((value >>> (7 * groups)) != 0) {
      groups++;
    }
    for (int i = groups - 1; i >= 0; i--) {
      out.write((int) ((value >>> (7 * i)) & 0x7f) | (i > 0 ? 0x80 : 0));
    }
  }
}
