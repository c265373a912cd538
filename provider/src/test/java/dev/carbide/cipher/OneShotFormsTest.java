package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The one-shot ciphers (AES/XTS, AES/CCM, AES/GCM-SIV) through every form a doFinal takes, at the
 * sizes where their native path changes: up to and past the 16 KiB critical bound, and past the 256
 * KiB chunk of the JNI path. A doFinal with nothing buffered reads its input where it lies, so
 * in-place and overlapping arrays and buffers are checked here against a reference: Bouncy Castle
 * for CCM and GCM-SIV, and for XTS (which neither the JDK nor BC serves as a Cipher) IEEE 1619
 * written out over SunJCE's AES/ECB. About a second in all.
 */
class OneShotFormsTest {
  static final List<String> TRANSFORMATIONS =
      List.of("AES/XTS/NoPadding", "AES/CCM/NoPadding", "AES/GCM-SIV/NoPadding");

  private static final int[] SIZES = {
    16, 17, 100, 1024, 1025, 16 * 1024 - 16, 16 * 1024, 16 * 1024 + 1, 300 * 1024 + 5
  };

  private static final Provider BC = new BouncyCastleProvider();

  /** Where the input and output lie. */
  enum Form {
    ALLOCATING, // doFinal(input)
    SEPARATE, // doFinal(input, off, len, output, outOff), two arrays
    IN_PLACE, // the same array and offset
    OUTPUT_AFTER, // the same array, the output starting 7 bytes after the input
    OUTPUT_BEFORE, // the same array, the output starting 9 bytes before the input
    HEAP_BUFFERS,
    DIRECT_BUFFERS,
    DIRECT_IN_PLACE,
    DIRECT_OVERLAP, // one direct buffer, the output 5 bytes after the input
    SPLIT // update (which buffers), then doFinal: the buffered path
  }

  @ParameterizedTest
  @FieldSource("TRANSFORMATIONS")
  void everyFormGivesTheReferenceOutput(String transformation) throws Exception {
    OneShotWycheproofTest.assumeServed(transformation);
    Random random = new Random(transformation.hashCode());
    for (int size : SIZES) {
      for (Form form : Form.values()) {
        Case c = Case.random(transformation, size, random);
        String label = transformation + " " + size + " bytes " + form;
        byte[] sealed = c.reference(Cipher.ENCRYPT_MODE, c.message);
        assertArrayEquals(sealed, run(c, Cipher.ENCRYPT_MODE, c.message, form), label);
        assertArrayEquals(c.message, run(c, Cipher.DECRYPT_MODE, sealed, form), label + " back");
      }
    }
  }

  /**
   * A failed tag releases nothing whatever the form, now that a decryption with nothing buffered
   * reads the caller's input where it lies: output arrays keep their bytes, direct buffers stay
   * zero, and the allocating form returns nothing.
   */
  @ParameterizedTest
  @FieldSource("TRANSFORMATIONS")
  void aFailedTagReleasesNothingInAnyForm(String transformation) throws Exception {
    OneShotWycheproofTest.assumeServed(transformation);
    if (transformation.contains("XTS")) {
      return; // no tag
    }
    Random random = new Random(transformation.hashCode() + 1);
    for (int size : new int[] {40, 16 * 1024, 40 * 1024}) {
      Case c = Case.random(transformation, size, random);
      byte[] sealed = c.reference(Cipher.ENCRYPT_MODE, c.message);
      sealed[random.nextInt(sealed.length)] ^= 1;
      for (Form form : Form.values()) {
        String label = transformation + " " + size + " bytes " + form;
        assertThrows(
            AEADBadTagException.class,
            () -> run(c, Cipher.DECRYPT_MODE, sealed, form, true),
            label);
      }
    }
  }

  /**
   * The reason for the direct path: a 16 KiB doFinal with nothing buffered leaves the cipher's Java
   * buffer as it was, where it used to copy the whole message there first.
   */
  @ParameterizedTest
  @FieldSource("TRANSFORMATIONS")
  void aDoFinalWithNothingBufferedIsNotCopiedIntoTheBuffer(String transformation) throws Exception {
    OneShotWycheproofTest.assumeServed(transformation);
    CipherCore spi = CipherSpis.of(transformation);
    Case random = Case.random(transformation, 16 * 1024, new Random(3));
    Case c = new Case(transformation, random.key, random.params, null, random.message); // no AAD
    int before = spi.bufferCapacity();
    spi.engineInit(Cipher.ENCRYPT_MODE, c.key, c.params, null);
    byte[] sealed = spi.engineDoFinal(c.message, 0, c.message.length);
    assertArrayEquals(c.reference(Cipher.ENCRYPT_MODE, c.message), sealed);
    assertEquals(before, spi.bufferCapacity());
  }

  @Test
  void theXtsReferenceMatchesIeee1619() throws Exception {
    // IEEE 1619-2007 annex B: vector 1 (two whole blocks) and vector 15 (17 bytes: stealing).
    byte[] sealed = Xts.run(true, new byte[32], new byte[16], new byte[32]);
    assertArrayEquals(
        hex("917cf69ebd68b2ec9b9fe9a3eadda692cd43d2f59598ed858c02c2652fbf922e"), sealed);
    byte[] key = hex("fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0");
    byte[] tweak = hex("9a785634120000000000000000000000");
    byte[] plain = hex("000102030405060708090a0b0c0d0e0f10");
    byte[] stolen = Xts.run(true, key, tweak, plain);
    assertArrayEquals(hex("6c1625db4671522d3d7599601de7ca09ed"), stolen);
    assertArrayEquals(plain, Xts.run(false, key, tweak, stolen));
  }

  private static byte[] run(Case c, int mode, byte[] input, Form form) throws Exception {
    return run(c, mode, input, form, false);
  }

  /**
   * Runs {@code input} through Carbide in {@code form}. With {@code expectFailure}, checks on the
   * way out (the throw) that nothing was written where the output was to go.
   */
  private static byte[] run(Case c, int mode, byte[] input, Form form, boolean expectFailure)
      throws Exception {
    Cipher cipher = Cipher.getInstance(c.transformation, Carbide.provider());
    cipher.init(mode, c.key, c.params);
    c.aad(cipher);
    int len = input.length;
    int outLen = cipher.getOutputSize(len);
    switch (form) {
      case ALLOCATING -> {
        return cipher.doFinal(input);
      }
      case SEPARATE -> {
        byte[] out = new byte[outLen + 10];
        Arrays.fill(out, (byte) 0x5a);
        byte[] untouched = out.clone();
        try {
          int n = cipher.doFinal(input, 0, len, out, 10);
          return Arrays.copyOfRange(out, 10, 10 + n);
        } finally {
          checkUntouched(expectFailure, untouched, out);
        }
      }
      case IN_PLACE, OUTPUT_AFTER, OUTPUT_BEFORE -> {
        int inOff = 32;
        int outOff = form == Form.IN_PLACE ? 32 : form == Form.OUTPUT_AFTER ? 39 : 23;
        byte[] io = new byte[Math.max(len, outLen) + 64];
        System.arraycopy(input, 0, io, inOff, len);
        byte[] untouched = io.clone();
        try {
          int n = cipher.doFinal(io, inOff, len, io, outOff);
          return Arrays.copyOfRange(io, outOff, outOff + n);
        } finally {
          checkUntouched(expectFailure, untouched, io);
        }
      }
      case HEAP_BUFFERS, DIRECT_BUFFERS -> {
        boolean direct = form == Form.DIRECT_BUFFERS;
        ByteBuffer in = allocate(direct, len + 3).position(3);
        in.put(input).position(3);
        ByteBuffer out = allocate(direct, outLen + 5).position(5);
        try {
          int n = cipher.doFinal(in, out);
          byte[] result = new byte[n];
          out.get(5, result);
          return result;
        } finally {
          checkZeros(expectFailure, out);
        }
      }
      case DIRECT_IN_PLACE, DIRECT_OVERLAP -> {
        int outPos = form == Form.DIRECT_IN_PLACE ? 16 : 21;
        ByteBuffer io = ByteBuffer.allocateDirect(Math.max(len, outLen) + 64);
        io.put(16, input);
        ByteBuffer in = io.duplicate().position(16).limit(16 + len);
        ByteBuffer out = io.duplicate().position(outPos);
        int n = cipher.doFinal(in, out);
        byte[] result = new byte[n];
        io.get(outPos, result);
        return result;
      }
      default -> {
        int first = len / 3;
        byte[] head = cipher.update(input, 0, first);
        byte[] tail = cipher.doFinal(input, first, len - first);
        return concat(head, tail);
      }
    }
  }

  private static void checkUntouched(boolean failed, byte[] expected, byte[] actual) {
    if (failed) {
      assertArrayEquals(expected, actual, "a failed decryption wrote its output");
    }
  }

  private static void checkZeros(boolean failed, ByteBuffer out) {
    if (failed) {
      for (int i = 0; i < out.capacity(); i++) {
        assertEquals(0, out.get(i), "a failed decryption wrote its output at " + i);
      }
    }
  }

  private static ByteBuffer allocate(boolean direct, int size) {
    return direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
  }

  private static byte[] concat(byte[] head, byte[] tail) {
    byte[] first = head == null ? new byte[0] : head;
    byte[] all = Arrays.copyOf(first, first.length + tail.length);
    System.arraycopy(tail, 0, all, first.length, tail.length);
    return all;
  }

  static byte[] hex(String hex) {
    return java.util.HexFormat.of().parseHex(hex);
  }

  /** One message: key, parameters, AAD and data, and the reference's output for it. */
  private record Case(
      String transformation,
      SecretKeySpec key,
      AlgorithmParameterSpec params,
      byte[] aad,
      byte[] message) {

    static Case random(String transformation, int size, Random random) {
      boolean xts = transformation.contains("XTS");
      byte[] key = bytes(random, xts ? 32 * (1 + random.nextInt(2)) : 16 * (1 + random.nextInt(2)));
      if (xts) {
        key[key.length - 1] = (byte) (key[key.length / 2 - 1] ^ 1); // the halves must differ
      }
      AlgorithmParameterSpec params =
          xts
              ? new IvParameterSpec(bytes(random, 16))
              : new GCMParameterSpec(
                  transformation.contains("CCM") ? 32 + 16 * random.nextInt(7) : 128,
                  bytes(random, 12));
      byte[] aad = xts ? null : bytes(random, random.nextInt(30));
      return new Case(
          transformation, new SecretKeySpec(key, "AES"), params, aad, bytes(random, size));
    }

    void aad(Cipher cipher) {
      if (aad != null && aad.length > 0) {
        cipher.updateAAD(aad);
      }
    }

    byte[] reference(int mode, byte[] input) throws Exception {
      if (params instanceof IvParameterSpec tweak) {
        return Xts.run(mode == Cipher.ENCRYPT_MODE, key.getEncoded(), tweak.getIV(), input);
      }
      Cipher cipher = Cipher.getInstance(transformation, BC);
      cipher.init(mode, key, params);
      aad(cipher);
      return cipher.doFinal(input);
    }

    private static byte[] bytes(Random random, int len) {
      byte[] bytes = new byte[len];
      random.nextBytes(bytes);
      return bytes;
    }
  }

  /**
   * XTS-AES (IEEE 1619, NIST SP 800-38E) over SunJCE's AES/ECB: the tweak encrypted under the
   * second key half, multiplied by x in GF(2^128) (little-endian) for each block, and ciphertext
   * stealing for a last partial block.
   */
  static final class Xts {
    private Xts() {}

    static byte[] run(boolean encrypt, byte[] key, byte[] tweak, byte[] data) throws Exception {
      int half = key.length / 2;
      Cipher blocks = Cipher.getInstance("AES/ECB/NoPadding", "SunJCE");
      blocks.init(
          encrypt ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE,
          new SecretKeySpec(key, 0, half, "AES"));
      Cipher tweaker = Cipher.getInstance("AES/ECB/NoPadding", "SunJCE");
      tweaker.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, half, half, "AES"));
      byte[] t = tweaker.doFinal(tweak);
      int whole = data.length / 16;
      int partial = data.length % 16;
      byte[] out = new byte[data.length];
      int plain = partial == 0 ? whole : whole - 1; // blocks with no stealing
      for (int j = 0; j < plain; j++) {
        block(blocks, data, j * 16, out, j * 16, t);
        t = timesX(t);
      }
      if (partial != 0) {
        int last = (whole - 1) * 16; // the last whole block
        byte[] next = timesX(t);
        // Encryption takes the last whole block under t and the stolen one under the next
        // tweak; decryption the other way round.
        byte[] first = encrypt ? t : next;
        byte[] second = encrypt ? next : t;
        byte[] stolen = new byte[16];
        block(blocks, data, last, stolen, 0, first);
        System.arraycopy(stolen, 0, out, last + 16, partial);
        byte[] rejoined = stolen.clone();
        System.arraycopy(data, last + 16, rejoined, 0, partial);
        block(blocks, rejoined, 0, out, last, second);
      }
      return out;
    }

    private static void block(Cipher aes, byte[] in, int at, byte[] out, int outAt, byte[] t)
        throws Exception {
      byte[] x = new byte[16];
      for (int i = 0; i < 16; i++) {
        x[i] = (byte) (in[at + i] ^ t[i]);
      }
      byte[] y = aes.doFinal(x);
      for (int i = 0; i < 16; i++) {
        out[outAt + i] = (byte) (y[i] ^ t[i]);
      }
    }

    private static byte[] timesX(byte[] t) {
      byte[] next = new byte[16];
      int carry = 0;
      for (int i = 0; i < 16; i++) {
        next[i] = (byte) ((t[i] << 1) | carry);
        carry = (t[i] >>> 7) & 1;
      }
      if (carry != 0) {
        next[0] ^= (byte) 0x87;
      }
      return next;
    }
  }
}
