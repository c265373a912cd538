package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.security.spec.AlgorithmParameterSpec;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Every call that uses the message state enters the cipher's guard: while another thread holds it
 * (simulated here by holding it ourselves), each one throws IllegalStateException and changes
 * nothing, so the cipher works normally afterwards.
 */
class CipherGuardTest {
  @FunctionalInterface
  interface SpiCall {
    void run(CipherCore spi) throws Exception;
  }

  @Test
  void everyStatefulCallIsGuarded() throws Exception {
    for (String t : List.of("AES/GCM/NoPadding", "AES/CBC/PKCS5Padding", "ChaCha20-Poly1305")) {
      boolean gcm = t.contains("GCM");
      boolean chacha = t.startsWith("ChaCha20");
      SecretKeySpec key =
          new SecretKeySpec(new byte[chacha ? 32 : 16], chacha ? "ChaCha20" : "AES");
      int[] counter = {0};
      SpiCall init = spi -> spi.engineInit(Cipher.ENCRYPT_MODE, key, spec(t, ++counter[0]), null);
      List<SpiCall> calls =
          List.of(
              init,
              spi -> spi.engineInit(Cipher.ENCRYPT_MODE, key, null),
              spi -> spi.engineUpdate(new byte[40], 0, 40),
              spi -> spi.engineUpdate(new byte[40], 0, 40, new byte[100], 0),
              spi -> spi.engineUpdate(ByteBuffer.allocate(40), ByteBuffer.allocate(100)),
              spi -> spi.engineDoFinal(new byte[40], 0, 40),
              spi -> spi.engineDoFinal(new byte[40], 0, 40, new byte[100], 0),
              spi -> spi.engineDoFinal(ByteBuffer.allocate(40), ByteBuffer.allocate(100)),
              spi -> ((AeadCipher) spi).engineUpdateAAD(new byte[4], 0, 4),
              spi -> ((AeadCipher) spi).engineUpdateAAD(ByteBuffer.allocate(4)));
      CipherCore spi = CipherSpis.of(t);
      init.run(spi);
      for (SpiCall call : calls) {
        if (!(gcm || chacha) && calls.indexOf(call) >= 8) {
          continue; // no AAD outside AEAD
        }
        spi.guard.enter();
        try {
          assertThrows(
              IllegalStateException.class, () -> call.run(spi), t + " call " + calls.indexOf(call));
        } finally {
          spi.guard.exit();
        }
      }
      // Nothing above changed the message: one update and doFinal give the whole ciphertext,
      // under the IV of the one init that ran.
      byte[] out = new byte[100];
      int n = spi.engineUpdate(new byte[32], 0, 32, out, 0);
      n += spi.engineDoFinal(new byte[8], 0, 8, out, n);
      Cipher jdk = Cipher.getInstance(t, "SunJCE");
      byte[] iv = spi.engineGetIV();
      jdk.init(
          Cipher.DECRYPT_MODE, key, gcm ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
      assertArrayEquals(new byte[40], jdk.doFinal(out, 0, n), t);
    }
  }

  @Test
  void aRefusedInitLeavesNoCopyOfTheKey() throws Exception {
    List<byte[]> handedOut = new java.util.ArrayList<>();
    javax.crypto.SecretKey key =
        new javax.crypto.SecretKey() {
          @Override
          public String getAlgorithm() {
            return "AES";
          }

          @Override
          public String getFormat() {
            return "RAW";
          }

          @Override
          public byte[] getEncoded() {
            byte[] copy = new byte[16];
            java.util.Arrays.fill(copy, (byte) 7);
            handedOut.add(copy);
            return copy;
          }
        };
    CipherCore spi = CipherSpis.of("AES/GCM/NoPadding");
    spi.guard.enter();
    try {
      assertThrows(
          IllegalStateException.class,
          () -> spi.engineInit(Cipher.ENCRYPT_MODE, key, spec("AES/GCM/NoPadding", 1), null));
    } finally {
      spi.guard.exit();
    }
    for (byte[] copy : handedOut) {
      assertArrayEquals(new byte[16], copy);
    }
  }

  private static AlgorithmParameterSpec spec(String t, int n) {
    byte[] iv = new byte[t.contains("CBC") ? 16 : 12];
    iv[0] = (byte) n;
    return t.contains("GCM") ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv);
  }
}
