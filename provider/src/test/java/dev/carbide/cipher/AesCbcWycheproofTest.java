package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.security.Security;
import java.util.List;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Wycheproof aes_cbc_pkcs5_test.json, every case: valid ones encrypt and decrypt to the expected
 * values; invalid ones (bad padding) fail to decrypt with BadPaddingException, as in SunJCE.
 */
class AesCbcWycheproofTest {
  static List<WycheproofCase> cases() {
    return TestVectors.wycheproof("aes_cbc_pkcs5_test.json");
  }

  @ParameterizedTest
  @MethodSource("cases")
  void wycheproof(WycheproofCase c) throws Exception {
    SecretKeySpec key = new SecretKeySpec(c.bytes("key"), "AES");
    IvParameterSpec iv = new IvParameterSpec(c.bytes("iv"));
    Cipher cipher = Cipher.getInstance("AES/CBC/PKCS5Padding", Carbide.provider());
    cipher.init(Cipher.DECRYPT_MODE, key, iv);
    if (c.result().equals("invalid")) {
      Exception failure = null;
      try {
        cipher.doFinal(c.bytes("ct"));
      } catch (Exception e) {
        failure = e;
      }
      assertNotNull(failure, c.toString());
      Cipher jdk = Cipher.getInstance("AES/CBC/PKCS5Padding", Security.getProvider("SunJCE"));
      jdk.init(Cipher.DECRYPT_MODE, key, iv);
      Exception expected = null;
      try {
        jdk.doFinal(c.bytes("ct"));
      } catch (Exception e) {
        expected = e;
      }
      assertEquals(
          expected == null ? BadPaddingException.class : expected.getClass(),
          failure.getClass(),
          c.toString());
      return;
    }
    assertArrayEquals(c.bytes("msg"), cipher.doFinal(c.bytes("ct")), c.toString());
    cipher.init(Cipher.ENCRYPT_MODE, key, iv);
    assertArrayEquals(c.bytes("ct"), cipher.doFinal(c.bytes("msg")), c.toString());
  }
}
