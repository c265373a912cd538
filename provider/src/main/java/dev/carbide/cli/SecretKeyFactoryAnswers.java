package dev.carbide.cli;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Known answers for the SecretKeyFactories: AES returns its key; PBKDF2 derives from password
 * "password", salt "salt", 2 iterations, 256 bits. The SHA-1 answer begins with RFC 6070's second
 * vector and the SHA-256 one is the widely published PBKDF2-HMAC-SHA256 vector; the others are
 * SunJCE's.
 */
final class SecretKeyFactoryAnswers {
  private SecretKeyFactoryAnswers() {}

  private static final Map<String, String> ANSWERS =
      Map.of(
          "SHA1", "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957cae93136266537a8d7bf4b76",
          "SHA224", "93200ffa96c5776d38fa10abdf8f5bfc0054b9718513df472d2331d2d1e66a3f",
          "SHA256", "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43",
          "SHA384", "54f775c6d790f21930459162fc535dbf04a939185127016a04176a0730c6f1f4",
          "SHA512", "e1d9c16aa681708a45f5c7c4e215ceb66e011a2e9f0040713f18aefdb866d53c");

  static void addTo(KnownAnswers table) {
    table.add(
        "SecretKeyFactory",
        "AES",
        "a key spec comes back as the same AES key",
        provider -> {
          SecretKeyFactory factory = SecretKeyFactory.getInstance("AES", provider);
          byte[] raw = KnownAnswers.hex("000102030405060708090a0b0c0d0e0f");
          SecretKey key = factory.generateSecret(new SecretKeySpec(raw, "AES"));
          KnownAnswers.expectEqual("000102030405060708090a0b0c0d0e0f", key.getEncoded());
          if (!key.getAlgorithm().equals("AES")) {
            throw new KnownAnswers.Failure("algorithm " + key.getAlgorithm());
          }
        });
    ANSWERS.forEach(
        (digest, answer) ->
            table.add(
                "SecretKeyFactory",
                "PBKDF2WithHmac" + digest,
                digest.equals("SHA1") ? "RFC 6070 case 2, extended" : "published / SunJCE",
                provider -> {
                  SecretKeyFactory factory =
                      SecretKeyFactory.getInstance("PBKDF2WithHmac" + digest, provider);
                  byte[] salt = "salt".getBytes(StandardCharsets.US_ASCII);
                  PBEKeySpec spec = new PBEKeySpec("password".toCharArray(), salt, 2, 256);
                  KnownAnswers.expectEqual(answer, factory.generateSecret(spec).getEncoded());
                }));
  }
}
