package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The edges of the native scratch memory that carries IV, AAD and small encryptions: AAD longer
 * than the scratch holds (it grows), inputs on both sides of the size limits (the scratch path's
 * and the critical downcall's) with buffered input before them, and in-place and overlapping
 * arrays, all against SunJCE.
 */
class CipherScratchTest {
  private static final Provider JDK = Security.getProvider("SunJCE");

  @ParameterizedTest
  @ValueSource(strings = {"AES/GCM/NoPadding", "ChaCha20-Poly1305"})
  void longAadGrowsTheScratch(String transformation) throws Exception {
    Random random = new Random(11);
    for (int aadLen : new int[] {255, 256, 257, 1000, 5000, 70_000}) {
      byte[] key = CipherCrossCheckTest.key(transformation, random);
      AlgorithmParameterSpec params = CipherCrossCheckTest.params(transformation, random);
      byte[] aad = CipherCrossCheckTest.bytes(random, aadLen);
      byte[] input = CipherCrossCheckTest.bytes(random, random.nextInt(2000));
      byte[] expected = seal(JDK, transformation, key, params, aad, input);
      assertArrayEquals(
          expected, seal(Carbide.provider(), transformation, key, params, aad, input), "" + aadLen);
      // Decryption takes the AAD through the scratch too, from arrays and from direct buffers.
      Cipher open = init(Carbide.provider(), Cipher.DECRYPT_MODE, transformation, key, params);
      open.updateAAD(aad);
      assertArrayEquals(input, open.doFinal(expected), "array decrypt, AAD " + aadLen);
      open = init(Carbide.provider(), Cipher.DECRYPT_MODE, transformation, key, params);
      open.updateAAD(aad);
      ByteBuffer in = ByteBuffer.allocateDirect(expected.length).put(expected).flip();
      ByteBuffer out = ByteBuffer.allocateDirect(input.length);
      open.doFinal(in, out);
      byte[] decrypted = new byte[input.length];
      out.flip().get(decrypted);
      assertArrayEquals(input, decrypted, "direct decrypt, AAD " + aadLen);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "AES/GCM/NoPadding",
        "AES/CBC/PKCS5Padding",
        "AES/CTR/NoPadding",
        "AES/ECB/NoPadding",
        "ChaCha20-Poly1305"
      })
  void encryptionsAroundTheScratchLimit(String transformation) throws Exception {
    Random random = new Random(transformation.hashCode());
    // The scratch path's limit (Java 17) and the critical downcall's (Java 22 and later).
    int[] limits = {
      NativeCipherContext.SCRATCH_DATA_LIMIT, NativeCipherContext.CRITICAL_DATA_LIMIT
    };
    for (int limit : limits) {
      encryptionsAroundLimit(transformation, random, limit);
    }
  }

  private static void encryptionsAroundLimit(String transformation, Random random, int limit)
      throws Exception {
    for (int first : new int[] {0, 15, 16, limit - 16, limit}) {
      for (int last : new int[] {limit - 1, limit, limit + 1, limit - first, limit - first + 1}) {
        byte[] key = CipherCrossCheckTest.key(transformation, random);
        AlgorithmParameterSpec params = CipherCrossCheckTest.params(transformation, random);
        int total = first + last;
        if (transformation.contains("ECB")) {
          total -= total % 16;
          last = total - first;
          if (last < 0) {
            continue;
          }
        }
        byte[] input = CipherCrossCheckTest.bytes(random, total);
        String label = transformation + " " + first + "+" + last;
        assertArrayEquals(
            twoSteps(JDK, transformation, key, params, input, first),
            twoSteps(Carbide.provider(), transformation, key, params, input, first),
            label);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"AES/GCM/NoPadding", "AES/CBC/PKCS5Padding", "AES/CTR/NoPadding"})
  void inPlaceAndOverlappingArrays(String transformation) throws Exception {
    Random random = new Random(5);
    // Positive shifts put the output before the input, negative ones after it.
    for (int shift : new int[] {0, 1, 7, 16, 40, -1, -16}) {
      byte[] key = CipherCrossCheckTest.key(transformation, random);
      AlgorithmParameterSpec params = CipherCrossCheckTest.params(transformation, random);
      int len = 1 + random.nextInt(600);
      byte[] input = CipherCrossCheckTest.bytes(random, len);
      byte[] expected = init(JDK, Cipher.ENCRYPT_MODE, transformation, key, params).doFinal(input);
      // The input sits at offset 40; the output starts `shift` bytes before it.
      byte[] buffer = new byte[40 + len + 32 + 16];
      System.arraycopy(input, 0, buffer, 40, len);
      Cipher cipher = init(Carbide.provider(), Cipher.ENCRYPT_MODE, transformation, key, params);
      int n = cipher.doFinal(buffer, 40, len, buffer, 40 - shift);
      assertArrayEquals(
          expected, Arrays.copyOfRange(buffer, 40 - shift, 40 - shift + n), "shift " + shift);
    }
  }

  private static byte[] seal(
      Provider provider,
      String transformation,
      byte[] key,
      AlgorithmParameterSpec params,
      byte[] aad,
      byte[] input)
      throws Exception {
    Cipher cipher = init(provider, Cipher.ENCRYPT_MODE, transformation, key, params);
    cipher.updateAAD(aad);
    return cipher.doFinal(input);
  }

  private static byte[] twoSteps(
      Provider provider,
      String transformation,
      byte[] key,
      AlgorithmParameterSpec params,
      byte[] input,
      int first)
      throws Exception {
    return updateThenFinal(
        init(provider, Cipher.ENCRYPT_MODE, transformation, key, params), input, first);
  }

  /** An update of {@code input[0, cut)} and a doFinal of the rest, their outputs joined. */
  static byte[] updateThenFinal(Cipher cipher, byte[] input, int cut) throws Exception {
    byte[] head = cipher.update(input, 0, cut);
    byte[] tail = cipher.doFinal(input, cut, input.length - cut);
    byte[] start = head == null ? new byte[0] : head;
    byte[] all = Arrays.copyOf(start, start.length + tail.length);
    System.arraycopy(tail, 0, all, start.length, tail.length);
    return all;
  }

  private static Cipher init(
      Provider provider, int mode, String transformation, byte[] key, AlgorithmParameterSpec params)
      throws Exception {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    String algorithm = transformation.startsWith("ChaCha") ? "ChaCha20" : "AES";
    cipher.init(mode, new SecretKeySpec(key, algorithm), params);
    return cipher;
  }
}
