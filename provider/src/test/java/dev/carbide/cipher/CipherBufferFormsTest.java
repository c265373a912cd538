package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Random;
import javax.crypto.Cipher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The ByteBuffer forms the cross-check does not reach: read-only input (heap and direct), and
 * output that overlaps the input at another offset, before or after it, in one buffer. Results must
 * equal SunJCE's array results, and positions must move by what was consumed and written.
 */
class CipherBufferFormsTest {
  static final java.util.List<String> TRANSFORMATIONS = CipherCrossCheckTest.TRANSFORMATIONS;
  private static final Provider JDK = Security.getProvider("SunJCE");

  @ParameterizedTest
  @FieldSource("TRANSFORMATIONS")
  void readOnlyAndOverlappingBuffers(String transformation) throws Exception {
    Random random = new Random(transformation.hashCode());
    byte[] key = CipherCrossCheckTest.key(transformation, random);
    AlgorithmParameterSpec params = CipherCrossCheckTest.params(transformation, random);
    for (int len : new int[] {32, 48, 1040, 4096}) {
      byte[] input = CipherCrossCheckTest.bytes(random, len);
      byte[] expected =
          CipherCrossCheckTest.init(JDK, Cipher.ENCRYPT_MODE, transformation, key, params)
              .doFinal(input);
      for (boolean direct : new boolean[] {false, true}) {
        Cipher cipher =
            CipherCrossCheckTest.init(
                Carbide.provider(), Cipher.ENCRYPT_MODE, transformation, key, params);
        ByteBuffer readOnly = allocate(direct, len).put(input).flip().asReadOnlyBuffer();
        ByteBuffer out = allocate(direct, expected.length);
        assertEquals(expected.length, cipher.doFinal(readOnly, out));
        assertEquals(len, readOnly.position());
        assertArrayEquals(expected, bytes(out.flip()));
        for (int shift : new int[] {-5, 5}) {
          cipher =
              CipherCrossCheckTest.init(
                  Carbide.provider(), Cipher.ENCRYPT_MODE, transformation, key, params);
          ByteBuffer shared = allocate(direct, len + expected.length + 16);
          int inAt = 8;
          shared.put(inAt, input);
          ByteBuffer in = shared.duplicate().position(inAt).limit(inAt + len);
          ByteBuffer dst = shared.duplicate().position(inAt + shift);
          assertEquals(expected.length, cipher.doFinal(in, dst), transformation + " " + shift);
          byte[] actual = new byte[expected.length];
          shared.get(inAt + shift, actual);
          assertArrayEquals(expected, actual, transformation + " shift " + shift);
        }
      }
    }
  }

  private static ByteBuffer allocate(boolean direct, int size) {
    return direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
