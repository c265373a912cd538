package dev.carbide.rsa;

import java.security.InvalidKeyException;
import java.util.Arrays;

/** Just enough DER to find the parameters of a key encoding's AlgorithmIdentifier. */
final class Der {
  private Der() {}

  private static final int SEQUENCE = 0x30;
  private static final int INTEGER = 0x02;

  /**
   * The encoded parameters of the AlgorithmIdentifier in an X.509 SubjectPublicKeyInfo or (if
   * {@code pkcs8}) a PKCS#8 PrivateKeyInfo, or null if it has none.
   */
  static byte[] algorithmParameters(byte[] der, boolean pkcs8) throws InvalidKeyException {
    int[] cursor = {0};
    int outerEnd = enter(der, cursor, SEQUENCE);
    if (pkcs8) {
      skip(der, cursor, INTEGER);
    }
    int algorithmEnd = enter(der, cursor, SEQUENCE);
    skip(der, cursor, 0x06); // the OID
    if (cursor[0] == algorithmEnd || algorithmEnd > outerEnd) {
      return null;
    }
    int start = cursor[0];
    if (der[start] == 0x05) { // NULL
      return null;
    }
    return Arrays.copyOfRange(der, start, algorithmEnd);
  }

  // Reads a tag and length at cursor, leaves the cursor on the contents, returns their end.
  private static int enter(byte[] der, int[] cursor, int tag) throws InvalidKeyException {
    int at = cursor[0];
    if (at + 2 > der.length || (der[at] & 0xff) != tag) {
      throw new InvalidKeyException("malformed key encoding");
    }
    int length = der[at + 1] & 0xff;
    at += 2;
    if (length > 0x80) {
      int count = length - 0x80;
      if (count > 3 || at + count > der.length) {
        throw new InvalidKeyException("malformed key encoding");
      }
      length = 0;
      for (int i = 0; i < count; i++) {
        length = (length << 8) | (der[at++] & 0xff);
      }
    } else if (length == 0x80) {
      throw new InvalidKeyException("malformed key encoding");
    }
    if (length > der.length - at) {
      throw new InvalidKeyException("malformed key encoding");
    }
    cursor[0] = at;
    return at + length;
  }

  private static void skip(byte[] der, int[] cursor, int tag) throws InvalidKeyException {
    cursor[0] = enter(der, cursor, tag);
  }
}
