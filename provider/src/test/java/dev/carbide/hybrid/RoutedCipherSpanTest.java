package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.util.Random;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A cipher whose route sends small messages to the JDK and large ones to OpenSSL (the span {@code
 * below 1024}, what calibration finds for AES-CBC encryption where the JDK wins the small sizes and
 * ties the large ones): one Cipher object takes messages of both kinds in any order, each on the
 * engine its first data step's size chooses, with the results, IVs, parameters and exceptions of
 * SunJCE given the same calls.
 */
class RoutedCipherSpanTest {
  private static final Provider SUN_JCE = Security.getProvider("SunJCE");
  private static final Random RANDOM = new Random(1024);
  private static final int BELOW = 1024;
  private static final RouteTable.Span SMALL = RouteTable.Span.below(BELOW);
  private static final int[] SIZES = {0, 16, 64, 512, 1008, 1024, 1040, 4096, 16384};
  private static final String[] TRANSFORMATIONS = {
    "AES/CBC/NoPadding", "AES/CBC/PKCS5Padding", "AES/CTR/NoPadding"
  };

  @BeforeAll
  static void providerLoaded() {
    Carbide.provider();
    Assumptions.assumeTrue(Routing.enabled(), "hybrid routing is off");
  }

  /** The engine a first step of {@code length} bytes must choose. */
  private static String engineFor(int length) {
    return length < BELOW ? "SunJCE" : "Carbide";
  }

  @Test
  void smallMessagesGoToTheJdkAndLargeOnesToOpensslOnOneObject() throws Exception {
    for (String transformation : TRANSFORMATIONS) {
      for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
        RoutedCipher spi = new RoutedCipher(transformation, SUN_JCE, SMALL, SMALL);
        Cipher routed = cipher(spi, transformation);
        SecretKey key = new SecretKeySpec(bytes(32), "AES");
        for (int message = 0; message < 60; message++) {
          if (message % 17 == 16) {
            key = new SecretKeySpec(bytes(16 + 8 * RANDOM.nextInt(3)), "AES");
          }
          int size = SIZES[RANDOM.nextInt(SIZES.length)];
          IvParameterSpec iv = new IvParameterSpec(bytes(16));
          Cipher reference = Cipher.getInstance(transformation, SUN_JCE);
          reference.init(mode, key, iv);
          routed.init(mode, key, iv);
          assertArrayEquals(reference.getIV(), routed.getIV());
          assertArrayEquals(
              reference.getParameters().getEncoded(), routed.getParameters().getEncoded());
          byte[] input = input(transformation, mode, key, iv, size);
          String what = transformation + " mode " + mode + " message " + message + " size " + size;
          int split = message % 3 == 0 ? 0 : RANDOM.nextInt(input.length + 1);
          byte[] expected = run(reference, input, split, message % 4);
          assertArrayEquals(expected, run(routed, input, split, message % 4), what);
          // The first data step decides, for the whole message.
          int first = message % 4 == 3 || split == 0 ? input.length : split;
          assertEquals(engineFor(first), spi.engine().getProvider().getName(), what);
          // After doFinal the operation restarts at its IV on the same engine.
          assertArrayEquals(reference.doFinal(input), routed.doFinal(input), what);
        }
      }
    }
  }

  /**
   * A generated IV goes with a small encryption to the JDK's engine; a large one keeps it on
   * Carbide's; SunJCE decrypts both.
   */
  @Test
  void aGeneratedIvServesBothRoutes() throws Exception {
    String transformation = "AES/CBC/PKCS5Padding";
    RoutedCipher spi = new RoutedCipher(transformation, SUN_JCE, SMALL, SMALL);
    Cipher routed = cipher(spi, transformation);
    SecretKey key = new SecretKeySpec(bytes(32), "AES");
    for (int size : new int[] {100, 5000, 10, 20000}) {
      routed.init(Cipher.ENCRYPT_MODE, key);
      byte[] message = bytes(size);
      byte[] sealed = routed.doFinal(message);
      assertEquals(engineFor(size), spi.engine().getProvider().getName());
      Cipher reference = Cipher.getInstance(transformation, SUN_JCE);
      reference.init(Cipher.DECRYPT_MODE, key, routed.getParameters());
      assertArrayEquals(message, reference.doFinal(sealed), "size " + size);
    }
  }

  /** Bad input gets SunJCE's exception class on either route, and the object stays usable. */
  @Test
  void badInputGetsTheSameExceptionsOnEitherRoute() throws Exception {
    SecretKey key = new SecretKeySpec(bytes(32), "AES");
    IvParameterSpec iv = new IvParameterSpec(bytes(16));
    RoutedCipher spi = new RoutedCipher("AES/CBC/NoPadding", SUN_JCE, SMALL, SMALL);
    Cipher noPadding = cipher(spi, "AES/CBC/NoPadding");
    for (int size : new int[] {17, 4097, 33}) {
      noPadding.init(Cipher.ENCRYPT_MODE, key, iv);
      assertThrows(IllegalBlockSizeException.class, () -> noPadding.doFinal(bytes(size)));
      assertEquals(engineFor(size), spi.engine().getProvider().getName());
    }
    RoutedCipher padded = new RoutedCipher("AES/CBC/PKCS5Padding", SUN_JCE, SMALL, SMALL);
    Cipher decrypt = cipher(padded, "AES/CBC/PKCS5Padding");
    for (int size : new int[] {64, 4096, 32}) {
      // A last plaintext byte of 0 is no PKCS#5 padding: the check fails on either engine.
      byte[] plain = bytes(size);
      plain[size - 1] = 0;
      Cipher sealer = Cipher.getInstance("AES/CBC/NoPadding", SUN_JCE);
      sealer.init(Cipher.ENCRYPT_MODE, key, iv);
      byte[] sealed = sealer.doFinal(plain);
      decrypt.init(Cipher.DECRYPT_MODE, key, iv);
      assertThrows(BadPaddingException.class, () -> decrypt.doFinal(sealed), "size " + size);
      assertEquals(engineFor(size), padded.engine().getProvider().getName());
      byte[] message = bytes(size + 3);
      Cipher reference = Cipher.getInstance("AES/CBC/PKCS5Padding", SUN_JCE);
      reference.init(Cipher.ENCRYPT_MODE, key, iv);
      decrypt.init(Cipher.DECRYPT_MODE, key, iv);
      assertArrayEquals(message, decrypt.doFinal(reference.doFinal(message)), "size " + size);
    }
  }

  /**
   * One message in one of four forms: update(split) then doFinal(rest), allocating; into an array
   * at an offset; through ByteBuffers; a doFinal of all of it. An empty first part is not updated,
   * so the doFinal is the first data step.
   */
  private static byte[] run(Cipher cipher, byte[] input, int split, int form) throws Exception {
    int rest = input.length - split;
    if (split == 0) {
      form = 3;
    }
    switch (form) {
      case 0:
        return concat(cipher.update(input, 0, split), cipher.doFinal(input, split, rest));
      case 1:
        {
          byte[] out = new byte[cipher.getOutputSize(input.length) + 7];
          int n = cipher.update(input, 0, split, out, 7);
          n += cipher.doFinal(input, split, rest, out, 7 + n);
          return java.util.Arrays.copyOfRange(out, 7, 7 + n);
        }
      case 2:
        {
          ByteBuffer out = ByteBuffer.allocate(cipher.getOutputSize(input.length));
          cipher.update(ByteBuffer.wrap(input, 0, split), out);
          cipher.doFinal(ByteBuffer.wrap(input, split, rest), out);
          return java.util.Arrays.copyOf(out.array(), out.position());
        }
      default:
        return cipher.doFinal(input);
    }
  }

  /** A message for the mode: plaintext to encrypt, or SunJCE's ciphertext of one to decrypt. */
  private static byte[] input(
      String transformation, int mode, SecretKey key, IvParameterSpec iv, int size)
      throws Exception {
    byte[] plain = bytes(size);
    if (mode == Cipher.ENCRYPT_MODE) {
      return plain;
    }
    Cipher sealer = Cipher.getInstance(transformation, SUN_JCE);
    sealer.init(Cipher.ENCRYPT_MODE, key, iv);
    return sealer.doFinal(plain);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    a = a == null ? new byte[0] : a;
    b = b == null ? new byte[0] : b;
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private static Cipher cipher(RoutedCipher spi, String transformation) throws Exception {
    return RoutedCipherPredictionTest.cipher(spi, transformation);
  }

  private static byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
