package dev.carbide.rsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.spec.MGF1ParameterSpec;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The RSA cipher both ways with SunJCE, its parameters, wrapping, the TLS premaster unwrap and its
 * implicit rejection, and bad input answered with SunJCE's exceptions.
 */
class RsaCipherTest {
  private static final Random RANDOM = new Random(1414);

  @ParameterizedTest
  @ValueSource(
      strings = {
        "RSA",
        "RSA/ECB/PKCS1Padding",
        "RSA/ECB/OAEPPadding",
        "RSA/ECB/OAEPWithSHA-1AndMGF1Padding",
        "RSA/ECB/OAEPWithSHA1AndMGF1Padding",
        "RSA/ECB/OAEPWithSHA-224AndMGF1Padding",
        "RSA/ECB/OAEPWithSHA-256AndMGF1Padding",
        "RSA/ECB/OAEPWithSHA-384AndMGF1Padding",
        "RSA/ECB/OAEPWithSHA-512AndMGF1Padding",
        "RSA/ECB/OAEPWithSHA-512/224AndMGF1Padding",
        "RSA/ECB/OAEPWithSHA-512/256AndMGF1Padding",
        "RSA/ECB/OAEPWithMD5AndMGF1Padding"
      })
  void encryptsAndDecryptsWithSunJce(String transformation) throws Exception {
    KeyPair pair = RsaTesting.carbide();
    Cipher carbide = Cipher.getInstance(transformation, Carbide.provider());
    Cipher jdk = Cipher.getInstance(transformation, RsaTesting.JDK_CIPHER);
    jdk.init(Cipher.ENCRYPT_MODE, pair.getPublic());
    carbide.init(Cipher.ENCRYPT_MODE, pair.getPublic());
    assertEquals(
        jdk.getParameters() == null ? null : jdk.getParameters().toString(),
        carbide.getParameters() == null ? null : carbide.getParameters().toString());
    assertEquals(256, carbide.getOutputSize(10));
    for (int length : new int[] {0, 1, 20, 62, maxData(transformation)}) {
      byte[] message = new byte[length];
      RANDOM.nextBytes(message);
      carbide.init(Cipher.ENCRYPT_MODE, pair.getPublic());
      carbide.update(message, 0, length / 2);
      byte[] ciphertext = carbide.doFinal(message, length / 2, length - length / 2);
      jdk.init(Cipher.DECRYPT_MODE, pair.getPrivate());
      assertArrayEquals(message, jdk.doFinal(ciphertext));
      jdk.init(Cipher.ENCRYPT_MODE, pair.getPublic());
      carbide.init(Cipher.DECRYPT_MODE, pair.getPrivate());
      assertArrayEquals(message, carbide.doFinal(jdk.doFinal(message)));
    }
    byte[] tooLong = new byte[maxData(transformation) + 1];
    carbide.init(Cipher.ENCRYPT_MODE, pair.getPublic());
    jdk.init(Cipher.ENCRYPT_MODE, pair.getPublic());
    assertEquals(
        assertThrows(IllegalBlockSizeException.class, () -> jdk.doFinal(tooLong)).getMessage(),
        assertThrows(IllegalBlockSizeException.class, () -> carbide.doFinal(tooLong)).getMessage());
  }

  private static int maxData(String transformation) {
    if (!transformation.contains("OAEP")) {
      return 256 - 11;
    }
    int digest =
        transformation.contains("512/") || transformation.contains("224")
            ? 28
            : transformation.contains("256")
                ? 32
                : transformation.contains("384")
                    ? 48
                    : transformation.contains("512")
                        ? 64
                        : transformation.contains("MD5") ? 16 : 20;
    if (transformation.contains("512/256")) {
      digest = 32;
    }
    return 256 - 2 - 2 * digest;
  }

  @Test
  void oaepParametersTravelBothWays() throws Exception {
    KeyPair pair = RsaTesting.jdk();
    OAEPParameterSpec spec =
        new OAEPParameterSpec(
            "SHA-256", "MGF1", MGF1ParameterSpec.SHA384, new PSource.PSpecified(new byte[] {7, 8}));
    Cipher carbide = Cipher.getInstance("RSA/ECB/OAEPPadding", Carbide.provider());
    carbide.init(Cipher.ENCRYPT_MODE, pair.getPublic(), spec);
    byte[] ciphertext = carbide.doFinal(new byte[] {1, 2, 3});
    AlgorithmParameters params = carbide.getParameters();
    Cipher jdk = Cipher.getInstance("RSA/ECB/OAEPPadding", RsaTesting.JDK_CIPHER);
    jdk.init(Cipher.DECRYPT_MODE, pair.getPrivate(), params);
    assertArrayEquals(new byte[] {1, 2, 3}, jdk.doFinal(ciphertext));
    jdk.init(Cipher.ENCRYPT_MODE, pair.getPublic(), spec);
    byte[] theirs = jdk.doFinal(new byte[] {4});
    carbide.init(Cipher.DECRYPT_MODE, pair.getPrivate(), jdk.getParameters());
    assertArrayEquals(new byte[] {4}, carbide.doFinal(theirs));
    // Another label is a padding error.
    carbide.init(
        Cipher.DECRYPT_MODE,
        pair.getPrivate(),
        new OAEPParameterSpec(
            "SHA-256", "MGF1", MGF1ParameterSpec.SHA384, PSource.PSpecified.DEFAULT));
    assertThrows(BadPaddingException.class, () -> carbide.doFinal(theirs));
  }

  /**
   * A re-init keeps the native context only if nothing it was made for changed: every change of
   * key, direction, digest or label must reach OpenSSL, and a key destroyed since is refused.
   */
  @Test
  void reInitKeepsTheContextOnlyWhenNothingChanged() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    KeyPair other = RsaTesting.jdk();
    Cipher carbide = Cipher.getInstance("RSA/ECB/OAEPPadding", Carbide.provider());
    Cipher jdk = Cipher.getInstance("RSA/ECB/OAEPPadding", RsaTesting.JDK_CIPHER);
    byte[] message = {9, 8, 7};
    OAEPParameterSpec[] specs = {
      OAEPParameterSpec.DEFAULT,
      new OAEPParameterSpec(
          "SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT),
      new OAEPParameterSpec(
          "SHA-256", "MGF1", MGF1ParameterSpec.SHA256, new PSource.PSpecified(new byte[] {1})),
      new OAEPParameterSpec(
          "SHA-256", "MGF1", MGF1ParameterSpec.SHA256, new PSource.PSpecified(new byte[] {2})),
      new OAEPParameterSpec(
          "SHA-256", "MGF1", MGF1ParameterSpec.SHA1, new PSource.PSpecified(new byte[] {2})),
    };
    for (KeyPair keys : new KeyPair[] {pair, other, pair}) {
      for (OAEPParameterSpec spec : specs) {
        for (int round = 0; round < 2; round++) {
          carbide.init(Cipher.ENCRYPT_MODE, keys.getPublic(), spec);
          byte[] ciphertext = carbide.doFinal(message);
          jdk.init(Cipher.DECRYPT_MODE, keys.getPrivate(), spec);
          assertArrayEquals(message, jdk.doFinal(ciphertext), spec.getDigestAlgorithm());
          carbide.init(Cipher.DECRYPT_MODE, keys.getPrivate(), spec);
          assertArrayEquals(message, carbide.doFinal(ciphertext));
        }
      }
    }
    // The label of the last spec differs from the one before: the ciphertext of one is a padding
    // error under the other, whether or not the key and digests stayed.
    carbide.init(Cipher.ENCRYPT_MODE, pair.getPublic(), specs[3]);
    byte[] labelled = carbide.doFinal(message);
    carbide.init(Cipher.DECRYPT_MODE, pair.getPrivate(), specs[2]);
    assertThrows(BadPaddingException.class, () -> carbide.doFinal(labelled));
    carbide.init(Cipher.DECRYPT_MODE, pair.getPrivate(), specs[3]);
    assertArrayEquals(message, carbide.doFinal(labelled));
    // The shared pair stays whole for the other tests: destroy one of this test's own.
    KeyPair doomed = RsaTesting.generate(Carbide.provider(), 2048);
    carbide.init(Cipher.DECRYPT_MODE, doomed.getPrivate(), specs[3]);
    ((javax.security.auth.Destroyable) doomed.getPrivate()).destroy();
    assertThrows(
        InvalidKeyException.class,
        () -> carbide.init(Cipher.DECRYPT_MODE, doomed.getPrivate(), specs[3]));
  }

  @Test
  void rawRsaAndPrivateKeyEncryptionMatchSunJceByteForByte() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    for (String transformation : new String[] {"RSA/ECB/NoPadding", "RSA/ECB/PKCS1Padding"}) {
      for (Key[] keys :
          new Key[][] {
            {pair.getPublic(), pair.getPrivate()}, {pair.getPrivate(), pair.getPublic()}
          }) {
        if (transformation.contains("PKCS1") && keys[0] == pair.getPublic()) {
          continue; // randomized
        }
        byte[] message = new byte[] {0, 1, 2, 3};
        assertArrayEquals(
            run(RsaTesting.JDK_CIPHER, transformation, Cipher.ENCRYPT_MODE, keys[0], message),
            run(Carbide.provider(), transformation, Cipher.ENCRYPT_MODE, keys[0], message));
        byte[] out = run(Carbide.provider(), transformation, Cipher.ENCRYPT_MODE, keys[0], message);
        assertArrayEquals(
            run(RsaTesting.JDK_CIPHER, transformation, Cipher.DECRYPT_MODE, keys[1], out),
            run(Carbide.provider(), transformation, Cipher.DECRYPT_MODE, keys[1], out));
      }
    }
    byte[] ones = new byte[256];
    Arrays.fill(ones, (byte) 0xff);
    BadPaddingException carbide =
        assertThrows(
            BadPaddingException.class,
            () ->
                run(
                    Carbide.provider(),
                    "RSA/ECB/NoPadding",
                    Cipher.ENCRYPT_MODE,
                    pair.getPublic(),
                    ones));
    BadPaddingException jdk =
        assertThrows(
            BadPaddingException.class,
            () ->
                run(
                    RsaTesting.JDK_CIPHER,
                    "RSA/ECB/NoPadding",
                    Cipher.ENCRYPT_MODE,
                    pair.getPublic(),
                    ones));
    assertEquals(jdk.getMessage(), carbide.getMessage());
  }

  private static byte[] run(Provider provider, String transformation, int mode, Key key, byte[] in)
      throws Exception {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    cipher.init(mode, key);
    return cipher.doFinal(in);
  }

  @Test
  void badPaddingThrowsWithImplicitRejectionOff() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    byte[] ciphertext =
        run(
            Carbide.provider(),
            "RSA/ECB/PKCS1Padding",
            Cipher.ENCRYPT_MODE,
            pair.getPublic(),
            new byte[48]);
    ciphertext[5] ^= 0x40;
    // OpenSSL 3.2+ would answer this with a random message unless told otherwise.
    for (Provider provider : new Provider[] {Carbide.provider(), RsaTesting.JDK_CIPHER}) {
      BadPaddingException e =
          assertThrows(
              BadPaddingException.class,
              () ->
                  run(
                      provider,
                      "RSA/ECB/PKCS1Padding",
                      Cipher.DECRYPT_MODE,
                      pair.getPrivate(),
                      ciphertext));
      assertEquals("Padding error in decryption", e.getMessage());
    }
    // An unwrap of an ordinary key fails as in SunJCE.
    Cipher unwrap = Cipher.getInstance("RSA/ECB/PKCS1Padding", Carbide.provider());
    unwrap.init(Cipher.UNWRAP_MODE, pair.getPrivate());
    assertThrows(
        InvalidKeyException.class, () -> unwrap.unwrap(ciphertext, "AES", Cipher.SECRET_KEY));
    // The premaster unwrap answers with a 48-byte secret instead of an exception, and still
    // unwraps a good one exactly.
    SecretKey premaster =
        (SecretKey) unwrap.unwrap(ciphertext, "TlsRsaPremasterSecret", Cipher.SECRET_KEY);
    assertEquals(48, premaster.getEncoded().length);
    assertEquals("TlsRsaPremasterSecret", premaster.getAlgorithm());
    byte[] secret = new byte[48];
    RANDOM.nextBytes(secret);
    secret[0] = 3;
    secret[1] = 3;
    byte[] good =
        run(
            RsaTesting.JDK_CIPHER,
            "RSA/ECB/PKCS1Padding",
            Cipher.ENCRYPT_MODE,
            pair.getPublic(),
            secret);
    assertArrayEquals(
        secret, unwrap.unwrap(good, "TlsRsaPremasterSecret", Cipher.SECRET_KEY).getEncoded());
    // And the cipher goes back to throwing for plain decryption afterwards.
    assertThrows(
        InvalidKeyException.class, () -> unwrap.unwrap(ciphertext, "AES", Cipher.SECRET_KEY));
  }

  @Test
  void wrapsAndUnwrapsKeysWithSunJce() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    SecretKey aes = new SecretKeySpec(new byte[32], "AES");
    Cipher carbide =
        Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Carbide.provider());
    Cipher jdk = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", RsaTesting.JDK_CIPHER);
    carbide.init(Cipher.WRAP_MODE, pair.getPublic());
    jdk.init(Cipher.UNWRAP_MODE, pair.getPrivate());
    assertEquals(aes, jdk.unwrap(carbide.wrap(aes), "AES", Cipher.SECRET_KEY));
    jdk.init(Cipher.WRAP_MODE, pair.getPublic());
    carbide.init(Cipher.UNWRAP_MODE, pair.getPrivate());
    assertEquals(aes, carbide.unwrap(jdk.wrap(aes), "AES", Cipher.SECRET_KEY));
    // A public key wraps as its X.509 encoding.
    KeyPair ec = KeyPairGenerator.getInstance("EC").generateKeyPair();
    carbide.init(Cipher.WRAP_MODE, pair.getPublic());
    byte[] wrapped = carbide.wrap(ec.getPublic());
    carbide.init(Cipher.UNWRAP_MODE, pair.getPrivate());
    assertEquals(ec.getPublic(), carbide.unwrap(wrapped, "EC", Cipher.PUBLIC_KEY));
  }

  @Test
  void badInputGetsSunJcesExceptions() throws Exception {
    KeyPair pair = RsaTesting.carbide();
    Cipher oaep = Cipher.getInstance("RSA/ECB/OAEPPadding", Carbide.provider());
    assertThrows(
        InvalidKeyException.class, () -> oaep.init(Cipher.ENCRYPT_MODE, pair.getPrivate()));
    assertThrows(InvalidKeyException.class, () -> oaep.init(Cipher.DECRYPT_MODE, pair.getPublic()));
    Cipher pkcs1 = Cipher.getInstance("RSA/ECB/PKCS1Padding", Carbide.provider());
    assertThrows(IllegalStateException.class, () -> pkcs1.doFinal(new byte[1]));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () ->
            pkcs1.init(
                Cipher.ENCRYPT_MODE,
                pair.getPublic(),
                new OAEPParameterSpec(
                    "SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT)));
    assertThrows(
        InvalidKeyException.class,
        () -> pkcs1.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES")));
    assertThrows(
        InvalidKeyException.class,
        () ->
            pkcs1.init(
                Cipher.ENCRYPT_MODE,
                KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic()));
    for (byte[] bad : new byte[][] {new byte[257], new byte[255], new byte[0], new byte[256]}) {
      // A fresh cipher each time: SunJCE keeps an overflowed buffer after IllegalBlockSize.
      Exception carbide =
          assertThrows(
              Exception.class,
              () ->
                  run(
                      Carbide.provider(),
                      "RSA/ECB/PKCS1Padding",
                      Cipher.DECRYPT_MODE,
                      pair.getPrivate(),
                      bad));
      Exception reference =
          assertThrows(
              Exception.class,
              () ->
                  run(
                      RsaTesting.JDK_CIPHER,
                      "RSA/ECB/PKCS1Padding",
                      Cipher.DECRYPT_MODE,
                      pair.getPrivate(),
                      bad));
      assertEquals(reference.getClass(), carbide.getClass(), "length " + bad.length);
    }
    assertNull(pkcs1.getIV());
    assertEquals(0, pkcs1.getBlockSize());
    assertThrows(
        java.security.NoSuchAlgorithmException.class,
        () -> Cipher.getInstance("RSA/CBC/PKCS1Padding", Carbide.provider()));
    assertThrows(
        javax.crypto.NoSuchPaddingException.class,
        () -> Cipher.getInstance("RSA/ECB/OAEPWithSHA-999AndMGF1Padding", Carbide.provider()));
  }
}
