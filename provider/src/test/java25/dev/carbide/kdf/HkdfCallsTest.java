package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.digest.DigestServices;
import dev.carbide.testing.Carbide;
import java.security.InvalidAlgorithmParameterException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Java 25 form of HkdfCalls: derivations by the critical downcall give JNI's bytes in every
 * mode, up to its bounds and not past them, and a derivation it cannot do is left to JNI with
 * nothing written.
 */
class HkdfCallsTest {
  private static final String[] DIGESTS = {"SHA-256", "SHA-384", "SHA-512"};
  private static final int[] MODES = {
    KdfNative.EXTRACT, KdfNative.EXPAND, KdfNative.EXTRACT_THEN_EXPAND
  };

  private static long hkdf(String digest) {
    Carbide.provider(); // loads the native library that the downcall links against
    long handle = KdfNative.find(DigestServices.fetch(digest));
    assertNotEquals(0, handle, digest);
    return handle;
  }

  private static byte[] bytes(Random random, int len) {
    byte[] out = new byte[len];
    random.nextBytes(out);
    return out;
  }

  @Test
  void everyModeGivesJnisBytes() {
    Random random = new Random(19);
    for (String digest : DIGESTS) {
      long hkdf = hkdf(digest);
      int hashLength = KdfNative.hashSize(hkdf);
      for (int mode : MODES) {
        for (int trial = 0; trial < 40; trial++) {
          // The key is a PRK, at least HashLen, for EXPAND; salt and info sometimes absent.
          byte[] key = bytes(random, hashLength + random.nextInt(100));
          byte[] salt = random.nextInt(4) == 0 ? null : bytes(random, random.nextInt(80));
          byte[] info = random.nextInt(4) == 0 ? null : bytes(random, random.nextInt(200));
          int length = mode == KdfNative.EXTRACT ? hashLength : 1 + random.nextInt(600);
          byte[] critical = new byte[length];
          byte[] jni = new byte[length];
          assertTrue(HkdfCalls.derive(hkdf, mode, key, salt, info, critical), digest);
          KdfNative.derive(hkdf, mode, key, salt, info, jni);
          assertArrayEquals(jni, critical, digest + " mode " + mode + " trial " + trial);
        }
      }
    }
  }

  @Test
  void theBoundsAreTakenAndNothingPastThem() {
    long hkdf = hkdf("SHA-256");
    Random random = new Random(20);
    int limit = KdfNative.CRITICAL_INPUT_LIMIT;
    byte[] ikm = bytes(random, limit - 64);
    byte[] salt = bytes(random, 32);
    byte[] info = bytes(random, 32);
    byte[] out = new byte[KdfNative.CRITICAL_OUTPUT_LIMIT];
    byte[] jni = new byte[out.length];
    assertTrue(HkdfCalls.derive(hkdf, KdfNative.EXTRACT_THEN_EXPAND, ikm, salt, info, out));
    KdfNative.derive(hkdf, KdfNative.EXTRACT_THEN_EXPAND, ikm, salt, info, jni);
    assertArrayEquals(jni, out);

    byte[] longer = bytes(random, 33);
    byte[] untouched = new byte[32];
    assertFalse(
        HkdfCalls.derive(hkdf, KdfNative.EXTRACT_THEN_EXPAND, ikm, salt, longer, untouched));
    assertArrayEquals(new byte[32], untouched, "input past the bound");
    byte[] tooLong = new byte[KdfNative.CRITICAL_OUTPUT_LIMIT + 1];
    assertFalse(HkdfCalls.derive(hkdf, KdfNative.EXPAND, salt, null, info, tooLong));
    assertArrayEquals(new byte[tooLong.length], tooLong, "output past the bound");
  }

  @Test
  void aFailedDerivationIsLeftToJniWithNothingWritten() {
    long hkdf = hkdf("SHA-256");
    byte[] out = new byte[32];
    // A PRK shorter than HashLen: Hkdf refuses it before crossing, so only a direct call gets here.
    byte[] shortPrk = new byte[31];
    assertFalse(HkdfCalls.derive(hkdf, KdfNative.EXPAND, shortPrk, null, null, out));
    assertArrayEquals(new byte[32], out);
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> KdfNative.derive(hkdf, KdfNative.EXPAND, shortPrk, null, null, out));
    // EXTRACT writes exactly HashLen bytes, and no mode past the three exists.
    byte[] wrongLength = new byte[33];
    assertFalse(HkdfCalls.derive(hkdf, KdfNative.EXTRACT, new byte[32], null, null, wrongLength));
    assertFalse(HkdfCalls.derive(hkdf, 7, new byte[32], null, null, out));
    assertArrayEquals(new byte[32], out);
    assertFalse(HkdfCalls.derive(0, KdfNative.EXTRACT, new byte[32], null, null, out));
  }
}
