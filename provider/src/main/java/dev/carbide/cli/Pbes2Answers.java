package dev.carbide.cli;

import java.security.AlgorithmParameters;
import java.security.Provider;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;

/**
 * Known answers for PBES2: each PBEWith&lt;prf&gt;AndAES_&lt;bits&gt; Cipher encrypts SP 800-38A's
 * first block under password "password", salt 0001..07, 1000 iterations and IV 0001..0f, and
 * decrypts it back (SunJCE's answers; the test suite also runs Wycheproof's pbes2 vectors); its
 * SecretKeyFactory keeps the password as UTF-8; its AlgorithmParameters encode those parameters as
 * SunJCE does, and "PBES2" decodes them back to the cipher's name.
 */
final class Pbes2Answers {
  private Pbes2Answers() {}

  private static final String SALT = "0001020304050607";
  private static final String IV = "000102030405060708090a0b0c0d0e0f";
  private static final String PLAINTEXT = "6bc1bee22e409f96e93d7e117393172a";
  private static final int ITERATIONS = 1000;

  /** PRF name, the last arc of its id-hmacWith OID, then the ciphertexts for AES-128 and -256. */
  private record Answer(String prf, int arc, String aes128, String aes256) {}

  private static final List<Answer> ANSWERS =
      List.of(
          new Answer(
              "HmacSHA1",
              7,
              "a9a7b55dd97dafd047da2bc0a15b5e5b6800c6d9af26ede83c3c60a0776fa088",
              "761de518e0768407cb95d433004c017283354e6d6b57497470452d67a1cf679a"),
          new Answer(
              "HmacSHA224",
              8,
              "bd87630441da5c9db0c3ffbbfdfd992eb37b1a78bf072b604a8cf36c38ab05ea",
              "e7656726d5f02cb46db0395daa3470dc4f0b2b86d8e8f7f34552159d750c6aa3"),
          new Answer(
              "HmacSHA256",
              9,
              "098e7f88fc7d29d327550b3b1fa0ed70770ea1ee56c540991cbfe43bf7953bd2",
              "5c25fc9047301cfd497a49b137a81eb49823991f4b30423d6c4022b1e9b7064b"),
          new Answer(
              "HmacSHA384",
              10,
              "83ad175fd832b1ff16131d9d09e62628cc26af1730730bdfa587e2e52cb0c7d7",
              "c49b764421148f90b40aa49793609431987a5529bdfd39e9245467e1b8c111ce"),
          new Answer(
              "HmacSHA512",
              11,
              "efa4b955a00b0b6af34404415bcd9b2024cdc2ea8c7260d90bcf86decd2ddb4c",
              "84e8e20965fa0d04bf93c99aabb66af0b5c50978ce548dd93173ffa167a5dc4f"),
          new Answer(
              "HmacSHA512/224",
              12,
              "262bf7cbaa363a3c7c35a7a6d0559b41a74f5009cc105a7118d6d29a86c83dbd",
              "8a10777f6843c5966fe5213cc8f83613f0e7a3f225346da1f446adc8af6e00ab"),
          new Answer(
              "HmacSHA512/256",
              13,
              "d275aad5e06a49d65069fd49296494f71bd2b8ff15405b8ddb109f97bd4b024c",
              "c06263d3de960a3fccb9d929db235fb40fe379fb05585078943efdfa1ed400e5"));

  static void addTo(KnownAnswers table) {
    for (Answer answer : ANSWERS) {
      for (int bits : new int[] {128, 256}) {
        String name = "PBEWith" + answer.prf + "AndAES_" + bits;
        String ciphertext = bits == 128 ? answer.aes128 : answer.aes256;
        String encoding = encoding(answer.arc, bits);
        table.add("Cipher", name, "SunJCE", provider -> cipher(provider, name, ciphertext));
        table.add(
            "SecretKeyFactory",
            name,
            "the password p\u00e4ssword, UTF-8",
            provider -> {
              SecretKey key =
                  SecretKeyFactory.getInstance(name, provider)
                      .generateSecret(new PBEKeySpec("p\u00e4ssword".toCharArray()));
              KnownAnswers.expectEqual("70c3a47373776f7264", key.getEncoded());
            });
        table.add(
            "AlgorithmParameters",
            name,
            "SunJCE's encoding",
            provider -> parameters(provider, name, name, encoding));
      }
    }
    table.add(
        "AlgorithmParameters",
        "PBES2",
        "SunJCE's encoding",
        provider -> parameters(provider, "PBES2", "PBEWithHmacSHA256AndAES_256", encoding(9, 256)));
  }

  /** SunJCE's DER encoding of the answers' parameters for a PRF (by OID arc) and key size. */
  private static String encoding(int prfArc, int bits) {
    return "304d302c06092a864886f70d01050c301f0408"
        + SALT
        + "020203e80201"
        + (bits == 128 ? "10" : "20")
        + "300c06082a864886f70d02"
        + String.format("%02x", prfArc)
        + "0500301d06096086480165030401"
        + (bits == 128 ? "02" : "2a")
        + "0410"
        + IV;
  }

  private static void cipher(Provider provider, String name, String ciphertext) throws Exception {
    SecretKey password =
        SecretKeyFactory.getInstance(name, provider)
            .generateSecret(new PBEKeySpec("password".toCharArray()));
    PBEParameterSpec spec =
        new PBEParameterSpec(
            KnownAnswers.hex(SALT), ITERATIONS, new IvParameterSpec(KnownAnswers.hex(IV)));
    Cipher cipher = Cipher.getInstance(name, provider);
    cipher.init(Cipher.ENCRYPT_MODE, password, spec);
    KnownAnswers.expectEqual(ciphertext, cipher.doFinal(KnownAnswers.hex(PLAINTEXT)));
    cipher.init(Cipher.DECRYPT_MODE, password, spec);
    KnownAnswers.expectEqual(PLAINTEXT, cipher.doFinal(KnownAnswers.hex(ciphertext)));
  }

  private static void parameters(Provider provider, String algorithm, String name, String encoding)
      throws Exception {
    AlgorithmParameters decoded = AlgorithmParameters.getInstance(algorithm, provider);
    decoded.init(KnownAnswers.hex(encoding));
    if (!name.equals(decoded.toString())) {
      throw new KnownAnswers.Failure("decoded as " + decoded + ", not " + name);
    }
    KnownAnswers.expectEqual(encoding, decoded.getEncoded());
    if (!algorithm.equals("PBES2")) {
      AlgorithmParameters built = AlgorithmParameters.getInstance(algorithm, provider);
      built.init(
          new PBEParameterSpec(
              KnownAnswers.hex(SALT), ITERATIONS, new IvParameterSpec(KnownAnswers.hex(IV))));
      KnownAnswers.expectEqual(encoding, built.getEncoded());
    }
  }
}
