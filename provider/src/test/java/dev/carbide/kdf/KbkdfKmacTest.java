package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.KbkdfKeySpec;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.Services;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.nio.charset.StandardCharsets;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.SecretKeyFactory;
import org.bouncycastle.crypto.macs.KMAC;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SP 800-108r1's KDF with KMAC (KBKDF-KMAC128, KBKDF-KMAC256), which is KMAC#(KI, Context, L,
 * Label): SP 800-185's KMAC samples and Wycheproof's KMAC tags as known answers, Bouncy Castle's
 * KMAC on random inputs, and the spec's limits.
 */
class KbkdfKmacTest {
  private static final HexFormat HEX = HexFormat.of();

  // OpenSSL 3.0 (the JDK 17 pass) has no KBKDF with KMAC, so Carbide registers none there.
  @BeforeAll
  static void served() {
    assumeTrue(
        Services.has("SecretKeyFactory", "KBKDF-KMAC128"), "KBKDF with KMAC needs OpenSSL 3.1");
  }

  private static byte[] derive(String algorithm, KbkdfKeySpec spec) throws Exception {
    return SecretKeyFactory.getInstance(algorithm, Carbide.provider())
        .generateSecret(spec)
        .getEncoded();
  }

  private static byte[] sampleKey() {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (0x40 + i);
    }
    return key;
  }

  /** SP 800-185 KMAC samples 2 and 4: S "My Tagged Application" as the Label, X as the Context. */
  @Test
  void sp800185Samples() throws Exception {
    byte[] label = "My Tagged Application".getBytes(StandardCharsets.US_ASCII);
    byte[] context = {0, 1, 2, 3};
    assertEquals(
        "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5",
        HEX.formatHex(derive("KBKDF-KMAC128", new KbkdfKeySpec(sampleKey(), label, context, 256))));
    assertEquals(
        "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7"
            + "f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd",
        HEX.formatHex(derive("KBKDF-KMAC256", new KbkdfKeySpec(sampleKey(), label, context, 512))));
  }

  /**
   * Wycheproof's KMAC tags without customization: a valid tag is the key derived with an empty
   * Label, the message as the Context and the tag's length as L; a modified tag is not.
   */
  @ParameterizedTest
  @ValueSource(strings = {"KMAC128", "KMAC256"})
  void wycheproofTags(String kmac) throws Exception {
    int valid = 0;
    for (WycheproofCase test :
        TestVectors.wycheproof(kmac.toLowerCase() + "_no_customization_test.json")) {
      int bits = test.group().get("tagSize").asInt();
      KbkdfKeySpec spec = new KbkdfKeySpec(test.bytes("key"), null, test.bytes("msg"), bits);
      if (test.flags().contains("InvalidKeySize")) {
        assertThrows(
            InvalidKeySpecException.class, () -> derive("KBKDF-" + kmac, spec), test::toString);
        continue;
      }
      boolean matches = Arrays.equals(test.bytes("tag"), derive("KBKDF-" + kmac, spec));
      assertEquals(test.result().equals("valid"), matches, test::toString);
      valid += matches ? 1 : 0;
    }
    assertTrue(valid > 0);
  }

  /** Bouncy Castle's KMAC, an implementation that shares no code with OpenSSL. */
  @ParameterizedTest
  @ValueSource(ints = {128, 256})
  void matchesBouncyCastlesKmac(int strength) throws Exception {
    Random random = new Random(strength);
    for (int i = 0; i < 40; i++) {
      byte[] key = bytes(random, 4 + random.nextInt(80));
      byte[] label = bytes(random, random.nextInt(4) == 0 ? 0 : random.nextInt(100));
      byte[] context = bytes(random, random.nextInt(4) == 0 ? 0 : random.nextInt(300));
      int length = 1 + random.nextInt(i == 0 ? 3000 : 100);
      KMAC kmac = new KMAC(strength, label);
      kmac.init(new KeyParameter(key));
      kmac.update(context, 0, context.length);
      byte[] expected = new byte[length];
      kmac.doFinal(expected, 0, length);
      assertArrayEquals(
          expected,
          derive("KBKDF-KMAC" + strength, new KbkdfKeySpec(key, label, context, 8 * length)),
          "case " + i);
    }
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  @Test
  void specLimits() throws Exception {
    String name = "KBKDF-KMAC128";
    byte[] key = new byte[16];
    // The key: 4 to 512 bytes (OpenSSL's KMAC limits).
    for (int length : new int[] {0, 3, 513}) {
      KbkdfKeySpec spec = new KbkdfKeySpec(new byte[length], null, null, 256);
      assertThrows(InvalidKeySpecException.class, () -> derive(name, spec), "key " + length);
    }
    for (int length : new int[] {4, 512}) {
      assertEquals(32, derive(name, new KbkdfKeySpec(new byte[length], null, null, 256)).length);
    }
    // The Label is KMAC's customization string: at most 512 bytes.
    assertEquals(32, derive(name, new KbkdfKeySpec(key, new byte[512], null, 256)).length);
    KbkdfKeySpec longLabel = new KbkdfKeySpec(key, new byte[513], null, 256);
    assertThrows(InvalidKeySpecException.class, () -> derive(name, longLabel));
    // No IV, no fixed input: KMAC has neither feedback nor counter.
    KbkdfKeySpec withIv = new KbkdfKeySpec(key, null, null, new byte[32], 256);
    assertThrows(InvalidKeySpecException.class, () -> derive(name, withIv));
    KbkdfKeySpec fixed = KbkdfKeySpec.withFixedInput(key, new byte[8], null, 256);
    assertThrows(InvalidKeySpecException.class, () -> derive(name, fixed));
    // L: a positive multiple of 8 bits, at most OpenSSL's KMAC output (2^21 - 1 bytes).
    for (int bits : new int[] {0, -8, 12, 8 * (0xFFFFFF / 8 + 1)}) {
      KbkdfKeySpec spec = new KbkdfKeySpec(key, null, null, bits);
      assertThrows(InvalidKeySpecException.class, () -> derive(name, spec), bits + " bits");
    }
    // Another length is another key, not a prefix of it (L is part of KMAC's input).
    byte[] short16 = derive(name, new KbkdfKeySpec(key, null, null, 128));
    byte[] long32 = derive(name, new KbkdfKeySpec(key, null, null, 256));
    assertFalse(Arrays.equals(short16, Arrays.copyOf(long32, 16)));
  }
}
