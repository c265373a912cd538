package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * ChaCha20's block counter is 32 bits. Past its end OpenSSL carries into the nonce and SunJCE wraps
 * to block 0, both reusing keystream, so Carbide refuses any call that would need a block past 2^32
 * - 1, before it changes anything; up to the edge it agrees with SunJCE.
 */
class ChaChaCounterLimitTest {
  private static final Provider JDK = Security.getProvider("SunJCE");
  private static final Random RANDOM = new Random(5);
  private static final SecretKeySpec KEY = new SecretKeySpec(bytes(32), "ChaCha20");

  @Test
  void lastBlocksAgreeWithSunJceAndOneByteMoreIsRefused() throws Exception {
    for (int counter : new int[] {-1, -2, -3}) {
      int blocks = -counter; // blocks left before the counter ends
      int edge = blocks * 64;
      byte[] input = bytes(edge + 1);
      for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
        byte[] nonce = bytes(12);
        Cipher carbide = init(Carbide.provider(), mode, nonce, counter);
        // The refused calls, in each form, change nothing ...
        assertThrows(IllegalStateException.class, () -> carbide.doFinal(input));
        assertThrows(IllegalStateException.class, () -> carbide.update(input));
        assertThrows(
            IllegalStateException.class,
            () -> carbide.doFinal(ByteBuffer.wrap(input), ByteBuffer.allocateDirect(edge + 1)));
        byte[] head = carbide.update(input, 0, edge - 5);
        assertThrows(IllegalStateException.class, () -> carbide.update(input, edge - 5, 6));
        assertThrows(
            IllegalStateException.class,
            () -> carbide.doFinal(input, edge - 5, 6, new byte[10], 0));
        // ... so the message still ends at the edge, as SunJCE's does (it agrees up to there).
        byte[] tail = carbide.doFinal(input, edge - 5, 5);
        byte[] expected = init(JDK, mode, nonce, counter).doFinal(input, 0, edge);
        byte[] actual = Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, actual, head.length, tail.length);
        assertArrayEquals(expected, actual, "counter " + counter);
        // After doFinal the same counter runs again (decryption) or a new nonce is needed.
        Cipher again = init(Carbide.provider(), mode, bytes(12), counter);
        assertEquals(edge, again.doFinal(input, 0, edge).length);
      }
    }
  }

  @Test
  void limitsOfBothCiphers() throws Exception {
    CipherCore plain = CipherSpis.of("ChaCha20");
    plain.engineInit(Cipher.ENCRYPT_MODE, KEY, new ChaCha20ParameterSpec(bytes(12), 0), null);
    assertEquals((1L << 32) * 64, plain.messageLimit());
    plain.engineInit(
        Cipher.DECRYPT_MODE, KEY, new ChaCha20ParameterSpec(bytes(12), Integer.MIN_VALUE), null);
    assertEquals((1L << 31) * 64, plain.messageLimit());
    CipherCore aead = CipherSpis.of("ChaCha20-Poly1305");
    aead.engineInit(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(bytes(12)), null);
    assertEquals(((1L << 32) - 1) * 64, aead.messageLimit());
    aead.engineInit(Cipher.DECRYPT_MODE, KEY, new IvParameterSpec(bytes(12)), null);
    assertEquals(((1L << 32) - 1) * 64 + 16, aead.messageLimit());
  }

  private static Cipher init(Provider provider, int mode, byte[] nonce, int counter)
      throws Exception {
    Cipher cipher = Cipher.getInstance("ChaCha20", provider);
    cipher.init(mode, KEY, new ChaCha20ParameterSpec(nonce, counter));
    return cipher;
  }

  private static byte[] bytes(int len) {
    byte[] bytes = new byte[len];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
