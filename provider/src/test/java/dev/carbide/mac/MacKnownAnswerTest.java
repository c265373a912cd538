package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.TestVectors;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** RFC 4231, section 4: test cases 1 to 7 for HMAC-SHA-224, -256, -384 and -512. */
class MacKnownAnswerTest {
  private static final List<String> DIGESTS =
      List.of("HmacSHA224", "HmacSHA256", "HmacSHA384", "HmacSHA512");

  /** expected holds the four tags in DIGESTS order; case 5's are truncated to 128 bits. */
  record RfcCase(int number, byte[] key, byte[] data, String... expected) {
    @Override
    public String toString() {
      return "RFC 4231 case " + number;
    }
  }

  static List<RfcCase> cases() {
    return List.of(
        new RfcCase(
            1,
            repeat(0x0b, 20),
            ascii("Hi There"),
            "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
            "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
                + "faea9ea9076ede7f4af152e8b2fa9cb6",
            "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
                + "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"),
        new RfcCase(
            2,
            ascii("Jefe"),
            ascii("what do ya want for nothing?"),
            "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
            "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
                + "8e2240ca5e69e2c78b3239ecfab21649",
            "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
        new RfcCase(
            3,
            repeat(0xaa, 20),
            repeat(0xdd, 50),
            "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
            "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
                + "2a5ab39dc13814b94e3ab6e101a34f27",
            "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
                + "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"),
        new RfcCase(
            4,
            TestVectors.hex("0102030405060708090a0b0c0d0e0f10111213141516171819"),
            repeat(0xcd, 50),
            "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
            "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
                + "6801dd23c4a7d679ccf8a386c674cffb",
            "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
                + "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"),
        new RfcCase(
            5,
            repeat(0x0c, 20),
            ascii("Test With Truncation"),
            "0e2aea68a90c8d37c988bcdb9fca6fa8",
            "a3b6167473100ee06e0c796c2955552b",
            "3abf34c3503b2a23a46efc619baef897",
            "415fad6271580a531d4179bc891d87a6"),
        new RfcCase(
            6,
            repeat(0xaa, 131),
            ascii("Test Using Larger Than Block-Size Key - Hash Key First"),
            "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
            "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
                + "0c2ef6ab4030fe8296248df163f44952",
            "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
                + "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"),
        new RfcCase(
            7,
            repeat(0xaa, 131),
            ascii(
                "This is a test using a larger than block-size key and a larger than block-size"
                    + " data. The key needs to be hashed before being used by the HMAC"
                    + " algorithm."),
            "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1",
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
            "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
                + "a678cc31e799176d3860e6110c46523e",
            "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
                + "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void rfc4231(RfcCase rfc) throws Exception {
    for (int i = 0; i < DIGESTS.size(); i++) {
      String algorithm = DIGESTS.get(i);
      Mac mac = Hmacs.carbide(algorithm);
      mac.init(new SecretKeySpec(rfc.key, algorithm));
      byte[] tag = mac.doFinal(rfc.data);
      assertEquals(mac.getMacLength(), tag.length);
      byte[] truncated = Arrays.copyOf(tag, rfc.expected[i].length() / 2);
      assertEquals(rfc.expected[i], TestVectors.hex(truncated), () -> rfc + " " + algorithm);
      // Again on the same instance: doFinal leaves the Mac ready with the same key.
      byte[] again = Arrays.copyOf(mac.doFinal(rfc.data), truncated.length);
      assertEquals(rfc.expected[i], TestVectors.hex(again), () -> rfc + " " + algorithm + " reuse");
    }
  }

  private static byte[] repeat(int value, int count) {
    byte[] bytes = new byte[count];
    Arrays.fill(bytes, (byte) value);
    return bytes;
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
