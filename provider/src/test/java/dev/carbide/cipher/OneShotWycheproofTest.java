package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.security.InvalidKeyException;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Wycheproof aes_ccm_test.json, aes_gcm_siv_test.json and aes_xts_test.json, every case. Valid AEAD
 * cases decrypt and encrypt to the expected bytes, invalid ones fail with AEADBadTagException, and
 * parameters outside the contract (CCM nonces outside 7 to 13 bytes or odd tag lengths) are refused
 * at init. XTS cases encrypt and decrypt with the tweak zero-padded to 16 bytes (Wycheproof gives
 * the sector number in fewer bytes, little-endian), and 192-bit AES keys, which OpenSSL has no XTS
 * for, are refused as InvalidKeyException.
 */
class OneShotWycheproofTest {
  static List<WycheproofCase> ccm() {
    return TestVectors.wycheproof("aes_ccm_test.json");
  }

  static List<WycheproofCase> gcmSiv() {
    return TestVectors.wycheproof("aes_gcm_siv_test.json");
  }

  static List<WycheproofCase> xts() {
    return TestVectors.wycheproof("aes_xts_test.json");
  }

  @ParameterizedTest
  @MethodSource("ccm")
  void aesCcm(WycheproofCase c) throws Exception {
    byte[] iv = c.bytes("iv");
    int tagBytes = c.bytes("tag").length;
    boolean accepted =
        iv.length >= 7 && iv.length <= 13 && tagBytes >= 4 && tagBytes <= 16 && tagBytes % 2 == 0;
    AeadWycheproofTest.check(
        c, "AES/CCM/NoPadding", "AES", new GCMParameterSpec(tagBytes * 8, iv), accepted);
  }

  @ParameterizedTest
  @MethodSource("gcmSiv")
  void aesGcmSiv(WycheproofCase c) throws Exception {
    assumeServed("AES/GCM-SIV/NoPadding");
    AeadWycheproofTest.check(
        c, "AES/GCM-SIV/NoPadding", "AES", new GCMParameterSpec(128, c.bytes("iv")), true);
  }

  @ParameterizedTest
  @MethodSource("xts")
  void aesXts(WycheproofCase c) throws Exception {
    byte[] keyBytes = c.bytes("key");
    SecretKeySpec key = new SecretKeySpec(keyBytes, "AES");
    IvParameterSpec tweak = new IvParameterSpec(Arrays.copyOf(c.bytes("iv"), 16));
    Cipher cipher = Cipher.getInstance("AES/XTS/NoPadding", Carbide.provider());
    if (keyBytes.length != 32 && keyBytes.length != 64) {
      assertThrows(
          InvalidKeyException.class, () -> cipher.init(Cipher.ENCRYPT_MODE, key, tweak), c + "");
      return;
    }
    byte[] msg = c.bytes("msg");
    cipher.init(Cipher.ENCRYPT_MODE, key, tweak);
    if (msg.length < 16) {
      assertThrows(IllegalBlockSizeException.class, () -> cipher.doFinal(msg), c.toString());
      return;
    }
    assertArrayEquals(c.bytes("ct"), cipher.doFinal(msg), c.toString());
    cipher.init(Cipher.DECRYPT_MODE, key, tweak);
    assertArrayEquals(msg, cipher.doFinal(c.bytes("ct")), c.toString());
  }

  /** Skips where the loaded OpenSSL lacks the cipher (GCM-SIV before 3.2, and in FIPS mode). */
  static void assumeServed(String transformation) {
    assumeTrue(
        Carbide.provider().getService("Cipher", transformation) != null,
        transformation + " is not served with this OpenSSL");
  }
}
