package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.carbide.testing.Carbide;
import java.io.ByteArrayOutputStream;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * update() in pieces, then doFinal() with no input at all: the usual streaming shape, which once
 * failed with a ClassCastException because a missing input took the direct-buffer path.
 */
class CipherFinalWithoutInputTest {
  private static final Provider JDK = Security.getProvider("SunJCE");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "AES/GCM/NoPadding",
        "AES/CBC/PKCS5Padding",
        "AES/CTR/NoPadding",
        "AES/ECB/PKCS5Padding",
        "ChaCha20-Poly1305"
      })
  void updatesThenEmptyDoFinalMatchSunJce(String transformation) throws Exception {
    Random random = new Random(transformation.hashCode());
    for (int round = 0; round < 20; round++) {
      byte[] key = CipherCrossCheckTest.key(transformation, random);
      AlgorithmParameterSpec params = CipherCrossCheckTest.params(transformation, random);
      byte[] input = new byte[random.nextInt(300)];
      random.nextBytes(input);
      byte[] expected = stream(JDK, Cipher.ENCRYPT_MODE, transformation, key, params, input);
      byte[] actual =
          stream(Carbide.provider(), Cipher.ENCRYPT_MODE, transformation, key, params, input);
      assertArrayEquals(expected, actual, transformation + " encrypt round " + round);
      byte[] decrypted =
          stream(Carbide.provider(), Cipher.DECRYPT_MODE, transformation, key, params, actual);
      assertArrayEquals(input, decrypted, transformation + " decrypt round " + round);
    }
  }

  private static byte[] stream(
      Provider provider,
      int mode,
      String transformation,
      byte[] key,
      AlgorithmParameterSpec params,
      byte[] input)
      throws Exception {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    String keyAlgorithm = transformation.startsWith("ChaCha") ? "ChaCha20" : "AES";
    cipher.init(mode, new SecretKeySpec(key, keyAlgorithm), params);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int at = 0; at < input.length; at += 37) {
      byte[] piece = cipher.update(input, at, Math.min(37, input.length - at));
      if (piece != null) {
        out.write(piece);
      }
    }
    out.write(cipher.doFinal());
    return out.toByteArray();
  }
}
