package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CipherKeys.sameBytes, the word-at-a-time comparison of keys and IVs, tells equal from unequal as
 * MessageDigest.isEqual does.
 */
class SameBytesTest {
  @Test
  void seesEveryDifference() {
    Random random = new Random(7);
    for (int len = 0; len <= 40; len++) {
      byte[] a = new byte[len];
      random.nextBytes(a);
      assertTrue(CipherKeys.sameBytes(a, a.clone()), "equal, length " + len);
      // A difference in any single byte, whether in a whole word or in the tail, is seen.
      for (int at = 0; at < len; at++) {
        byte[] b = a.clone();
        b[at] ^= (byte) (1 << random.nextInt(8));
        assertFalse(CipherKeys.sameBytes(a, b), "differs at " + at + " of " + len);
      }
      byte[] longer = Arrays.copyOf(a, len + 1);
      assertFalse(CipherKeys.sameBytes(a, longer), "prefix of length " + len);
    }
  }

  @Test
  void nullEqualsOnlyNull() {
    assertTrue(CipherKeys.sameBytes(null, null));
    assertFalse(CipherKeys.sameBytes(new byte[0], null));
    assertFalse(CipherKeys.sameBytes(null, new byte[16]));
  }
}
