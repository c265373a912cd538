package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Misuse and bad input: each call gets the exception SunJCE throws, found by running it there. */
class CipherMisuseTest {
  private static final Provider JDK = Security.getProvider("SunJCE");
  private static final Random RANDOM = new Random(7);
  private static final SecretKey KEY = new SecretKeySpec(bytes(16), "AES");
  private static final byte[] IV12 = bytes(12);
  private static final byte[] IV16 = bytes(16);

  @FunctionalInterface
  interface Call {
    void run(Cipher cipher) throws Exception;
  }

  /** Runs {@code call} on both providers; both must throw the same exception class. */
  private static Throwable sameFailure(String transformation, Call call) throws Exception {
    Throwable expected = failure(Cipher.getInstance(transformation, JDK), call);
    Throwable actual = failure(Cipher.getInstance(transformation, Carbide.provider()), call);
    assertNotNull(expected, "SunJCE accepted it");
    assertEquals(
        expected.getClass(),
        actual == null ? null : actual.getClass(),
        "SunJCE threw " + expected + ", Carbide " + actual);
    return actual;
  }

  private static Throwable failure(Cipher cipher, Call call) {
    try {
      call.run(cipher);
      return null;
    } catch (Exception e) {
      return e;
    }
  }

  @Test
  void gcmKeyAndIvRepeatedForEncryption() throws Exception {
    GCMParameterSpec spec = new GCMParameterSpec(128, IV12);
    sameFailure(
        "AES/GCM/NoPadding",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, KEY, spec);
          c.init(Cipher.ENCRYPT_MODE, KEY, spec);
        });
    sameFailure(
        "AES/GCM/NoPadding",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, KEY, spec);
          c.doFinal(bytes(20));
          c.doFinal(bytes(20));
        });
    sameFailure(
        "AES/GCM/NoPadding",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, KEY, spec);
          c.doFinal(bytes(20));
          c.updateAAD(bytes(3));
        });
  }

  @Test
  void chaChaKeyAndNonceRulesAsSunJce() throws Exception {
    SecretKey key = new SecretKeySpec(bytes(32), "ChaCha20");
    IvParameterSpec nonce = new IvParameterSpec(IV12);
    sameFailure(
        "ChaCha20-Poly1305",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, key, nonce);
          c.init(Cipher.ENCRYPT_MODE, key, nonce);
        });
    sameFailure(
        "ChaCha20-Poly1305",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, key, nonce);
          c.doFinal(bytes(20));
          c.update(bytes(20));
        });
    for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
      sameFailure(
          "ChaCha20-Poly1305",
          c -> {
            c.init(mode, key, nonce);
            c.update(bytes(20));
            c.updateAAD(bytes(2));
          });
    }
    sameFailure("ChaCha20-Poly1305", c -> c.init(Cipher.ENCRYPT_MODE, KEY, nonce));
    sameFailure(
        "ChaCha20-Poly1305", c -> c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(bytes(8))));
    sameFailure("ChaCha20-Poly1305", c -> c.init(Cipher.DECRYPT_MODE, key));
    sameFailure(
        "ChaCha20-Poly1305",
        c ->
            c.init(Cipher.ENCRYPT_MODE, key, new javax.crypto.spec.ChaCha20ParameterSpec(IV12, 1)));
    sameFailure("ChaCha20", c -> c.init(Cipher.ENCRYPT_MODE, key, nonce));
    sameFailure(
        "ChaCha20",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, key, new javax.crypto.spec.ChaCha20ParameterSpec(IV12, 1));
          c.updateAAD(bytes(2));
        });
  }

  @Test
  void gcmDecryptionIsReusableWithTheSameIv() throws Exception {
    GCMParameterSpec spec = new GCMParameterSpec(128, IV12);
    Cipher encrypt = Cipher.getInstance("AES/GCM/NoPadding", JDK);
    encrypt.init(Cipher.ENCRYPT_MODE, KEY, spec);
    byte[] ct = encrypt.doFinal(bytes(40));
    Cipher decrypt = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
    decrypt.init(Cipher.DECRYPT_MODE, KEY, spec);
    byte[] first = decrypt.doFinal(ct);
    assertArrayEquals(first, decrypt.doFinal(ct));
  }

  @Test
  void wrongTruncatedOrShortTags() throws Exception {
    GCMParameterSpec spec = new GCMParameterSpec(128, IV12);
    Cipher encrypt = Cipher.getInstance("AES/GCM/NoPadding", JDK);
    encrypt.init(Cipher.ENCRYPT_MODE, KEY, spec);
    byte[] ct = encrypt.doFinal(bytes(5000));
    byte[] bad = ct.clone();
    bad[bad.length - 1] ^= 1;
    for (byte[] input : new byte[][] {bad, java.util.Arrays.copyOf(ct, ct.length - 1)}) {
      sameFailure(
          "AES/GCM/NoPadding",
          c -> {
            c.init(Cipher.DECRYPT_MODE, KEY, spec);
            c.doFinal(input);
          });
    }
    // Input shorter than a tag: SunJCE on JDK 25 throws AEADBadTagException; JDK 17's wraps a
    // ShortBufferException in a ProviderException, a bug not worth copying.
    Cipher shortInput = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
    shortInput.init(Cipher.DECRYPT_MODE, KEY, spec);
    assertThrows(AEADBadTagException.class, () -> shortInput.doFinal(bytes(15)));
    // No plaintext is released: the output stays as it was.
    Cipher carbide = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
    carbide.init(Cipher.DECRYPT_MODE, KEY, spec);
    byte[] out = new byte[bad.length];
    assertThrows(AEADBadTagException.class, () -> carbide.doFinal(bad, 0, bad.length, out, 0));
    assertArrayEquals(new byte[out.length], out);
    ByteBuffer direct = ByteBuffer.allocateDirect(bad.length);
    assertThrows(AEADBadTagException.class, () -> carbide.doFinal(ByteBuffer.wrap(bad), direct));
    byte[] seen = new byte[bad.length];
    direct.get(0, seen);
    assertArrayEquals(new byte[seen.length], seen);
    assertEquals(0, direct.position());
    // ... and the cipher still decrypts the good record with the same IV.
    assertEquals(5000, carbide.doFinal(ct).length);
  }

  @Test
  void badPaddingAndBlockSizes() throws Exception {
    byte[] unpadded = bytes(32);
    sameFailure(
        "AES/CBC/PKCS5Padding",
        c -> {
          c.init(Cipher.DECRYPT_MODE, KEY, new IvParameterSpec(IV16));
          c.doFinal(unpadded);
        });
    sameFailure(
        "AES/CBC/PKCS5Padding",
        c -> {
          c.init(Cipher.DECRYPT_MODE, KEY, new IvParameterSpec(IV16));
          c.doFinal(bytes(33));
        });
    sameFailure(
        "AES/ECB/NoPadding",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, KEY);
          c.doFinal(bytes(17));
        });
  }

  @Test
  void wrongIvsKeysAndParameters() throws Exception {
    sameFailure(
        "AES/CBC/NoPadding", c -> c.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(bytes(8))));
    sameFailure(
        "AES/CTR/NoPadding", c -> c.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(bytes(12))));
    sameFailure(
        "AES/GCM/NoPadding",
        c -> c.init(Cipher.ENCRYPT_MODE, KEY, new GCMParameterSpec(128, new byte[0])));
    sameFailure(
        "AES/GCM/NoPadding", c -> c.init(Cipher.ENCRYPT_MODE, KEY, new GCMParameterSpec(64, IV12)));
    sameFailure(
        "AES/GCM/NoPadding", c -> c.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(IV12)));
    sameFailure("AES/GCM/NoPadding", c -> c.init(Cipher.DECRYPT_MODE, KEY));
    sameFailure("AES/CBC/PKCS5Padding", c -> c.init(Cipher.DECRYPT_MODE, KEY));
    sameFailure(
        "AES/ECB/NoPadding", c -> c.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(IV16)));
    for (String t : new String[] {"AES/GCM/NoPadding", "AES/CBC/PKCS5Padding", "AES"}) {
      sameFailure(t, c -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(bytes(17), "AES")));
      sameFailure(t, c -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(bytes(8), "AES")));
      sameFailure(t, c -> c.init(Cipher.ENCRYPT_MODE, (SecretKey) null));
      sameFailure(t, c -> c.update(bytes(16)));
      sameFailure(t, c -> c.doFinal());
    }
    sameFailure("AES_256/GCM/NoPadding", c -> c.init(Cipher.ENCRYPT_MODE, KEY));
  }

  @Test
  void keyWrapLengthsAndIntegrity() throws Exception {
    sameFailure(
        "AES/KW/NoPadding",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, KEY);
          c.doFinal(bytes(12));
        });
    sameFailure(
        "AES/KW/NoPadding",
        c -> {
          c.init(Cipher.DECRYPT_MODE, KEY);
          c.doFinal(bytes(16));
        });
    sameFailure(
        "AES/KWP/NoPadding",
        c -> {
          c.init(Cipher.ENCRYPT_MODE, KEY);
          c.doFinal(new byte[0]);
        });
    for (String t : new String[] {"AES/KW/NoPadding", "AES/KWP/NoPadding"}) {
      sameFailure(
          t,
          c -> {
            c.init(Cipher.DECRYPT_MODE, KEY);
            c.doFinal(bytes(32));
          });
      sameFailure(
          t,
          c -> {
            c.init(Cipher.UNWRAP_MODE, KEY);
            c.unwrap(bytes(32), "AES", Cipher.SECRET_KEY);
          });
      sameFailure(t, c -> c.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(bytes(5))));
    }
  }

  @Test
  void keyWrapPaddedTakesOnlyTheStandardIcv() throws Exception {
    byte[] icv = {(byte) 0xa6, 0x59, 0x59, (byte) 0xa6};
    byte[] other = {(byte) 0xa6, 0x59, 0x59, (byte) 0xa7};
    for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.UNWRAP_MODE}) {
      Cipher refusing = Cipher.getInstance("AES/KWP/NoPadding", Carbide.provider());
      assertThrows(
          java.security.InvalidAlgorithmParameterException.class,
          () -> refusing.init(mode, KEY, new IvParameterSpec(other)));
      if (Runtime.version().feature() >= 21) { // JDK 17's SunJCE still takes any 4-byte IV
        sameFailure("AES/KWP/NoPadding", c -> c.init(mode, KEY, new IvParameterSpec(other)));
      }
      Cipher carbide = Cipher.getInstance("AES/KWP/NoPadding", Carbide.provider());
      carbide.init(mode, KEY, new IvParameterSpec(icv));
      assertArrayEquals(icv, carbide.getIV());
    }
    // AES/KW keeps taking any 8-byte IV, as SunJCE's.
    Cipher kw = Cipher.getInstance("AES/KW/NoPadding", Carbide.provider());
    kw.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(bytes(8)));
  }

  @Test
  void wrapAndUnwrapInteroperate() throws Exception {
    SecretKey payload = new SecretKeySpec(bytes(32), "HmacSHA256");
    String[] transformations = {
      "AES/KW/NoPadding", "AES/KWP/NoPadding", "AESWrap", "AES/GCM/NoPadding", "AES"
    };
    for (String t : transformations) {
      var params = t.contains("GCM") ? new GCMParameterSpec(128, IV12) : null;
      Cipher wrapper = Cipher.getInstance(t, Carbide.provider());
      wrapper.init(Cipher.WRAP_MODE, KEY, params);
      byte[] wrapped = wrapper.wrap(payload);
      Cipher jdk = Cipher.getInstance(t, JDK);
      jdk.init(Cipher.UNWRAP_MODE, KEY, params);
      assertEquals(payload, jdk.unwrap(wrapped, "HmacSHA256", Cipher.SECRET_KEY), t);
      Cipher unwrapper = Cipher.getInstance(t, Carbide.provider());
      unwrapper.init(Cipher.UNWRAP_MODE, KEY, params);
      assertEquals(payload, unwrapper.unwrap(wrapped, "HmacSHA256", Cipher.SECRET_KEY), t);
    }
  }

  @Test
  void aesKeyFactoryChecksLengthAndAlgorithm() throws Exception {
    javax.crypto.SecretKeyFactory factory =
        javax.crypto.SecretKeyFactory.getInstance("AES", Carbide.provider());
    assertEquals(KEY, factory.generateSecret(new SecretKeySpec(KEY.getEncoded(), "AES")));
    assertEquals(KEY, factory.translateKey(KEY));
    assertThrows(
        java.security.spec.InvalidKeySpecException.class,
        () -> factory.generateSecret(new SecretKeySpec(bytes(17), "AES")));
    assertThrows(
        java.security.InvalidKeyException.class,
        () -> factory.translateKey(new SecretKeySpec(bytes(16), "DES")));
  }

  @Test
  void aadAfterData() throws Exception {
    for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
      sameFailure(
          "AES/GCM/NoPadding",
          c -> {
            c.init(mode, KEY, new GCMParameterSpec(128, IV12));
            c.update(bytes(20));
            c.updateAAD(bytes(4));
          });
    }
  }

  @Test
  void shortBuffersThenRetry() throws Exception {
    for (String t : CipherCrossCheckTest.TRANSFORMATIONS) {
      for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
        Random random = new Random(t.hashCode() + mode);
        var params = CipherCrossCheckTest.params(t, random);
        byte[] key = CipherCrossCheckTest.key(t, random);
        byte[] input = bytes(48);
        if (mode == Cipher.DECRYPT_MODE) {
          input =
              CipherCrossCheckTest.init(JDK, Cipher.ENCRYPT_MODE, t, key, params).doFinal(input);
        }
        byte[] expected = CipherCrossCheckTest.init(JDK, mode, t, key, params).doFinal(input);
        Cipher carbide = CipherCrossCheckTest.init(Carbide.provider(), mode, t, key, params);
        byte[] small = new byte[expected.length - 1];
        byte[] finalInput = input;
        assertThrows(
            ShortBufferException.class,
            () -> carbide.doFinal(finalInput, 0, finalInput.length, small, 0),
            t);
        assertThrows(
            ShortBufferException.class,
            () ->
                carbide.doFinal(
                    ByteBuffer.wrap(finalInput), ByteBuffer.allocateDirect(expected.length - 1)),
            t);
        byte[] out = new byte[expected.length];
        assertEquals(expected.length, carbide.doFinal(input, 0, input.length, out, 0), t);
        assertArrayEquals(expected, out, t);
      }
    }
  }

  @Test
  void ivAndParametersAfterRandomIv() throws Exception {
    Cipher carbide = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
    carbide.init(Cipher.ENCRYPT_MODE, KEY);
    byte[] iv = carbide.getIV();
    assertEquals(12, iv.length);
    GCMParameterSpec spec = carbide.getParameters().getParameterSpec(GCMParameterSpec.class);
    assertArrayEquals(iv, spec.getIV());
    assertEquals(128, spec.getTLen());
    byte[] ct = carbide.doFinal(bytes(10));
    Cipher jdk = Cipher.getInstance("AES/GCM/NoPadding", JDK);
    jdk.init(Cipher.DECRYPT_MODE, KEY, carbide.getParameters());
    assertEquals(10, jdk.doFinal(ct).length);
    assertNull(Cipher.getInstance("AES/ECB/NoPadding", Carbide.provider()).getIV());
  }

  static byte[] bytes(int len) {
    byte[] bytes = new byte[len];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
