package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AES/CCM, AES/GCM-SIV and AES/XTS misuse and contract details: Bouncy Castle's parameter rules and
 * messages for CCM and GCM-SIV, the nonce-reuse guard of CCM (and its absence for GCM-SIV), no
 * plaintext released by a failed tag, updates that only buffer, and XTS's key and length rules.
 */
class OneShotMisuseTest {
  private static final SecretKeySpec AES128 = new SecretKeySpec(fill(16, 1), "AES");

  private static byte[] fill(int len, int value) {
    byte[] bytes = new byte[len];
    Arrays.fill(bytes, (byte) value);
    return bytes;
  }

  private static Cipher cipher(String transformation) throws Exception {
    return Cipher.getInstance(transformation, Carbide.provider());
  }

  @Test
  void ccmParametersAsBouncyCastle() throws Exception {
    Cipher ccm = cipher("AES/CCM/NoPadding");
    for (int bits : new int[] {24, 33, 40, 136}) {
      var e =
          assertThrows(
              InvalidAlgorithmParameterException.class,
              () ->
                  ccm.init(Cipher.ENCRYPT_MODE, AES128, new GCMParameterSpec(bits, new byte[12])));
      assertEquals("tag length in octets must be one of {4,6,8,10,12,14,16}", e.getMessage());
    }
    for (int nonce : new int[] {0, 6, 14, 16}) {
      var e =
          assertThrows(
              InvalidAlgorithmParameterException.class,
              () ->
                  ccm.init(
                      Cipher.ENCRYPT_MODE, AES128, new GCMParameterSpec(128, new byte[nonce])));
      assertEquals("nonce must have length from 7 to 13 octets", e.getMessage());
    }
    var e = assertThrows(InvalidKeyException.class, () -> ccm.init(Cipher.DECRYPT_MODE, AES128));
    assertEquals("no IV set when one expected", e.getMessage());
    // Without parameters, or with an IvParameterSpec, BC's CCM tag is 8 bytes.
    ccm.init(Cipher.ENCRYPT_MODE, AES128);
    assertEquals(12, ccm.getIV().length);
    assertEquals(11, ccm.doFinal(new byte[3]).length);
    ccm.init(Cipher.ENCRYPT_MODE, AES128, new IvParameterSpec(new byte[7]));
    assertEquals(11, ccm.doFinal(new byte[3]).length);
    GCMParameterSpec reported = ccm.getParameters().getParameterSpec(GCMParameterSpec.class);
    assertEquals(64, reported.getTLen());
    assertEquals("CCM", ccm.getParameters().getAlgorithm());
  }

  @Test
  void ccmRefusesNonceReuseForEncryption() throws Exception {
    Cipher ccm = cipher("AES/CCM/NoPadding");
    GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
    ccm.init(Cipher.ENCRYPT_MODE, AES128, spec);
    ccm.doFinal(new byte[5]);
    assertThrows(IllegalStateException.class, () -> ccm.doFinal(new byte[5]));
    var e =
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () -> ccm.init(Cipher.ENCRYPT_MODE, AES128, spec));
    assertEquals("cannot reuse nonce for CCM encryption", e.getMessage());
    ccm.init(Cipher.DECRYPT_MODE, AES128, spec); // decryption may repeat it
  }

  @Test
  void ccmMessageLengthIsBoundedByTheNonce() throws Exception {
    Cipher ccm = cipher("AES/CCM/NoPadding");
    ccm.init(Cipher.ENCRYPT_MODE, AES128, new GCMParameterSpec(128, new byte[13]));
    assertThrows(IllegalBlockSizeException.class, () -> ccm.doFinal(new byte[65536]));
    ccm.init(Cipher.ENCRYPT_MODE, AES128, new GCMParameterSpec(128, new byte[12]));
  }

  @Test
  void gcmSivAllowsNonceReuseAndIsDeterministic() throws Exception {
    OneShotWycheproofTest.assumeServed("AES/GCM-SIV/NoPadding");
    Cipher siv = cipher("AES/GCM-SIV/NoPadding");
    GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
    siv.init(Cipher.ENCRYPT_MODE, AES128, spec);
    byte[] first = siv.doFinal(new byte[20]);
    byte[] again = siv.doFinal(new byte[20]);
    siv.init(Cipher.ENCRYPT_MODE, AES128, spec);
    assertArrayEquals(first, again);
    assertArrayEquals(first, siv.doFinal(new byte[20]));
    assertEquals(36, first.length);
  }

  @Test
  void gcmSivParameters() throws Exception {
    OneShotWycheproofTest.assumeServed("AES/GCM-SIV/NoPadding");
    Cipher siv = cipher("AES/GCM-SIV/NoPadding");
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> siv.init(Cipher.ENCRYPT_MODE, AES128, new GCMParameterSpec(96, new byte[12])));
    var nonce =
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () -> siv.init(Cipher.ENCRYPT_MODE, AES128, new GCMParameterSpec(128, new byte[16])));
    assertEquals("Invalid nonce", nonce.getMessage());
    assertThrows(
        InvalidKeyException.class,
        () ->
            siv.init(
                Cipher.ENCRYPT_MODE,
                new SecretKeySpec(new byte[24], "AES"),
                new GCMParameterSpec(128, new byte[12])));
    siv.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "AES"));
    assertEquals(12, siv.getIV().length);
  }

  @ParameterizedTest
  @ValueSource(strings = {"AES/CCM/NoPadding", "AES/GCM-SIV/NoPadding"})
  void updatesBufferAndAFailedTagReleasesNothing(String transformation) throws Exception {
    OneShotWycheproofTest.assumeServed(transformation);
    GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
    Cipher encrypt = cipher(transformation);
    encrypt.init(Cipher.ENCRYPT_MODE, AES128, spec);
    encrypt.updateAAD(new byte[] {1, 2, 3});
    assertNull(encrypt.update(new byte[40]));
    assertEquals(0, encrypt.update(new byte[10], 0, 10, new byte[0], 0));
    assertEquals(66, encrypt.getOutputSize(0));
    byte[] sealed = encrypt.doFinal();
    assertEquals(66, sealed.length);

    Cipher decrypt = cipher(transformation);
    sealed[sealed.length - 1] ^= 1;
    for (boolean direct : new boolean[] {false, true}) {
      decrypt.init(Cipher.DECRYPT_MODE, AES128, spec);
      decrypt.updateAAD(new byte[] {1, 2, 3});
      assertNull(decrypt.update(sealed, 0, 30));
      assertEquals(34, decrypt.getOutputSize(20)); // 30 buffered and 20 more, less the tag
      if (direct) {
        ByteBuffer out = ByteBuffer.allocateDirect(64);
        assertThrows(
            AEADBadTagException.class,
            () -> decrypt.doFinal(ByteBuffer.wrap(sealed, 30, sealed.length - 30), out));
        for (int i = 0; i < 64; i++) {
          assertEquals(0, out.get(i));
        }
      } else {
        byte[] out = fill(64, 0x5a);
        assertThrows(
            AEADBadTagException.class,
            () -> decrypt.doFinal(sealed, 30, sealed.length - 30, out, 0));
        assertArrayEquals(fill(64, 0x5a), out);
      }
    }
    sealed[sealed.length - 1] ^= 1;
    decrypt.init(Cipher.DECRYPT_MODE, AES128, spec);
    decrypt.updateAAD(new byte[] {1, 2, 3});
    assertArrayEquals(new byte[50], decrypt.doFinal(sealed));
  }

  @Test
  void xtsKeysTweaksAndLengths() throws Exception {
    Cipher xts = cipher("AES/XTS/NoPadding");
    SecretKeySpec key = new SecretKeySpec(fill(32, 7), "AES");
    key = new SecretKeySpec(concat(fill(16, 7), fill(16, 8)), "AES");
    IvParameterSpec tweak = new IvParameterSpec(fill(16, 3));
    SecretKeySpec equalHalves = new SecretKeySpec(fill(32, 7), "AES");
    assertThrows(
        InvalidKeyException.class, () -> xts.init(Cipher.ENCRYPT_MODE, equalHalves, tweak));
    if (!FipsSkips.FIPS_PASS) {
      xts.init(Cipher.DECRYPT_MODE, equalHalves, tweak); // old data stays readable, as in OpenSSL
      assertEquals(16, xts.doFinal(new byte[16]).length);
    }
    for (int bytes : new int[] {16, 24, 48}) {
      assertThrows(
          InvalidKeyException.class,
          () -> xts.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[bytes], "AES"), tweak));
    }
    SecretKeySpec good = key;
    assertThrows(InvalidKeyException.class, () -> xts.init(Cipher.ENCRYPT_MODE, good));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> xts.init(Cipher.ENCRYPT_MODE, good, new IvParameterSpec(new byte[12])));
    xts.init(Cipher.ENCRYPT_MODE, key, tweak);
    assertThrows(IllegalBlockSizeException.class, () -> xts.doFinal(new byte[15]));
    // Every doFinal is a data unit of its own under the same tweak; updates only buffer.
    byte[] message = new byte[37]; // ciphertext stealing past two whole blocks
    Arrays.fill(message, (byte) 9);
    byte[] sealed = xts.doFinal(message);
    assertNull(xts.update(message, 0, 20));
    assertArrayEquals(sealed, xts.doFinal(message, 20, 17));
    xts.init(Cipher.DECRYPT_MODE, key, tweak);
    assertArrayEquals(message, xts.doFinal(sealed));
    assertEquals(256, xts.getOutputSize(256));
  }

  private static byte[] concat(byte[] a, byte[] b) {
    return AeadWycheproofTest.concat(a, b);
  }
}
