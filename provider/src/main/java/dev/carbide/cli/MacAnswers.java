package dev.carbide.cli;

import dev.carbide.KmacParameterSpec;
import java.nio.charset.StandardCharsets;
import java.security.spec.AlgorithmParameterSpec;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** Known answers for HMAC and the other MACs (CMAC, GMAC, KMAC, Poly1305). */
final class MacAnswers {
  private MacAnswers() {}

  /** One known answer; {@code params} is the init's parameter spec, or null. */
  private record Vector(
      String algorithm,
      String source,
      String key,
      String message,
      String tag,
      AlgorithmParameterSpec params) {
    Vector(String algorithm, String source, String key, String message, String tag) {
      this(algorithm, source, key, message, tag, null);
    }
  }

  // SP 800-185's KMAC samples: key 0x40 .. 0x5f, data 00 01 02 03, S "My Tagged Application".
  private static final String KMAC_KEY =
      "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f";
  private static final byte[] TAGGED = "My Tagged Application".getBytes(StandardCharsets.US_ASCII);

  // RFC 2202 and RFC 4231 test case 2: key "Jefe", message "what do ya want for nothing?".
  private static final String JEFE = hexOf("Jefe");
  private static final String WHAT = hexOf("what do ya want for nothing?");

  private static final List<Vector> VECTORS =
      List.of(
          new Vector("HmacMD5", "RFC 2202 case 2", JEFE, WHAT, "750c783e6ab0b503eaa86e310a5db738"),
          new Vector(
              "HmacSHA224",
              "RFC 4231 case 2",
              JEFE,
              WHAT,
              "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44"),
          new Vector(
              "HmacSHA256",
              "RFC 4231 case 2",
              JEFE,
              WHAT,
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
          new Vector(
              "HmacSHA384",
              "RFC 4231 case 2",
              JEFE,
              WHAT,
              "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
                  + "8e2240ca5e69e2c78b3239ecfab21649"),
          new Vector(
              "HmacSHA512",
              "RFC 4231 case 2",
              JEFE,
              WHAT,
              "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                  + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
          // The rest are from Project Wycheproof (C2SP/wycheproof, testvectors_v1), the file and
          // test case named in each source.
          new Vector(
              "HmacSHA1",
              "Wycheproof hmac_sha1_test.json tcId 2",
              "4cd64efdb76df5a85dce3d347012cad06b0c3db4",
              "6c",
              "6d3d37af55c75d872d2da07b9b907ba22ad487d4"),
          new Vector(
              "HmacSHA512/224",
              "Wycheproof hmac_sha512_224_test.json tcId 3",
              "8648ee936c6ebc5ae4bb48c1139a54e3ac5d897beec492dc4d740752",
              "2e",
              "5979cc5dcdaf49daaadfc3388de3f5a04d183ebc896fd4f9dbdcc513"),
          new Vector(
              "HmacSHA512/256",
              "Wycheproof hmac_sha512_256_test.json tcId 3",
              "8159fd15133cd964c9a6964c94f0ea269a806fd9f43f0da58b6cd1b33d189b2a",
              "77",
              "aee7a277e0f36a042368ae52b1337ba13f1c00fdb2dfb1d5f0c304e485c3a7dc"),
          new Vector(
              "HmacSHA3-224",
              "Wycheproof hmac_sha3_224_test.json tcId 2",
              "8648ee936c6ebc5ae4bb48c1139a54e3ac5d897beec492dc4d740752",
              "2e",
              "e4bbe7b3a8f173736a1b1e58283040bd20090a772ba1d1fa1f0f02ce"),
          new Vector(
              "HmacSHA3-256",
              "Wycheproof hmac_sha3_256_test.json tcId 2",
              "8159fd15133cd964c9a6964c94f0ea269a806fd9f43f0da58b6cd1b33d189b2a",
              "77",
              "f709a35d41e82e36955512bf5fc1af0c1a9c580ff8fc3199bcb7454027029282"),
          new Vector(
              "HmacSHA3-384",
              "Wycheproof hmac_sha3_384_test.json tcId 2",
              "976696c0dc97182ca771975c3928ff9168ef89cd740cd229"
                  + "2858fd916068a702bc1df7c6cd8ee1f0d25e61d4c514cc5d",
              "2b",
              "b9c77f78d4e7928219105b1fa64d24a98a81816ca0c714d5"
                  + "424d0882ce7bb7be04b5bb4ac2a0092b4f5ce06f04c8654a"),
          new Vector(
              "HmacSHA3-512",
              "Wycheproof hmac_sha3_512_test.json tcId 2",
              "00698977f7102c67b594166919aa99dc3e58c7b6697a6422e238d04d2f57b2c7"
                  + "4e4e84f5c4c6b792952df72f1c09244802f0bcf8752efb90e836110703bfa21c",
              "01",
              "84185a2890b3f4c5ef8723c292db676c69104e7ff7def5ecf26928a41626d2b1"
                  + "6b063d8a9df03917498467f5abd7af3c6c732957f67cb800a517b26963142a1d"),
          // The MACs the JDK lacks, under Bouncy Castle's names.
          new Vector(
              "AESCMAC",
              "RFC 4493 example 2",
              "2b7e151628aed2a6abf7158809cf4f3c",
              "6bc1bee22e409f96e93d7e117393172a",
              "070a16b46b4d4144f79bdd9dd04a287c"),
          // GMAC is GCM over associated data alone (SP 800-38D), so a GCM vector with an empty
          // message is a GMAC vector.
          new Vector(
              "AES-GMAC",
              "Wycheproof aes_gcm_test.json tcId 92",
              "29d3a44f8723dc640239100c365423a312934ac80239212ac3df3421a2098123",
              "aabbccddeeff",
              "2a7d77fa526b8250cb296078926b5020",
              new IvParameterSpec(KnownAnswers.hex("00112233445566778899aabb"))),
          new Vector(
              "KMAC128",
              "SP 800-185 KMAC sample 2",
              KMAC_KEY,
              "00010203",
              "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5",
              new KmacParameterSpec(256, TAGGED)),
          new Vector(
              "KMAC256",
              "SP 800-185 KMAC sample 4",
              KMAC_KEY,
              "00010203",
              "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7"
                  + "f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd",
              new KmacParameterSpec(512, TAGGED)),
          new Vector(
              "POLY1305",
              "RFC 8439 section 2.5.2",
              "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
              hexOf("Cryptographic Forum Research Group"),
              "a8061dc1305136c6c22b8baf0c0127a9"));

  static void addTo(KnownAnswers table) {
    for (Vector vector : VECTORS) {
      table.add(
          "Mac",
          vector.algorithm,
          vector.source,
          provider -> {
            Mac mac = Mac.getInstance(vector.algorithm, provider);
            SecretKeySpec key = new SecretKeySpec(KnownAnswers.hex(vector.key), vector.algorithm);
            mac.init(key, vector.params);
            byte[] message = KnownAnswers.hex(vector.message);
            KnownAnswers.expectEqual(vector.tag, mac.doFinal(message));
            if (vector.params instanceof IvParameterSpec) {
              // A GMAC IV serves one message; the same one again is only for this check.
              mac.init(key, vector.params);
            }
            // Again on the same instance, a byte at a time: doFinal() must have reset it.
            for (byte b : message) {
              mac.update(b);
            }
            KnownAnswers.expectEqual(vector.tag, mac.doFinal());
          });
    }
  }

  private static String hexOf(String ascii) {
    return HexFormat.of().formatHex(ascii.getBytes(StandardCharsets.US_ASCII));
  }
}
