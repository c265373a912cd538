package dev.carbide.cli;

import java.security.AlgorithmParameters;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Known answers for the symmetric ciphers: each encrypts a known block to a known ciphertext and
 * decrypts it back. ECB, CBC and CTR are NIST SP 800-38A's first blocks (F.1, F.2, F.5: same key,
 * IV and plaintext), and OFB, CFB and CFB8 are F.4, F.3.13 and F.3.7; the padded and GCM answers
 * are SunJCE's for the same key and plaintext.
 */
final class CipherAnswers {
  private CipherAnswers() {}

  private static final String PLAINTEXT = "6bc1bee22e409f96e93d7e117393172a";
  private static final String CBC_IV = "000102030405060708090a0b0c0d0e0f";
  private static final String CTR_IV = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
  private static final String GCM_IV = "cafebabefacedbaddecaf888";
  private static final String[] KEYS = {
    "2b7e151628aed2a6abf7158809cf4f3c",
    "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
  };

  /** One transformation's answers for 128-, 192- and 256-bit keys. */
  private record Answers(String mode, String padding, String iv, String source, String... out) {}

  private static final List<Answers> ANSWERS =
      List.of(
          new Answers(
              "ECB",
              "NoPadding",
              null,
              "SP 800-38A F.1",
              "3ad77bb40d7a3660a89ecaf32466ef97",
              "bd334f1d6e45f25ff712a214571fa5cc",
              "f3eed1bdb5d2a03c064b5a7e3db181f8"),
          new Answers(
              "ECB",
              "PKCS5Padding",
              null,
              "SP 800-38A F.1 key; SunJCE",
              "3ad77bb40d7a3660a89ecaf32466ef97a254be88e037ddd9d79fb6411c3f9df8",
              "bd334f1d6e45f25ff712a214571fa5ccdaa0af074bd8083c8a32d4fc563c55cc",
              "f3eed1bdb5d2a03c064b5a7e3db181f84c45dfb3b3b484ec35b0512dc8c1c4d6"),
          new Answers(
              "CBC",
              "NoPadding",
              CBC_IV,
              "SP 800-38A F.2",
              "7649abac8119b246cee98e9b12e9197d",
              "4f021db243bc633d7178183a9fa071e8",
              "f58c4c04d6e5f1ba779eabfb5f7bfbd6"),
          new Answers(
              "CBC",
              "PKCS5Padding",
              CBC_IV,
              "SP 800-38A F.2 key; SunJCE",
              "7649abac8119b246cee98e9b12e9197d8964e0b149c10b7b682e6e39aaeb731c",
              "4f021db243bc633d7178183a9fa071e8a647f1643b94812a175a13c8fa2014b2",
              "f58c4c04d6e5f1ba779eabfb5f7bfbd6485a5c81519cf378fa36d42b8547edc0"),
          new Answers(
              "CTR",
              "NoPadding",
              CTR_IV,
              "SP 800-38A F.5",
              "874d6191b620e3261bef6864990db6ce",
              "1abc932417521ca24f2b0459fe7e6e0b",
              "601ec313775789a5b7a7f504bbf3d228"),
          new Answers(
              "OFB",
              "NoPadding",
              CBC_IV,
              "SP 800-38A F.4",
              "3b3fd92eb72dad20333449f8e83cfb4a",
              "cdc80d6fddf18cab34c25909c99a4174",
              "dc7e84bfda79164b7ecd8486985d3860"),
          new Answers(
              "CFB",
              "NoPadding",
              CBC_IV,
              "SP 800-38A F.3.13",
              "3b3fd92eb72dad20333449f8e83cfb4a",
              "cdc80d6fddf18cab34c25909c99a4174",
              "dc7e84bfda79164b7ecd8486985d3860"),
          new Answers(
              "CFB8",
              "NoPadding",
              CBC_IV,
              "SP 800-38A F.3.7",
              "3b79424c9c0dd436bace9e0ed4586a4f",
              "cda2521ef0a905ca44cd057cbf0d47a0",
              "dc1f1a8520a64db55fcc8ac554844e88"),
          new Answers(
              "GCM",
              "NoPadding",
              GCM_IV,
              "SP 800-38A F.1 key; SunJCE",
              "6ac7d9f77a1c8a43af5be6373b9f656265cf95ab7500a03dd8f03ae4032ff403",
              "d9f29c212e0ae29fa8abcc9265cb3d8bbf08888575419945236e9a06fc563fed",
              "cce65692c1064eed7fa3046aa46bd8eaf021b42d25fdfdbc289d17588f92248c"));

  static void addTo(KnownAnswers table) {
    for (Answers answers : ANSWERS) {
      String name = "AES/" + answers.mode + "/" + answers.padding;
      add(table, name, answers, 0);
      if (name.equals("AES/ECB/PKCS5Padding")) {
        add(table, "AES", answers, 0);
      }
      // SunJCE's 128-bit-feedback names for OFB and CFB, served as services of their own.
      if (answers.mode.equals("OFB") || answers.mode.equals("CFB")) {
        add(table, "AES/" + answers.mode + "128/NoPadding", answers, 0);
      }
      // SunJCE names no key-size-specific CTR or CFB8 transformation.
      if (answers.padding.equals("NoPadding")
          && !answers.mode.equals("CTR")
          && !answers.mode.equals("CFB8")) {
        for (int i = 0; i < 3; i++) {
          add(table, "AES_" + (128 + 64 * i) + "/" + answers.mode + "/NoPadding", answers, i);
        }
      }
    }
    addChaCha(table);
    addKeyWrap(table, "KW", "RFC 3394 4.1, 4.3, 4.5", "00112233445566778899aabbccddeeff", KW_OUT);
    addKeyWrap(
        table, "KWP", "RFC 3394 keys; SunJCE", "00112233445566778899aabbccddeeff0011", KWP_OUT);
    table.add(
        "AlgorithmParameters",
        "GCM",
        "SunJCE's encoding",
        provider ->
            parameters(
                provider,
                "GCM",
                new GCMParameterSpec(96, KnownAnswers.hex(GCM_IV)),
                "300e040ccafebabefacedbaddecaf888"));
    table.add(
        "AlgorithmParameters",
        "AES",
        "SunJCE's encoding",
        provider ->
            parameters(
                provider, "AES", new IvParameterSpec(KnownAnswers.hex(CBC_IV)), "0410" + CBC_IV));
  }

  // RFC 3394's key-encryption keys.
  private static final String[] KEKS = {
    "000102030405060708090a0b0c0d0e0f",
    "000102030405060708090a0b0c0d0e0f1011121314151617",
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
  };
  private static final String[] KW_OUT = {
    "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5",
    "96778b25ae6ca435f92b5b97c050aed2468ab8a17ad84e5d",
    "64e8c3f9ce0f5ba263e9777905818a2a93c8191e7d6e8ae7",
  };
  private static final String[] KWP_OUT = {
    "e881a51b3b7ab9ef064cf44712077a34afd68ddbf4c5389597ceefff99e4da57",
    "dc8ad8aa2889db1bbff8afb1c2ee4fe9d54a6c69f099ee4346ba64ab0682388c",
    "1cdbb2cff151be086393fdd1010566a43b5cccf749b0f3d8bda8db4935b7d405",
  };

  /** AES/{mode}/NoPadding with every key size, and AES_{bits}/{mode}/NoPadding with its own. */
  private static void addKeyWrap(
      KnownAnswers table, String mode, String source, String data, String[] out) {
    for (int size = -1; size < 3; size++) {
      int only = size;
      String name = (size < 0 ? "AES" : "AES_" + (128 + 64 * size)) + "/" + mode + "/NoPadding";
      table.add(
          "Cipher",
          name,
          source,
          provider -> {
            for (int i = Math.max(only, 0); i < (only < 0 ? 3 : only + 1); i++) {
              SecretKeySpec kek = new SecretKeySpec(KnownAnswers.hex(KEKS[i]), "AES");
              Cipher cipher = Cipher.getInstance(name, provider);
              cipher.init(Cipher.WRAP_MODE, kek);
              KnownAnswers.expectEqual(
                  out[i], cipher.wrap(new SecretKeySpec(KnownAnswers.hex(data), "AES")));
              cipher.init(Cipher.UNWRAP_MODE, kek);
              KnownAnswers.expectEqual(
                  data,
                  cipher.unwrap(KnownAnswers.hex(out[i]), "AES", Cipher.SECRET_KEY).getEncoded());
            }
          });
    }
  }

  // RFC 8439 section 2.8.2 (ChaCha20-Poly1305) and the first block of section 2.4.2 (ChaCha20).
  private static final String CHACHA_KEY =
      "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";
  private static final String RFC_8439_KEY =
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
  private static final String CHACHA_NONCE = "070000004041424344454647";
  private static final String AEAD_AAD = "50515253c0c1c2c3c4c5c6c7";
  private static final String AEAD_PLAINTEXT =
      "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20"
          + "4966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f7220746865"
          + "206675747572652c2073756e73637265656e20776f756c642062652069742e";
  private static final String AEAD_CIPHERTEXT =
      "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb"
          + "69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fa"
          + "d675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116"
          + "1ae10b594f09e26a7e902ecbd0600691";

  private static void addChaCha(KnownAnswers table) {
    table.add(
        "Cipher",
        "ChaCha20-Poly1305",
        "RFC 8439 2.8.2",
        provider -> {
          SecretKeySpec key = new SecretKeySpec(KnownAnswers.hex(CHACHA_KEY), "ChaCha20");
          IvParameterSpec nonce = new IvParameterSpec(KnownAnswers.hex(CHACHA_NONCE));
          Cipher cipher = Cipher.getInstance("ChaCha20-Poly1305", provider);
          cipher.init(Cipher.ENCRYPT_MODE, key, nonce);
          cipher.updateAAD(KnownAnswers.hex(AEAD_AAD));
          KnownAnswers.expectEqual(
              AEAD_CIPHERTEXT, cipher.doFinal(KnownAnswers.hex(AEAD_PLAINTEXT)));
          cipher.init(Cipher.DECRYPT_MODE, key, nonce);
          cipher.updateAAD(KnownAnswers.hex(AEAD_AAD));
          KnownAnswers.expectEqual(
              AEAD_PLAINTEXT, cipher.doFinal(KnownAnswers.hex(AEAD_CIPHERTEXT)));
        });
    table.add(
        "Cipher",
        "ChaCha20",
        "RFC 8439 2.4.2, first block",
        provider -> {
          Cipher cipher = Cipher.getInstance("ChaCha20", provider);
          cipher.init(
              Cipher.ENCRYPT_MODE,
              new SecretKeySpec(KnownAnswers.hex(RFC_8439_KEY), "ChaCha20"),
              new ChaCha20ParameterSpec(KnownAnswers.hex("000000000000004a00000000"), 1));
          KnownAnswers.expectEqual(
              "6e2e359a2568f98041ba0728dd0d6981",
              cipher.doFinal(KnownAnswers.hex("4c616469657320616e642047656e746c")));
        });
    table.add(
        "AlgorithmParameters",
        "ChaCha20-Poly1305",
        "SunJCE's encoding",
        provider ->
            parameters(
                provider,
                "ChaCha20-Poly1305",
                new IvParameterSpec(KnownAnswers.hex(CHACHA_NONCE)),
                "040c" + CHACHA_NONCE));
  }

  /** Adds {@code name}, checked with all three key sizes, or only {@code onlyKey} if sized. */
  private static void add(KnownAnswers table, String name, Answers answers, int onlyKey) {
    boolean sized = name.startsWith("AES_");
    table.add(
        "Cipher",
        name,
        answers.source,
        provider -> {
          for (int i = sized ? onlyKey : 0; i < (sized ? onlyKey + 1 : 3); i++) {
            check(provider, name, answers, i);
          }
        });
  }

  private static void check(java.security.Provider provider, String name, Answers answers, int i)
      throws Exception {
    SecretKeySpec key = new SecretKeySpec(KnownAnswers.hex(KEYS[i]), "AES");
    java.security.spec.AlgorithmParameterSpec params =
        answers.iv == null
            ? null
            : answers.mode.equals("GCM")
                ? new GCMParameterSpec(128, KnownAnswers.hex(answers.iv))
                : new IvParameterSpec(KnownAnswers.hex(answers.iv));
    Cipher cipher = Cipher.getInstance(name, provider);
    cipher.init(Cipher.ENCRYPT_MODE, key, params);
    KnownAnswers.expectEqual(answers.out[i], cipher.doFinal(KnownAnswers.hex(PLAINTEXT)));
    cipher.init(Cipher.DECRYPT_MODE, key, params);
    KnownAnswers.expectEqual(PLAINTEXT, cipher.doFinal(KnownAnswers.hex(answers.out[i])));
  }

  private static void parameters(
      java.security.Provider provider,
      String algorithm,
      java.security.spec.AlgorithmParameterSpec spec,
      String encoding)
      throws Exception {
    AlgorithmParameters parameters = AlgorithmParameters.getInstance(algorithm, provider);
    parameters.init(spec);
    KnownAnswers.expectEqual(encoding, parameters.getEncoded());
    AlgorithmParameters decoded = AlgorithmParameters.getInstance(algorithm, provider);
    decoded.init(KnownAnswers.hex(encoding));
    KnownAnswers.expectEqual(encoding, decoded.getEncoded());
  }
}
