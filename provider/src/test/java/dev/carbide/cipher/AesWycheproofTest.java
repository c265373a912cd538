package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Wycheproof aes_cbc_pkcs5_test.json, aes_wrap_test.json and aes_kwp_test.json, every case: valid
 * ones encrypt and decrypt to the expected values; for the others, decryption has SunJCE's outcome:
 * the same exception class (BadPaddingException for bad padding, IllegalBlockSizeException for a
 * failed unwrap or a bad length), or the same plaintext where SunJCE accepts it.
 */
class AesWycheproofTest {
  private static final Provider JDK = Security.getProvider("SunJCE");

  static List<WycheproofCase> cbc() {
    return TestVectors.wycheproof("aes_cbc_pkcs5_test.json");
  }

  static List<WycheproofCase> kw() {
    return TestVectors.wycheproof("aes_wrap_test.json");
  }

  static List<WycheproofCase> kwp() {
    return TestVectors.wycheproof("aes_kwp_test.json");
  }

  @ParameterizedTest
  @MethodSource("cbc")
  void cbcPkcs5(WycheproofCase c) throws Exception {
    check(c, "AES/CBC/PKCS5Padding", new IvParameterSpec(c.bytes("iv")));
  }

  @ParameterizedTest
  @MethodSource("kw")
  void keyWrap(WycheproofCase c) throws Exception {
    check(c, "AES/KW/NoPadding", null);
  }

  @ParameterizedTest
  @MethodSource("kwp")
  void keyWrapWithPadding(WycheproofCase c) throws Exception {
    check(c, "AES/KWP/NoPadding", null);
  }

  private static void check(WycheproofCase c, String transformation, IvParameterSpec iv)
      throws Exception {
    SecretKeySpec key = new SecretKeySpec(c.bytes("key"), "AES");
    if (c.result().equals("valid")) {
      Cipher cipher = Cipher.getInstance(transformation, Carbide.provider());
      cipher.init(Cipher.DECRYPT_MODE, key, iv);
      assertArrayEquals(c.bytes("msg"), cipher.doFinal(c.bytes("ct")), c.toString());
      cipher.init(Cipher.ENCRYPT_MODE, key, iv);
      assertArrayEquals(c.bytes("ct"), cipher.doFinal(c.bytes("msg")), c.toString());
      return;
    }
    Object expected = decrypt(JDK, transformation, key, iv, c.bytes("ct"));
    Object actual = decrypt(Carbide.provider(), transformation, key, iv, c.bytes("ct"));
    if (expected instanceof byte[] plaintext) {
      assertArrayEquals(plaintext, (byte[]) actual, c.toString());
    } else {
      assertEquals(expected, actual, c.toString());
    }
  }

  /** The plaintext, or the class of the exception thrown. */
  private static Object decrypt(
      Provider provider, String transformation, SecretKeySpec key, IvParameterSpec iv, byte[] ct)
      throws Exception {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    cipher.init(Cipher.DECRYPT_MODE, key, iv);
    try {
      return cipher.doFinal(ct);
    } catch (NegativeArraySizeException e) {
      // SunJCE's getOutputSize goes negative for an unwrap input under 8 bytes, and its
      // doFinal(byte[]) then fails allocating; Carbide reports the bad length instead.
      return IllegalBlockSizeException.class;
    } catch (Exception e) {
      return e.getClass();
    }
  }
}
