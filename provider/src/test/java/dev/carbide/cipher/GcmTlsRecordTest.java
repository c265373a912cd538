package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The call sequence SunJSSE makes for every AES-GCM record: init with the same key object and a new
 * GCMParameterSpec, updateAAD of the 13-byte header, getOutputSize, and doFinal in place in one
 * ByteBuffer. Records go from Carbide to SunJCE and back, through heap and direct buffers.
 */
class GcmTlsRecordTest {
  private static final Provider JDK = Security.getProvider("SunJCE");

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void recordsRoundTripBetweenCarbideAndSunJce(boolean direct) throws Exception {
    Random random = new Random(direct ? 1 : 2);
    for (int keyBytes : new int[] {16, 32}) {
      SecretKey key = new SecretKeySpec(CipherCrossCheckTest.bytes(random, keyBytes), "AES");
      byte[] fixedIv = CipherCrossCheckTest.bytes(random, 4);
      Cipher carbideWrite = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
      Cipher carbideRead = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
      Cipher jdkWrite = Cipher.getInstance("AES/GCM/NoPadding", JDK);
      Cipher jdkRead = Cipher.getInstance("AES/GCM/NoPadding", JDK);
      for (long sequence = 0; sequence < 200; sequence++) {
        int len = sequence < 5 ? (int) sequence : random.nextInt(sequence < 100 ? 1100 : 16385);
        byte[] plaintext = CipherCrossCheckTest.bytes(random, len);
        byte[] header = CipherCrossCheckTest.bytes(random, 13);
        byte[] nonce = nonce(fixedIv, sequence);
        boolean carbideWrites = (sequence & 1) == 0;
        ByteBuffer record =
            seal(carbideWrites ? carbideWrite : jdkWrite, key, nonce, header, plaintext, direct);
        ByteBuffer opened =
            open(carbideWrites ? jdkRead : carbideRead, key, nonce, header, record, direct);
        byte[] actual = new byte[opened.remaining()];
        opened.get(actual);
        assertArrayEquals(plaintext, actual, "record " + sequence);
      }
    }
  }

  private static byte[] nonce(byte[] fixed, long sequence) {
    return ByteBuffer.allocate(12).put(fixed).putLong(sequence).array();
  }

  /** Encrypts in place, as SSLCipher's GCM write cipher does; returns the record body. */
  private static ByteBuffer seal(
      Cipher cipher, SecretKey key, byte[] nonce, byte[] header, byte[] plaintext, boolean direct)
      throws Exception {
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
    cipher.updateAAD(header);
    ByteBuffer bb =
        direct
            ? ByteBuffer.allocateDirect(plaintext.length + 16)
            : ByteBuffer.allocate(plaintext.length + 16);
    bb.put(plaintext).flip();
    int outputSize = cipher.getOutputSize(bb.remaining());
    assertEquals(plaintext.length + 16, outputSize);
    ByteBuffer dup = bb.duplicate();
    bb.limit(bb.position() + outputSize);
    int len = cipher.doFinal(dup, bb);
    assertEquals(outputSize, len, "Cipher buffering error");
    bb.flip();
    return bb;
  }

  /** Decrypts in place, as SSLCipher's GCM read cipher does; returns the plaintext. */
  private static ByteBuffer open(
      Cipher cipher, SecretKey key, byte[] nonce, byte[] header, ByteBuffer record, boolean direct)
      throws Exception {
    ByteBuffer bb =
        direct
            ? ByteBuffer.allocateDirect(record.remaining())
            : ByteBuffer.allocate(record.remaining());
    bb.put(record).flip();
    cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, nonce));
    cipher.updateAAD(header);
    int pos = bb.position();
    int outputSize = cipher.getOutputSize(bb.remaining());
    ByteBuffer dup = bb.duplicate();
    int len = cipher.doFinal(dup, bb);
    assertEquals(outputSize, len, "Cipher buffering error");
    bb.limit(pos + len).position(pos);
    return bb;
  }
}
