package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.InvalidAlgorithmParameterException;
import java.security.Provider;
import java.security.Security;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The predicted init of a routed cipher: after an operation on the JDK's engine, a re-init with the
 * same key and a new 16-byte IV initialises only the JDK's engine; a data step below the threshold
 * then initialises Carbide's with the same IV; anything else (another key object, another
 * direction, another IV length, a previous operation on Carbide) takes the usual path, with
 * Carbide's exceptions. Results always match SunJCE's.
 */
class RoutedCipherPredictionTest {
  private static final Provider SUN_JCE = Security.getProvider("SunJCE");
  private static final Random RANDOM = new Random(64);
  private static final int FROM = 64;
  private static final RouteTable.Span JDK_FROM = RouteTable.Span.from(FROM);

  @BeforeAll
  static void providerLoaded() {
    Carbide.provider();
    Assumptions.assumeTrue(Routing.enabled(), "hybrid routing is off");
  }

  @Test
  void aReinitAfterAJdkOperationInitialisesOnlyTheJdk() throws Exception {
    for (String transformation : new String[] {"AES/CTR/NoPadding", "AES/CBC/NoPadding"}) {
      for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
        RoutedCipher spi = new RoutedCipher(transformation, SUN_JCE, JDK_FROM, JDK_FROM);
        Cipher routed = cipher(spi, transformation);
        SecretKey key = new SecretKeySpec(bytes(32), "AES");
        byte[] message = bytes(64);
        IvParameterSpec first = new IvParameterSpec(bytes(16));
        routed.init(mode, key, first);
        assertTrue(spi.carbideHoldsInit(), "the first init is Carbide's");
        assertArrayEquals(
            expected(transformation, mode, key, first, message), routed.doFinal(message));
        assertSame(SUN_JCE, spi.engine().getProvider());

        IvParameterSpec second = new IvParameterSpec(bytes(16));
        routed.init(mode, key, second);
        assertFalse(spi.carbideHoldsInit(), transformation + ": predicted, JDK only");
        assertArrayEquals(second.getIV(), routed.getIV());
        assertArrayEquals(
            reference(transformation, mode, key, second).getParameters().getEncoded(),
            routed.getParameters().getEncoded());
        assertEquals(message.length, routed.getOutputSize(message.length));
        assertArrayEquals(
            expected(transformation, mode, key, second, message), routed.doFinal(message));
        assertSame(SUN_JCE, spi.engine().getProvider());
        // After doFinal the operation restarts at its IV, on the same engine.
        assertArrayEquals(
            expected(transformation, mode, key, second, message), routed.doFinal(message));

        // A stream after a predicted init stays on the JDK's engine.
        IvParameterSpec third = new IvParameterSpec(bytes(16));
        routed.init(mode, key, third);
        byte[] head = routed.update(message);
        byte[] tail = routed.doFinal(message, 0, 16);
        assertSame(SUN_JCE, spi.engine().getProvider());
        Cipher check = reference(transformation, mode, key, third);
        assertArrayEquals(check.update(message), head);
        assertArrayEquals(check.doFinal(message, 0, 16), tail);
      }
    }
  }

  @Test
  void aShortStepAfterAPredictedInitInitialisesCarbideWithTheSameIv() throws Exception {
    String transformation = "AES/CTR/NoPadding";
    RoutedCipher spi = new RoutedCipher(transformation, SUN_JCE, JDK_FROM, JDK_FROM);
    Cipher routed = cipher(spi, transformation);
    SecretKey key = new SecretKeySpec(bytes(16), "AES");
    routed.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(bytes(16)));
    routed.doFinal(bytes(100));
    IvParameterSpec iv = new IvParameterSpec(bytes(16));
    routed.init(Cipher.ENCRYPT_MODE, key, iv);
    assertFalse(spi.carbideHoldsInit());
    byte[] small = bytes(FROM - 1);
    assertArrayEquals(
        expected(transformation, Cipher.ENCRYPT_MODE, key, iv, small), routed.doFinal(small));
    assertEquals("Carbide", spi.engine().getProvider().getName());
    assertTrue(spi.carbideHoldsInit());
    // The previous operation ran on Carbide: the next init is Carbide's again.
    routed.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(bytes(16)));
    assertTrue(spi.carbideHoldsInit());
  }

  @Test
  void otherInitsTakeTheUsualPathWithCarbidesExceptions() throws Exception {
    String transformation = "AES/CBC/NoPadding";
    RoutedCipher spi = new RoutedCipher(transformation, SUN_JCE, JDK_FROM, JDK_FROM);
    Cipher routed = cipher(spi, transformation);
    byte[] raw = bytes(32);
    SecretKey key = new SecretKeySpec(raw, "AES");
    byte[] message = bytes(64);
    Runnable onJdk =
        () -> {
          try {
            routed.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(bytes(16)));
            routed.doFinal(message);
          } catch (Exception e) {
            throw new AssertionError(e);
          }
          assertSame(SUN_JCE, spi.engine().getProvider());
        };
    onJdk.run();
    routed.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(raw, "AES"), new IvParameterSpec(bytes(16)));
    assertTrue(spi.carbideHoldsInit(), "another key object");
    onJdk.run();
    routed.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(bytes(16)));
    assertTrue(spi.carbideHoldsInit(), "another direction");
    onJdk.run();
    routed.init(Cipher.ENCRYPT_MODE, key);
    assertTrue(spi.carbideHoldsInit(), "a generated IV");
    // A wrong IV length after a JDK operation: Carbide's exception, which is SunJCE's.
    onJdk.run();
    InvalidAlgorithmParameterException ours =
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () -> routed.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(bytes(8))));
    Cipher sunJce = Cipher.getInstance(transformation, SUN_JCE);
    InvalidAlgorithmParameterException theirs =
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () -> sunJce.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(bytes(8))));
    assertEquals(theirs.getMessage(), ours.getMessage());
  }

  private static Cipher reference(
      String transformation, int mode, SecretKey key, IvParameterSpec iv) throws Exception {
    Cipher cipher = Cipher.getInstance(transformation, SUN_JCE);
    cipher.init(mode, key, iv);
    return cipher;
  }

  private static byte[] expected(
      String transformation, int mode, SecretKey key, IvParameterSpec iv, byte[] message)
      throws Exception {
    return reference(transformation, mode, key, iv).doFinal(message);
  }

  /** A Cipher over the routed SPI, as the provider would hand it out. */
  static Cipher cipher(RoutedCipher spi, String transformation) throws Exception {
    return Cipher.getInstance(
        transformation, RoutedEnginesTest.serving("Cipher", transformation, () -> spi));
  }

  private static byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
