package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.GeneralSecurityException;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The Java 25 form of CipherCalls: small encryptions, and decryptions with nothing to check, by a
 * critical FFM downcall, and its error path, where a failure parked natively is raised through the
 * JNI translation. (Not named CipherCalls*Test: the JDK 17 pass selects tests by -Dtest='Cipher*',
 * which overrides excludes.)
 */
class CriticalStepTest {
  private static final int FLAGS = CipherNative.ENCRYPT | CipherNative.START | CipherNative.FINISH;

  @Test
  void tlsRecordsTakeTheCriticalDowncall() throws Exception {
    Carbide.provider(); // loads the native library that the downcall links against
    assertTrue(CipherCalls.critical(), "carbide_cipher_step was not linked");
    Random random = new Random(3);
    SecretKeySpec key = new SecretKeySpec(bytes(random, 16), "AES");
    Cipher carbide = Cipher.getInstance("AES/GCM/NoPadding", Carbide.provider());
    Cipher jdk = Cipher.getInstance("AES/GCM/NoPadding", Security.getProvider("SunJCE"));
    for (int record = 0; record < 20; record++) {
      GCMParameterSpec spec = new GCMParameterSpec(128, bytes(random, 12));
      byte[] aad = bytes(random, 13);
      byte[] plaintext = bytes(random, random.nextInt(2048));
      jdk.init(Cipher.ENCRYPT_MODE, key, spec);
      jdk.updateAAD(aad);
      byte[] expected = jdk.doFinal(plaintext);
      // In place, as a TLS stack seals a record.
      byte[] buffer = Arrays.copyOf(plaintext, plaintext.length + 16);
      carbide.init(Cipher.ENCRYPT_MODE, key, spec);
      carbide.updateAAD(aad);
      int n = carbide.doFinal(buffer, 0, plaintext.length, buffer, 0);
      assertArrayEquals(expected, Arrays.copyOf(buffer, n), "record " + record);
    }
  }

  @Test
  void aShortOutputInsideTheDowncallRaisesShortBufferException() {
    Carbide.provider();
    long context = CipherNative.newContext();
    byte[] in = new byte[32];
    byte[] out = new byte[64];
    // 32 bytes and a 16-byte tag need 48; the Java layer would have refused this before the call.
    ShortBufferException e =
        assertThrows(ShortBufferException.class, () -> encrypt(context, in, 0, 32, out, 0, 40));
    assertTrue(e.getMessage().contains("too short"), e.getMessage());
    // The failure changed nothing the next call depends on: the same step with room succeeds.
    assertEquals(48, encrypt(context, in, 0, 32, out, 0, 48));
    CipherNative.freeContext(context);
  }

  @Test
  void rangesOutsideTheArraysAreRefusedBeforeOpenSsl() {
    Carbide.provider();
    long context = CipherNative.newContext();
    byte[] in = new byte[32];
    byte[] out = new byte[48];
    assertThrows(
        ArrayIndexOutOfBoundsException.class, () -> encrypt(context, in, 1, 32, out, 0, 48));
    assertThrows(
        ArrayIndexOutOfBoundsException.class, () -> encrypt(context, in, 0, 32, out, 1, 48));
    assertThrows(
        ArrayIndexOutOfBoundsException.class, () -> encrypt(context, in, -1, 8, out, 0, 48));
    CipherNative.freeContext(context);
  }

  @Test
  void anAadLengthBeyondItsArrayIsRefusedBeforeOpenSsl() {
    Carbide.provider();
    long context = CipherNative.newContext();
    byte[] data = new byte[48];
    // The IV and AAD arrays travel with their lengths, and the AAD length is checked against them.
    for (int aadLen : new int[] {14, -1}) {
      assertThrows(
          ArrayIndexOutOfBoundsException.class,
          () -> encryptWithAad(context, aadLen, data),
          "AAD length " + aadLen);
    }
    // With the AAD in range, the same step succeeds: the refusal changed nothing.
    assertEquals(48, encryptWithAad(context, 13, data));
    CipherNative.freeContext(context);
  }

  /** AES-128-GCM over data[0, 32) in place, zero key and IV, with aadLen bytes of a 13-byte AAD. */
  private static int encryptWithAad(long context, int aadLen, byte[] data) {
    return CipherCalls.step(
        context,
        aes128Gcm(),
        FLAGS,
        new byte[16],
        new byte[12],
        new byte[13],
        aadLen,
        new byte[0],
        0,
        data,
        0,
        32,
        data,
        0,
        48,
        16);
  }

  @Test
  void theDowncallDecryptsUnpaddedCbc() throws Exception {
    Carbide.provider();
    long context = CipherNative.newContext();
    byte[] ciphertext = bytes(new Random(4), 64);
    Cipher jdk =
        sunJce("AES/CBC/NoPadding", Cipher.DECRYPT_MODE, new IvParameterSpec(new byte[16]));
    byte[] out = new byte[64];
    int decrypt = FLAGS & ~CipherNative.ENCRYPT;
    long cbc = CipherNative.find("AES-128-CBC");
    assertEquals(64, step(context, cbc, decrypt, 16, ciphertext, 0, 64, out, 0, 64, 0));
    assertArrayEquals(jdk.doFinal(ciphertext), out);
    CipherNative.freeContext(context);
  }

  @Test
  void uncheckedDecryptionsMatchSunJce() throws Exception {
    Carbide.provider();
    Random random = new Random(5);
    for (String transformation : new String[] {"AES/CBC/NoPadding", "AES/CTR/NoPadding"}) {
      SecretKeySpec key = new SecretKeySpec(bytes(random, 32), "AES");
      Cipher carbide = Cipher.getInstance(transformation, Carbide.provider());
      Cipher jdk = Cipher.getInstance(transformation, Security.getProvider("SunJCE"));
      for (int message = 0; message < 20; message++) {
        IvParameterSpec iv = new IvParameterSpec(bytes(random, 16));
        byte[] ciphertext = bytes(random, 16 * random.nextInt(128));
        jdk.init(Cipher.DECRYPT_MODE, key, iv);
        byte[] expected = jdk.doFinal(ciphertext);
        carbide.init(Cipher.DECRYPT_MODE, key, iv);
        assertArrayEquals(expected, carbide.doFinal(ciphertext), transformation);
        // In place, and again after an IV-only restart of the same key.
        byte[] buffer = ciphertext.clone();
        carbide.init(Cipher.DECRYPT_MODE, key, iv);
        int n = carbide.doFinal(buffer, 0, buffer.length, buffer, 0);
        assertArrayEquals(expected, Arrays.copyOf(buffer, n), transformation + " in place");
      }
    }
  }

  @Test
  void checkedDecryptionsAreRefused() {
    Carbide.provider();
    long context = CipherNative.newContext();
    byte[] data = new byte[48];
    int decrypt = FLAGS & ~CipherNative.ENCRYPT;
    // An AEAD's tag, and a padded mode's padding, must be checked before plaintext is released.
    IllegalStateException tagged =
        assertThrows(
            IllegalStateException.class,
            () -> step(context, aes128Gcm(), decrypt, 12, data, 0, 48, data, 0, 48, 16));
    assertTrue(tagged.getMessage().contains("unchecked decryptions"), tagged.getMessage());
    assertThrows(
        IllegalStateException.class,
        () ->
            step(
                context,
                CipherNative.find("AES-128-CBC"),
                decrypt | CipherNative.PAD,
                16,
                data,
                0,
                48,
                data,
                0,
                48,
                0));
    CipherNative.freeContext(context);
  }

  @Test
  void aeadDecryptionsIntoAPrivateArrayTakeTheDowncallAndLeaveNothingOnFailure() throws Exception {
    Carbide.provider();
    long context = CipherNative.newContext();
    byte[] plaintext = bytes(new Random(5), 1000);
    byte[] sealed =
        sunJce("AES/GCM/NoPadding", Cipher.ENCRYPT_MODE, new GCMParameterSpec(128, new byte[12]))
            .doFinal(plaintext);
    int open = (FLAGS & ~CipherNative.ENCRYPT) | CipherNative.PRIVATE_OUTPUT;
    byte[] out = new byte[plaintext.length];
    assertEquals(
        plaintext.length,
        step(context, aes128Gcm(), open, 12, sealed, 0, sealed.length, out, 0, out.length, 16));
    assertArrayEquals(plaintext, out);
    // A spoiled tag: the JDK's exception, and what the step wrote before its check is cleansed.
    sealed[sealed.length - 1] ^= 1;
    byte[] spoiled = new byte[plaintext.length];
    Arrays.fill(spoiled, (byte) 0x55);
    assertThrows(
        AEADBadTagException.class,
        () ->
            step(
                context,
                aes128Gcm(),
                open,
                12,
                sealed,
                0,
                sealed.length,
                spoiled,
                0,
                spoiled.length,
                16));
    assertArrayEquals(new byte[plaintext.length], spoiled);
    // An unwrap is never written into its output before its check, private or not.
    assertThrows(
        IllegalStateException.class,
        () ->
            step(
                context,
                CipherNative.find("AES-128-WRAP-PAD"),
                open | CipherNative.WRAP,
                4,
                out,
                0,
                40,
                out,
                0,
                out.length,
                0));
    CipherNative.freeContext(context);
  }

  /** SunJCE's {@code transformation} under the zero AES-128 key that {@link #step} uses. */
  private static Cipher sunJce(String transformation, int mode, AlgorithmParameterSpec spec)
      throws GeneralSecurityException {
    Cipher jdk = Cipher.getInstance(transformation, Security.getProvider("SunJCE"));
    jdk.init(mode, new SecretKeySpec(new byte[16], "AES"), spec);
    return jdk;
  }

  /** One step straight through CipherCalls with a zero key and IV of {@code ivLen} bytes. */
  private static int step(
      long context,
      long cipher,
      int flags,
      int ivLen,
      byte[] in,
      int inOff,
      int inLen,
      byte[] out,
      int outOff,
      int cap,
      int tagLen) {
    return CipherCalls.step(
        context,
        cipher,
        flags,
        new byte[16],
        new byte[ivLen],
        new byte[0],
        0,
        new byte[0],
        0,
        in,
        inOff,
        inLen,
        out,
        outOff,
        cap,
        tagLen);
  }

  /** One AES-128-GCM encryption step straight through CipherCalls, zero key and IV. */
  private static int encrypt(
      long context, byte[] in, int inOff, int inLen, byte[] out, int outOff, int cap) {
    return step(context, aes128Gcm(), FLAGS, 12, in, inOff, inLen, out, outOff, cap, 16);
  }

  private static long aes128Gcm() {
    return CipherNative.find("AES-128-GCM");
  }

  private static byte[] bytes(Random random, int len) {
    byte[] b = new byte[len];
    random.nextBytes(b);
    return b;
  }
}
