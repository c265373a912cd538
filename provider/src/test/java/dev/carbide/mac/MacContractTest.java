package dev.carbide.mac;

import static dev.carbide.mac.Hmacs.assertSameOutcome;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPairGenerator;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The JCA contract as SunJCE keeps it: keys, state, buffers and the exceptions for misuse. */
class MacContractTest {
  private static final String ALGORITHM = "HmacSHA256";
  private static final byte[] MESSAGE = "the quick brown fox".getBytes();
  private static final SecretKey KEY = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7}, "X");
  private static final SecretKey OTHER_KEY = new SecretKeySpec(new byte[80], "HmacSHA256");

  /** A call on a Mac, run the same way on Carbide's and on SunJCE's. */
  @FunctionalInterface
  interface MacCall {
    void run(Mac mac) throws Exception;
  }

  /** Returns the exception class both throw, or null if both succeed. */
  private static Class<? extends Throwable> assertSameAsJdk(boolean initialized, MacCall call)
      throws Exception {
    Mac ours = Hmacs.carbide(ALGORITHM);
    Mac jdk = Hmacs.jdk(ALGORITHM);
    if (initialized) {
      ours.init(KEY);
      jdk.init(KEY);
    }
    Executable onOurs = () -> call.run(ours);
    Executable onJdk = () -> call.run(jdk);
    return assertSameOutcome(onOurs, onJdk);
  }

  private static byte[] jdkMac(Key key, byte[] message) throws Exception {
    Mac jdk = Hmacs.jdk(ALGORITHM);
    jdk.init(key);
    return jdk.doFinal(message);
  }

  @Test
  void anySecretKeyInRawFormatWhateverItsAlgorithmName() throws Exception {
    for (String name : List.of("TlsEarlySecret", "TlsHandshakeSecret", "AES", "Generic", "")) {
      SecretKey key = Hmacs.key(name, "RAW", new byte[] {9, 8, 7});
      Mac ours = Hmacs.carbide(ALGORITHM);
      ours.init(key);
      assertArrayEquals(jdkMac(key, MESSAGE), ours.doFinal(MESSAGE), name);
    }
  }

  @Test
  void zeroLengthKey() throws Exception {
    SecretKey empty = Hmacs.key("HmacSHA256", "RAW", new byte[0]);
    Mac ours = Hmacs.carbide(ALGORITHM);
    ours.init(empty);
    assertArrayEquals(jdkMac(empty, MESSAGE), ours.doFinal(MESSAGE));
  }

  @Test
  void reusableAfterDoFinalAndReinitWithAnotherKey() throws Exception {
    Mac ours = Hmacs.carbide(ALGORITHM);
    ours.init(KEY);
    byte[] first = ours.doFinal(MESSAGE);
    assertArrayEquals(jdkMac(KEY, MESSAGE), first);
    assertArrayEquals(first, ours.doFinal(MESSAGE));
    ours.update(MESSAGE); // discarded by the re-init
    ours.init(OTHER_KEY);
    assertArrayEquals(jdkMac(OTHER_KEY, MESSAGE), ours.doFinal(MESSAGE));
    ours.init(KEY);
    assertArrayEquals(first, ours.doFinal(MESSAGE));
  }

  @Test
  void failedInitKeepsTheOldKey() throws Exception {
    Mac ours = Hmacs.carbide(ALGORITHM);
    ours.init(KEY);
    assertThrows(InvalidKeyException.class, () -> ours.init(null));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> ours.init(OTHER_KEY, new IvParameterSpec(new byte[16])));
    assertArrayEquals(jdkMac(KEY, MESSAGE), ours.doFinal(MESSAGE));
  }

  @Test
  void theCallersKeyCopyIsZeroedAsInSunJce() throws Exception {
    // A key that hands out its own array shows what init does to the copy it gets.
    byte[] ours = {1, 2, 3, 4, 5};
    byte[] jdks = ours.clone();
    assertSameOutcome(
        () -> Hmacs.carbide(ALGORITHM).init(sharingKey(ours)),
        () -> Hmacs.jdk(ALGORITHM).init(sharingKey(jdks)));
    assertArrayEquals(new byte[5], jdks);
    assertArrayEquals(new byte[5], ours);
  }

  private static SecretKey sharingKey(byte[] bytes) {
    return new SecretKeySpec(new byte[1], "X") {
      private static final long serialVersionUID = 1L;

      @Override
      public byte[] getEncoded() {
        return bytes;
      }
    };
  }

  @Test
  void badKeysAndParameters() throws Exception {
    Key publicKey = KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic();
    SecretKey noEncoding = Hmacs.key("HmacSHA256", "RAW", null);
    assertEquals(InvalidKeyException.class, assertSameAsJdk(false, mac -> mac.init(null)));
    assertEquals(InvalidKeyException.class, assertSameAsJdk(false, mac -> mac.init(publicKey)));
    assertEquals(InvalidKeyException.class, assertSameAsJdk(false, mac -> mac.init(noEncoding)));
    assertEquals(
        InvalidAlgorithmParameterException.class,
        assertSameAsJdk(false, mac -> mac.init(KEY, new IvParameterSpec(new byte[16]))));
    assertNull(assertSameAsJdk(false, mac -> mac.init(KEY, null)));
  }

  /**
   * A deliberate difference: SunJCE takes any encoded SecretKey, whatever its format; Carbide takes
   * only RAW keys, as its SupportedKeyFormats attribute says, so that delayed provider selection
   * sends other keys to the next provider instead.
   */
  @Test
  void keysInAnotherFormatAreRejectedAndRoutedElsewhere() throws Exception {
    for (String format : new String[] {"X.509", "PKCS#8", null}) {
      SecretKey key = Hmacs.key("HmacSHA256", format, new byte[16]);
      assertDoesNotThrow(() -> Hmacs.jdk(ALGORITHM).init(key));
      assertThrows(InvalidKeyException.class, () -> Hmacs.carbide(ALGORITHM).init(key));
      assertFalse(Carbide.provider().getService("Mac", ALGORITHM).supportsParameter(key));
    }
    assertTrue(Carbide.provider().getService("Mac", ALGORITHM).supportsParameter(KEY));
  }

  @Test
  void useBeforeInit() throws Exception {
    List<MacCall> misuses =
        List.of(
            mac -> mac.update((byte) 1),
            mac -> mac.update(MESSAGE),
            mac -> mac.update(MESSAGE, 0, 0),
            mac -> mac.update(ByteBuffer.allocateDirect(3)),
            mac -> mac.doFinal(),
            mac -> mac.doFinal(new byte[64], 0));
    for (MacCall misuse : misuses) {
      assertEquals(IllegalStateException.class, assertSameAsJdk(false, misuse));
    }
    // These are allowed before init.
    assertNull(assertSameAsJdk(false, Mac::reset));
    assertNull(assertSameAsJdk(false, mac -> assertEquals(32, mac.getMacLength())));
    assertNull(assertSameAsJdk(false, mac -> ((Mac) mac.clone()).init(KEY)));
  }

  @Test
  void shortOutputBufferThenRetrySucceeds() throws Exception {
    for (MacCall tooShort :
        List.<MacCall>of(
            mac -> mac.doFinal(new byte[31], 0),
            mac -> mac.doFinal(new byte[40], 9),
            mac -> mac.doFinal(new byte[64], 100),
            mac -> mac.doFinal(null, 0))) {
      assertEquals(ShortBufferException.class, assertSameAsJdk(true, tooShort));
    }
    Mac ours = Hmacs.carbide(ALGORITHM);
    ours.init(KEY);
    ours.update(MESSAGE);
    assertThrows(ShortBufferException.class, () -> ours.doFinal(new byte[40], 9));
    // The message was kept, as in SunJCE.
    byte[] out = new byte[40];
    ours.doFinal(out, 8);
    assertArrayEquals(jdkMac(KEY, MESSAGE), Arrays.copyOfRange(out, 8, 40));
  }

  @Test
  void badOffsetsAndNulls() throws Exception {
    assertEquals(
        ArrayIndexOutOfBoundsException.class,
        assertSameAsJdk(true, mac -> mac.doFinal(new byte[64], -1)));
    for (MacCall badRange :
        List.<MacCall>of(
            mac -> mac.update(new byte[4], -1, 1),
            mac -> mac.update(new byte[4], 2, 5),
            mac -> mac.update(new byte[4], 2, -1),
            mac -> mac.update((ByteBuffer) null))) {
      assertEquals(IllegalArgumentException.class, assertSameAsJdk(true, badRange));
    }
    // Null arrays with nothing to read are no-ops in both.
    assertNull(assertSameAsJdk(true, mac -> mac.update(null, 0, 0)));
    assertNull(assertSameAsJdk(true, mac -> mac.update((byte[]) null)));
    assertNull(assertSameAsJdk(true, mac -> mac.doFinal(null)));
  }

  @Test
  void readOnlyAndEmptyBuffers() throws Exception {
    Mac ours = Hmacs.carbide(ALGORITHM);
    ours.init(KEY);
    ours.update(ByteBuffer.allocate(0));
    ours.update(ByteBuffer.allocateDirect(0).asReadOnlyBuffer());
    ours.update(ByteBuffer.wrap(MESSAGE).asReadOnlyBuffer());
    assertArrayEquals(jdkMac(KEY, MESSAGE), ours.doFinal());
  }
}
