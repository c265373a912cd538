package dev.carbide.cli;

import dev.carbide.Argon2KeySpec;
import dev.carbide.KbkdfKeySpec;
import dev.carbide.KeyAgreementKdfSpec;
import dev.carbide.ScryptKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.spec.KeySpec;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Supplier;
import javax.crypto.SecretKeyFactory;

/**
 * Known answers for the SecretKeyFactories of scrypt, Argon2, KBKDF, the one-step KDF and X9.63.
 * scrypt and Argon2 are their RFCs' vectors (RFC 7914 section 12 case 2; RFC 9106 section 5). The
 * others derive 40 bytes (two blocks for SHA-256) from the key or Z 00 01 .. 1f with Label "label",
 * Context "context", FixedInfo "info" and HMAC salt "salt"; their answers are Bouncy Castle's, an
 * independent implementation. KBKDF with KMAC has SP 800-185's KMAC samples (see {@link #kmac}).
 */
final class EvpKdfAnswers {
  private EvpKdfAnswers() {}

  private record Answer(String source, Supplier<KeySpec> spec, String hex) {}

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] counting() {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) i;
    }
    return key;
  }

  private static byte[] filled(int length, int value) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, (byte) value);
    return bytes;
  }

  private static Argon2KeySpec rfc9106() {
    char[] password = new char[32];
    Arrays.fill(password, '\u0001');
    return new Argon2KeySpec(password, filled(16, 2), 3, 32, 4, filled(8, 3), filled(12, 4), 256);
  }

  private static Answer kbkdf(String hex) {
    return new Answer(
        "Bouncy Castle",
        () -> new KbkdfKeySpec(counting(), ascii("label"), ascii("context"), 320),
        hex);
  }

  // SP 800-108r1's KDF with KMAC is KMAC#(KI, Context, L, Label), so SP 800-185's KMAC samples are
  // its answers: KI 0x40 .. 0x5f, Label (S) "My Tagged Application", Context (X) 00 01 02 03.
  private static Answer kmac(int sample, int bits, String hex) {
    byte[] key = new byte[32];
    for (int i = 0; i < key.length; i++) {
      key[i] = (byte) (0x40 + i);
    }
    return new Answer(
        "SP 800-185 KMAC sample " + sample + " (KMAC(KI, Context, L, Label))",
        () -> new KbkdfKeySpec(key, ascii("My Tagged Application"), new byte[] {0, 1, 2, 3}, bits),
        hex);
  }

  private static Answer agreement(boolean salted, String hex) {
    return new Answer(
        "Bouncy Castle",
        () ->
            new KeyAgreementKdfSpec(counting(), salted ? ascii("salt") : null, ascii("info"), 320),
        hex);
  }

  private static final Map<String, Answer> ANSWERS =
      Map.ofEntries(
          Map.entry(
              "SCRYPT",
              new Answer(
                  "RFC 7914 section 12",
                  () ->
                      new ScryptKeySpec("password".toCharArray(), ascii("NaCl"), 1024, 8, 16, 512),
                  "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                      + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640")),
          Map.entry(
              "Argon2d",
              new Answer(
                  "RFC 9106 section 5.1",
                  EvpKdfAnswers::rfc9106,
                  "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb")),
          Map.entry(
              "Argon2i",
              new Answer(
                  "RFC 9106 section 5.2",
                  EvpKdfAnswers::rfc9106,
                  "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8")),
          Map.entry(
              "Argon2id",
              new Answer(
                  "RFC 9106 section 5.3",
                  EvpKdfAnswers::rfc9106,
                  "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")),
          Map.entry(
              "KBKDF-COUNTER-HMACSHA256",
              kbkdf(
                  "c5115a8e2c9cf655fabbfecbe725e440a9838838f5b46130c654f368f780edd650d532c0fdeb6a35")),
          Map.entry(
              "KBKDF-COUNTER-HMACSHA384",
              kbkdf(
                  "f3a68b08a41c36c234ac1989b609bd9874f5635dc8dd5da58ea336b51ab02101c02abaf1f539c1af")),
          Map.entry(
              "KBKDF-COUNTER-HMACSHA512",
              kbkdf(
                  "70b63e3d47de66ed5de6465f2a7d427a1e753b865e4b358263eba89d353e18d0ca078a14734fe7a2")),
          Map.entry(
              "KBKDF-COUNTER-AESCMAC",
              kbkdf(
                  "f14b2590d159191e74c966b0ccefd4e8acc21dac50a6b9816be8a8b591834af5291ae4253390327d")),
          Map.entry(
              "KBKDF-FEEDBACK-HMACSHA256",
              kbkdf(
                  "c5115a8e2c9cf655fabbfecbe725e440a9838838f5b46130c654f368f780edd6e9e0c51b5dd20f95")),
          Map.entry(
              "KBKDF-FEEDBACK-HMACSHA384",
              kbkdf(
                  "f3a68b08a41c36c234ac1989b609bd9874f5635dc8dd5da58ea336b51ab02101c02abaf1f539c1af")),
          Map.entry(
              "KBKDF-FEEDBACK-HMACSHA512",
              kbkdf(
                  "70b63e3d47de66ed5de6465f2a7d427a1e753b865e4b358263eba89d353e18d0ca078a14734fe7a2")),
          Map.entry(
              "KBKDF-FEEDBACK-AESCMAC",
              kbkdf(
                  "f14b2590d159191e74c966b0ccefd4e8b5f737bc6140ec69d9e025354cf98082a88c3a069fc5fa4a")),
          Map.entry(
              "KBKDF-KMAC128",
              kmac(2, 256, "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5")),
          Map.entry(
              "KBKDF-KMAC256",
              kmac(
                  4,
                  512,
                  "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7"
                      + "f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd")),
          Map.entry(
              "ONESTEP-SHA256",
              agreement(
                  false,
                  "c3d6e2a35ac18f4771d72ff4a7e577ea7b98ae7fa6b6f165bbd17d7c1a24b91f4660044d61757df5")),
          Map.entry(
              "ONESTEP-SHA384",
              agreement(
                  false,
                  "d8211f9843fd5e4c2cc925221ac806fd1c5a634a2c53f5d10874c606b2ef8ed285143da9139dd151")),
          Map.entry(
              "ONESTEP-SHA512",
              agreement(
                  false,
                  "364fcfe883942714608557ad7131e7d37e71bdba58174fda488c3e94ad186ced6481cbf48e4c8dcf")),
          Map.entry(
              "ONESTEP-HMACSHA256",
              agreement(
                  true,
                  "822a8afa049ed5bcf445dacf75f6ccd80f7367921caa4bcae318c73c113822d3dbe211c67809f69d")),
          Map.entry(
              "ONESTEP-HMACSHA384",
              agreement(
                  true,
                  "38b1347aa5b96c7ba3ed6cd347a30aab19ccaec0b4eef57de14b9df60ac96bf83b9d13c03331b274")),
          Map.entry(
              "ONESTEP-HMACSHA512",
              agreement(
                  true,
                  "0b313c10efec24ecfbdef3278b9886de93379229f4b528955b1be1d6fd6db97a0ffccadc45597b2e")),
          Map.entry(
              "X963KDF-SHA256",
              agreement(
                  false,
                  "d652db03b5ad319001e98864fd76139bff0e0dc2f17cabeb9e5e6393c9ed7deed5651a221d677054")),
          Map.entry(
              "X963KDF-SHA384",
              agreement(
                  false,
                  "d0a622eef9794b4fd3cd5090407069a1897c80251b2d4b8501cfa66f4be3b6819ca8d80f74ea48c7")),
          Map.entry(
              "X963KDF-SHA512",
              agreement(
                  false,
                  "575c1cfa7a12b84360594ea1b7299130a2160378fe0d7aae53a99ba38749c17ee2c64e3c5149c51c")));

  static void addTo(KnownAnswers table) {
    ANSWERS.forEach(
        (algorithm, answer) ->
            table.add(
                "SecretKeyFactory",
                algorithm,
                answer.source(),
                provider ->
                    KnownAnswers.expectEqual(
                        answer.hex(),
                        SecretKeyFactory.getInstance(algorithm, provider)
                            .generateSecret(answer.spec().get())
                            .getEncoded())));
  }
}
