package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;

/**
 * DESedeCMAC (Bouncy Castle's name; the JDK has none): NIST SP 800-38B's three-key examples
 * (appendix D.4), and Bouncy Castle's tags for random two- and three-key keys and messages fed in
 * random pieces.
 */
class DesedeCmacTest {
  private static final HexFormat HEX = HexFormat.of();
  private static final Provider BC = new BouncyCastleProvider();

  @Test
  void examplesOfSp80038b() throws Exception {
    Mac mac = Mac.getInstance("DESedeCMAC", Carbide.provider());
    mac.init(
        new SecretKeySpec(
            HEX.parseHex("8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5"), "DESede"));
    assertEquals(8, mac.getMacLength());
    assertEquals("b7a688e122ffaf95", HEX.formatHex(mac.doFinal()));
    assertEquals("8e8f293136283797", HEX.formatHex(mac.doFinal(HEX.parseHex("6bc1bee22e409f96"))));
  }

  @Test
  void sameTagsAsBouncyCastle() throws Exception {
    Random random = new Random(38);
    for (int round = 0; round < 200; round++) {
      byte[] key = new byte[random.nextBoolean() ? 16 : 24];
      random.nextBytes(key);
      byte[] message = new byte[random.nextInt(round < 150 ? 100 : 5000)];
      random.nextBytes(message);
      Mac expected = Mac.getInstance("DESedeCMAC", BC);
      expected.init(new SecretKeySpec(key, "DESede"));
      Mac actual = Mac.getInstance("DESedeCMAC", Carbide.provider());
      actual.init(new SecretKeySpec(key, "DESede"));
      int cut = random.nextInt(message.length + 1);
      actual.update(message, 0, cut);
      actual.update(message, cut, message.length - cut);
      assertArrayEquals(expected.doFinal(message), actual.doFinal(), "round " + round);
    }
  }

  @Test
  void otherKeySizesAreRefused() throws Exception {
    Mac mac = Mac.getInstance("DESedeCMAC", Carbide.provider());
    for (int size : new int[] {8, 20, 32}) {
      assertThrows(
          InvalidKeyException.class, () -> mac.init(new SecretKeySpec(new byte[size], "DESede")));
    }
  }
}
