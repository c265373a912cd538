package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Wycheproof aes_gcm_test.json, every case: valid ones encrypt to the expected ciphertext and tag
 * and decrypt back; invalid ones fail to decrypt with AEADBadTagException, or are refused at init
 * (an empty IV, as SunJCE refuses it).
 */
class GcmWycheproofTest {
  static List<WycheproofCase> cases() {
    return TestVectors.wycheproof("aes_gcm_test.json");
  }

  // OpenSSL's GCM takes IVs of at most 128 bytes; SunJCE takes longer ones.
  private static final int MAX_IV = 128;

  @ParameterizedTest
  @MethodSource("cases")
  void wycheproof(WycheproofCase c) throws Exception {
    SecretKeySpec key = new SecretKeySpec(c.bytes("key"), "AES");
    byte[] iv = c.bytes("iv");
    byte[] aad = c.bytes("aad");
    byte[] msg = c.bytes("msg");
    byte[] ct = concat(c.bytes("ct"), c.bytes("tag"));
    GCMParameterSpec spec = new GCMParameterSpec(c.bytes("tag").length * 8, iv);
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
    if (iv.length == 0 || iv.length > MAX_IV) {
      assertThrows(InvalidAlgorithmParameterException.class,
          () -> cipher.init(Cipher.DECRYPT_MODE, key, spec), c.toString());
      return;
    }
    cipher.init(Cipher.DECRYPT_MODE, key, spec);
    cipher.updateAAD(aad);
    if (c.result().equals("invalid")) {
      assertThrows(AEADBadTagException.class, () -> cipher.doFinal(ct), c.toString());
      return;
    }
    try {
      assertArrayEquals(msg, cipher.doFinal(ct), c.toString());
    } catch (GeneralSecurityException e) {
      fail(c + ": " + e);
    }
    Cipher encrypt = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
    encrypt.init(Cipher.ENCRYPT_MODE, key, spec);
    encrypt.updateAAD(aad);
    assertArrayEquals(ct, encrypt.doFinal(msg), c.toString());
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
