package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.security.Key;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The allocating {@code doFinal(input)} of an AEAD decryption writes its plaintext straight into
 * the new array it returns ({@link CipherNative#PRIVATE_OUTPUT}) instead of staging it natively: on
 * either side of the critical downcall's 16 KiB bound and of the stack-copy bound, one-shot and
 * after an update, it must agree with SunJCE, and a spoiled tag must give SunJCE's exception and
 * leave the cipher usable for the next message.
 */
class AllocatingAeadDecryptTest {
  private static final int[] SIZES = {0, 1, 15, 1024, 1025, 16383, 16384, 16385, 100_000};

  @ParameterizedTest
  @ValueSource(strings = {"AES/GCM/NoPadding", "ChaCha20-Poly1305"})
  void agreesWithSunJceAndRefusesASpoiledTag(String transformation) throws Exception {
    Random random = new Random(transformation.hashCode());
    boolean gcm = transformation.startsWith("AES");
    Key key = new SecretKeySpec(bytes(random, 32), gcm ? "AES" : "ChaCha20");
    Cipher jdk = Cipher.getInstance(transformation, Security.getProvider("SunJCE"));
    Cipher carbide = Cipher.getInstance(transformation, Carbide.provider());
    for (int size : SIZES) {
      byte[] nonce = bytes(random, 12);
      AlgorithmParameterSpec spec =
          gcm ? new GCMParameterSpec(128, nonce) : new IvParameterSpec(nonce);
      byte[] aad = bytes(random, 13);
      byte[] plaintext = bytes(random, size);
      jdk.init(Cipher.ENCRYPT_MODE, key, spec);
      jdk.updateAAD(aad);
      byte[] sealed = jdk.doFinal(plaintext);

      carbide.init(Cipher.DECRYPT_MODE, key, spec);
      carbide.updateAAD(aad);
      assertArrayEquals(plaintext, carbide.doFinal(sealed), transformation + " " + size);
      // Split: the update's input is buffered, the doFinal takes the rest.
      int half = sealed.length / 2;
      carbide.init(Cipher.DECRYPT_MODE, key, spec);
      carbide.updateAAD(aad);
      byte[] early = carbide.update(sealed, 0, half);
      byte[] rest = carbide.doFinal(sealed, half, sealed.length - half);
      assertArrayEquals(plaintext, concat(early, rest), transformation + " split " + size);

      byte[] spoiled = sealed.clone();
      spoiled[random.nextInt(spoiled.length)] ^= 1;
      // A fresh SunJCE cipher: Java 17's ChaCha20 refuses any init that repeats the key and nonce
      // of the instance's previous one, decryption included.
      Cipher jdkOpen = Cipher.getInstance(transformation, Security.getProvider("SunJCE"));
      jdkOpen.init(Cipher.DECRYPT_MODE, key, spec);
      jdkOpen.updateAAD(aad);
      AEADBadTagException expected =
          assertThrows(AEADBadTagException.class, () -> jdkOpen.doFinal(spoiled));
      carbide.init(Cipher.DECRYPT_MODE, key, spec);
      carbide.updateAAD(aad);
      AEADBadTagException refused =
          assertThrows(AEADBadTagException.class, () -> carbide.doFinal(spoiled));
      // Carbide words it as SunJCE 21 and later do; SunJCE 17 adds a "!" to GCM's message.
      if (Runtime.version().feature() >= 21) {
        assertEquals(expected.getMessage(), refused.getMessage(), transformation + " " + size);
      }
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = Arrays.copyOf(a == null ? new byte[0] : a, (a == null ? 0 : a.length) + b.length);
    System.arraycopy(b, 0, both, both.length - b.length, b.length);
    return both;
  }

  private static byte[] bytes(Random random, int len) {
    byte[] b = new byte[len];
    random.nextBytes(b);
    return b;
  }
}
