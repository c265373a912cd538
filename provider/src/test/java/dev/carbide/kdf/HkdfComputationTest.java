package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The HKDF computation without javax.crypto.KDF, so it runs on Java 17 too: RFC 5869's vectors and
 * a cross-check against HKDF written out over SunJCE's HMAC.
 */
class HkdfComputationTest {
  static {
    Carbide.provider(); // loads the native library
  }

  private static final String[][] ALGORITHMS = {
    {"HKDF-SHA256", "SHA-256", "HmacSHA256"},
    {"HKDF-SHA384", "SHA-384", "HmacSHA384"},
    {"HKDF-SHA512", "SHA-512", "HmacSHA512"},
  };

  private static Hkdf sha256() {
    Hkdf hkdf = Hkdf.create("HKDF-SHA256", "SHA-256");
    assertNotNull(hkdf);
    return hkdf;
  }

  private static byte[] range(int first, int count) {
    byte[] out = new byte[count];
    for (int i = 0; i < count; i++) {
      out[i] = (byte) (first + i);
    }
    return out;
  }

  /** RFC 5869 appendix A, test cases 1 to 3: {ikm, salt, info, L, PRK, OKM}. */
  private static Object[][] rfc5869() {
    byte[] ikm = new byte[22];
    java.util.Arrays.fill(ikm, (byte) 0x0b);
    return new Object[][] {
      {
        ikm,
        range(0x00, 13),
        range(0xf0, 10),
        42,
        "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
      },
      {
        range(0x00, 80),
        range(0x60, 80),
        range(0xb0, 80),
        82,
        "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
        "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c6"
            + "5e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"
      },
      {
        ikm,
        new byte[0],
        new byte[0],
        42,
        "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
        "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"
      },
    };
  }

  @Test
  void rfc5869Vectors() throws Exception {
    Hkdf hkdf = sha256();
    for (Object[] c : rfc5869()) {
      byte[] ikm = (byte[]) c[0];
      byte[] salt = (byte[]) c[1];
      byte[] info = (byte[]) c[2];
      int length = (Integer) c[3];
      byte[] prk = hkdf.extract(ikm, salt);
      assertEquals(c[4], TestVectors.hex(prk));
      assertEquals(c[5], TestVectors.hex(hkdf.expand(prk, info, length)));
      assertEquals(c[5], TestVectors.hex(hkdf.extractThenExpand(ikm, salt, info, length)));
    }
  }

  @Test
  void nullSaltAndInfoCountAsEmpty() throws Exception {
    Hkdf hkdf = sha256();
    byte[] ikm = range(5, 30);
    assertArrayEquals(hkdf.extract(ikm, new byte[0]), hkdf.extract(ikm, null));
    assertArrayEquals(hkdf.extract(ikm, new byte[32]), hkdf.extract(ikm, null));
    assertArrayEquals(
        hkdf.extractThenExpand(ikm, new byte[0], new byte[0], 50),
        hkdf.extractThenExpand(ikm, null, null, 50));
  }

  /** HKDF by its definition over SunJCE's HMAC. */
  private static byte[] reference(
      String hmac, int hashLength, byte[] ikm, byte[] salt, byte[] info, int length)
      throws GeneralSecurityException {
    Mac mac = Mac.getInstance(hmac, "SunJCE");
    mac.init(new SecretKeySpec(salt.length == 0 ? new byte[hashLength] : salt, hmac));
    byte[] prk = mac.doFinal(ikm);
    if (length == 0) {
      return prk;
    }
    mac.init(new SecretKeySpec(prk, hmac));
    ByteArrayOutputStream okm = new ByteArrayOutputStream();
    byte[] previous = new byte[0];
    for (int counter = 1; okm.size() < length; counter++) {
      mac.update(previous);
      mac.update(info);
      mac.update((byte) counter);
      previous = mac.doFinal();
      okm.write(previous, 0, previous.length);
    }
    return java.util.Arrays.copyOf(okm.toByteArray(), length);
  }

  @Test
  void matchesHmacReferenceOnRandomInputs() throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (String[] algorithm : ALGORITHMS) {
      Hkdf hkdf = Hkdf.create(algorithm[0], algorithm[1]);
      assertNotNull(hkdf, algorithm[0]);
      int hashLength = hkdf.hashLength();
      for (int n = 0; n < 60; n++) {
        byte[] ikm = new byte[random.nextInt(100)];
        byte[] salt = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(200)];
        // Case 0 goes past OpenSSL's 32 KiB cap, which binds only HKDF run by OpenSSL (FIPS).
        byte[] info =
            new byte[n == 0 ? Math.min(hkdf.maxInfoLength(), 40_000) : random.nextInt(300)];
        random.nextBytes(ikm);
        random.nextBytes(salt);
        random.nextBytes(info);
        int length = n == 1 ? hkdf.maxLength() : 1 + random.nextInt(3 * hashLength);
        String context = algorithm[0] + " seed " + seed + " case " + n;
        byte[] prk = reference(algorithm[2], hashLength, ikm, salt, info, 0);
        byte[] okm = reference(algorithm[2], hashLength, ikm, salt, info, length);
        assertArrayEquals(prk, hkdf.extract(ikm, salt), context);
        assertArrayEquals(okm, hkdf.expand(prk, info, length), context);
        assertArrayEquals(okm, hkdf.extractThenExpand(ikm, salt, info, length), context);
      }
    }
  }

  @Test
  void lengthMustBeWithin255HashLen() throws Exception {
    Hkdf hkdf = sha256();
    assertEquals(255 * 32, hkdf.maxLength());
    byte[] prk = new byte[32];
    assertEquals(255 * 32, hkdf.expand(prk, null, 255 * 32).length);
    for (int bad : new int[] {0, -1, 255 * 32 + 1, Integer.MAX_VALUE}) {
      assertThrows(InvalidAlgorithmParameterException.class, () -> hkdf.expand(prk, null, bad));
      assertThrows(
          InvalidAlgorithmParameterException.class,
          () -> hkdf.extractThenExpand(prk, null, null, bad));
    }
  }

  @Test
  void refusesShortPrk() {
    Hkdf hkdf = sha256();
    assertThrows(InvalidKeyException.class, () -> hkdf.expand(new byte[31], null, 32));
  }

  /** RFC 5869 and SunJCE set no limit on the info; only OpenSSL's own HKDF (FIPS) has one. */
  @Test
  void acceptsLongInfo() throws Exception {
    Hkdf hkdf = sha256();
    assertEquals(Integer.MAX_VALUE, hkdf.maxInfoLength());
    byte[] ikm = range(1, 32);
    byte[] info = new byte[1 << 20];
    new Random(7).nextBytes(info);
    byte[] okm = reference("HmacSHA256", 32, ikm, new byte[0], info, 100);
    assertArrayEquals(okm, hkdf.extractThenExpand(ikm, null, info, 100));
    assertArrayEquals(okm, hkdf.expand(hkdf.extract(ikm, null), info, 100));
  }

  @Test
  void nativeChecksStandBehindJavaChecks() {
    long handle = KdfNative.find(dev.carbide.digest.DigestServices.fetch("SHA-256"));
    byte[] prk = new byte[32];
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> KdfNative.derive(handle, KdfNative.EXPAND, new byte[31], null, null, new byte[32]));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> KdfNative.derive(handle, KdfNative.EXTRACT, prk, null, null, new byte[31]));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> KdfNative.derive(handle, KdfNative.EXPAND, prk, null, null, new byte[0]));
    assertThrows(
        IllegalArgumentException.class,
        () -> KdfNative.derive(handle, 7, prk, null, null, new byte[32]));
    assertThrows(
        NullPointerException.class,
        () -> KdfNative.derive(handle, KdfNative.EXPAND, prk, null, null, null));
    assertEquals(0, KdfNative.find(0));
  }
}
