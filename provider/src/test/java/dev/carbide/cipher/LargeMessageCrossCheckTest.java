package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Messages of several MiB, larger than the 256 KiB that the native side pins at once, at odd
 * offsets and odd update splits, so that chunks end mid-block and mid-tag: Carbide must give
 * SunJCE's bytes in both directions, between separate arrays, in place, with the output before the
 * input in one array, in split updates and between direct buffers.
 */
class LargeMessageCrossCheckTest {
  static final List<String> TRANSFORMATIONS =
      List.of(
          "AES/GCM/NoPadding",
          "ChaCha20-Poly1305",
          "AES/CBC/PKCS5Padding",
          "AES/ECB/PKCS5Padding",
          "AES/CTR/NoPadding",
          "AES/OFB/NoPadding",
          "AES/CFB8/NoPadding");

  private static final Provider JDK = Security.getProvider("SunJCE");
  private static final int LEN = 3 * 1024 * 1024 + 5;

  @ParameterizedTest
  @FieldSource("TRANSFORMATIONS")
  void sameBytesAsSunJce(String transformation) throws Exception {
    Random random = new Random(transformation.hashCode());
    byte[] key = CipherCrossCheckTest.key(transformation, random);
    AlgorithmParameterSpec params = CipherCrossCheckTest.params(transformation, random);
    byte[] plaintext = CipherCrossCheckTest.bytes(random, LEN);
    byte[] ciphertext =
        CipherCrossCheckTest.init(JDK, Cipher.ENCRYPT_MODE, transformation, key, params)
            .doFinal(plaintext);
    for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
      byte[] in = mode == Cipher.ENCRYPT_MODE ? plaintext : ciphertext;
      byte[] expected = mode == Cipher.ENCRYPT_MODE ? ciphertext : plaintext;
      String label = transformation + (mode == Cipher.ENCRYPT_MODE ? " encrypt " : " decrypt ");
      assertArrayEquals(
          expected,
          separate(carbide(mode, transformation, key, params), in, expected.length),
          label + "separate");
      assertArrayEquals(
          expected,
          inOneArray(carbide(mode, transformation, key, params), in, 5, 5, expected.length),
          label + "in place");
      assertArrayEquals(
          expected,
          inOneArray(carbide(mode, transformation, key, params), in, 262147, 1, expected.length),
          label + "output first");
      assertArrayEquals(
          expected,
          splitUpdates(carbide(mode, transformation, key, params), in, random),
          label + "split updates");
      assertArrayEquals(
          expected,
          direct(carbide(mode, transformation, key, params), in, expected.length),
          label + "direct");
    }
  }

  /** A fresh Carbide cipher: the AEADs refuse to encrypt twice under one key and IV. */
  private static Cipher carbide(
      int mode, String transformation, byte[] key, AlgorithmParameterSpec params) throws Exception {
    return CipherCrossCheckTest.init(Carbide.provider(), mode, transformation, key, params);
  }

  private static byte[] separate(Cipher cipher, byte[] in, int outLen) throws Exception {
    byte[] input = new byte[in.length + 14];
    System.arraycopy(in, 0, input, 7, in.length);
    byte[] out = new byte[outLen + 26];
    int n = cipher.doFinal(input, 7, in.length, out, 13);
    return Arrays.copyOfRange(out, 13, 13 + n);
  }

  private static byte[] inOneArray(Cipher cipher, byte[] in, int inOff, int outOff, int outLen)
      throws Exception {
    byte[] array = new byte[Math.max(inOff + in.length, outOff + outLen) + 16];
    System.arraycopy(in, 0, array, inOff, in.length);
    int n = cipher.doFinal(array, inOff, in.length, array, outOff);
    return Arrays.copyOfRange(array, outOff, outOff + n);
  }

  private static byte[] splitUpdates(Cipher cipher, byte[] in, Random random) throws Exception {
    int[] cuts = {262144 + 3, 262144 + 3 + 600001, in.length - 1 - random.nextInt(20)};
    ByteBuffer joined = ByteBuffer.allocate(in.length + 32);
    int from = 0;
    for (int cut : cuts) {
      joined.put(cipher.update(in, from, cut - from));
      from = cut;
    }
    joined.put(cipher.doFinal(in, from, in.length - from));
    return Arrays.copyOf(joined.array(), joined.position());
  }

  private static byte[] direct(Cipher cipher, byte[] in, int outLen) throws Exception {
    ByteBuffer input = ByteBuffer.allocateDirect(in.length + 3).position(3);
    input.put(in).position(3);
    ByteBuffer output = ByteBuffer.allocateDirect(outLen + 5).position(5);
    cipher.doFinal(input, output);
    byte[] out = new byte[output.position() - 5];
    output.get(5, out);
    return out;
  }
}
