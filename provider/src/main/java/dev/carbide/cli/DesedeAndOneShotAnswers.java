package dev.carbide.cli;

import java.security.AlgorithmParameters;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.DESedeKeySpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Known answers for DESede (NIST SP 800-67 appendix B's three keys and plaintext; the padded and
 * CBC answers are SunJCE's for them, with SP 800-38A's first IV bytes) and for the one-shot AES
 * modes: CCM from RFC 3610 packet vector 1, GCM-SIV from RFC 8452 (Wycheproof tcId 8), XTS from
 * Wycheproof aes_xts_test.json tcId 1 (its 8-byte sector number zero-padded to the 16-byte tweak);
 * and DESedeCMAC from NIST SP 800-38B appendix D.4. Each encrypts to the answer and decrypts it
 * back. DESede's SecretKeyFactory sets the parity bits of SP 800-67's key, its KeyGenerator is
 * checked by the properties of its keys, and GCM-SIV's parameters by their DER.
 */
final class DesedeAndOneShotAnswers {
  private DesedeAndOneShotAnswers() {}

  private static final String DESEDE_KEY = "0123456789abcdef23456789abcdef01456789abcdef0123";
  private static final String DESEDE_PLAIN = "54686520717566636b2062726f776e20666f78206a756d70";
  private static final String DESEDE_ECB = "a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900";
  private static final String DESEDE_CBC = "a5c282bad0de3774becd2e04386b589fb5057d8552fc4336";
  private static final String DESEDE_IV = "f69f2445df4f9b17";
  private static final String ECB_PADDING = "832846b52f9e213d";
  private static final String CBC_PADDING = "af45148b1b044b00";

  private static final String CCM_NONCE = "00000003020100a0a1a2a3a4a5";

  static void addTo(KnownAnswers table) {
    String desede = "SP 800-67 B";
    addCipher(
        table,
        "DESede",
        desede,
        "DESede",
        DESEDE_KEY,
        null,
        null,
        DESEDE_PLAIN,
        DESEDE_ECB + ECB_PADDING);
    addCipher(
        table,
        "DESede/ECB/NoPadding",
        desede,
        "DESede",
        DESEDE_KEY,
        null,
        null,
        DESEDE_PLAIN,
        DESEDE_ECB);
    addCipher(
        table,
        "DESede/ECB/PKCS5Padding",
        desede + "; SunJCE",
        "DESede",
        DESEDE_KEY,
        null,
        null,
        DESEDE_PLAIN,
        DESEDE_ECB + ECB_PADDING);
    IvParameterSpec iv = new IvParameterSpec(KnownAnswers.hex(DESEDE_IV));
    addCipher(
        table,
        "DESede/CBC/NoPadding",
        desede + " key; SunJCE",
        "DESede",
        DESEDE_KEY,
        iv,
        null,
        DESEDE_PLAIN,
        DESEDE_CBC);
    addCipher(
        table,
        "DESede/CBC/PKCS5Padding",
        desede + " key; SunJCE",
        "DESede",
        DESEDE_KEY,
        iv,
        null,
        DESEDE_PLAIN,
        DESEDE_CBC + CBC_PADDING);
    addCipher(
        table,
        "AES/CCM/NoPadding",
        "RFC 3610 packet vector 1",
        "AES",
        "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
        new GCMParameterSpec(64, KnownAnswers.hex(CCM_NONCE)),
        "0001020304050607",
        "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
        "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384" + "17e8d12cfdf926e0");
    addCipher(
        table,
        "AES/GCM-SIV/NoPadding",
        "RFC 8452 C.1 (Wycheproof tcId 8)",
        "AES",
        "01000000000000000000000000000000",
        new GCMParameterSpec(128, KnownAnswers.hex("030000000000000000000000")),
        "01",
        "0200000000000000",
        "1e6daba35669f427" + "3b0a1a2560969cdf790d99759abd1508");
    addCipher(
        table,
        "AES/XTS/NoPadding",
        "Wycheproof aes_xts tcId 1",
        "AES",
        "6e9841dd6f35b53c48084f9558deabdebe8a712fd6343046a0f92bfdcfe16e07",
        new IvParameterSpec(KnownAnswers.hex("6e08e4314925b6cf0000000000000000")),
        null,
        "7252a0545fcaa07fc468c636203de219",
        "d107e084fbaed19c5be05ac4f48b7732");
    table.add(
        "Mac",
        "DESedeCMAC",
        "SP 800-38B D.4, three keys",
        provider -> {
          Mac mac = Mac.getInstance("DESedeCMAC", provider);
          mac.init(
              new SecretKeySpec(
                  KnownAnswers.hex("8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5"), "DESede"));
          KnownAnswers.expectEqual("b7a688e122ffaf95", mac.doFinal());
          KnownAnswers.expectEqual(
              "8e8f293136283797", mac.doFinal(KnownAnswers.hex("6bc1bee22e409f96")));
        });
    table.add(
        "KeyGenerator",
        "DESede",
        "default 24 bytes, every byte of odd parity (SunJCE's); two keys differ",
        DesedeAndOneShotAnswers::checkKeyGenerator);
    table.add(
        "SecretKeyFactory",
        "DESede",
        desede + " key with its parity bits cleared comes back with them set",
        provider -> {
          SecretKeyFactory factory = SecretKeyFactory.getInstance("DESede", provider);
          byte[] cleared = KnownAnswers.hex(DESEDE_KEY);
          for (int i = 0; i < cleared.length; i++) {
            cleared[i] &= (byte) 0xfe;
          }
          SecretKey key = factory.generateSecret(new DESedeKeySpec(cleared));
          KnownAnswers.expectEqual(DESEDE_KEY, key.getEncoded());
          DESedeKeySpec spec = (DESedeKeySpec) factory.getKeySpec(key, DESedeKeySpec.class);
          KnownAnswers.expectEqual(DESEDE_KEY, spec.getKey());
        });
    table.add(
        "AlgorithmParameters",
        "GCM-SIV",
        "RFC 5084 GCMParameters with the 16-byte tag (Bouncy Castle's encoding of GCM-SIV's)",
        provider -> {
          AlgorithmParameters parameters = AlgorithmParameters.getInstance("GCM-SIV", provider);
          String nonce = "030000000000000000000000";
          parameters.init(new GCMParameterSpec(128, KnownAnswers.hex(nonce)));
          String encoding = "3011040c" + nonce + "020110";
          KnownAnswers.expectEqual(encoding, parameters.getEncoded());
          AlgorithmParameters decoded = AlgorithmParameters.getInstance("GCM-SIV", provider);
          decoded.init(KnownAnswers.hex(encoding));
          KnownAnswers.expectEqual(nonce, decoded.getParameterSpec(GCMParameterSpec.class).getIV());
        });
    table.add(
        "AlgorithmParameters",
        "CCM",
        "RFC 5084 CCMParameters (Bouncy Castle's encoding)",
        provider -> {
          AlgorithmParameters parameters = AlgorithmParameters.getInstance("CCM", provider);
          parameters.init(new GCMParameterSpec(64, KnownAnswers.hex(CCM_NONCE)));
          String encoding = "3012040d" + CCM_NONCE + "020108";
          KnownAnswers.expectEqual(encoding, parameters.getEncoded());
          AlgorithmParameters decoded = AlgorithmParameters.getInstance("CCM", provider);
          decoded.init(KnownAnswers.hex(encoding));
          KnownAnswers.expectEqual(encoding, decoded.getEncoded());
        });
  }

  private static void checkKeyGenerator(Provider provider) throws Exception {
    KeyGenerator generator = KeyGenerator.getInstance("DESede", provider);
    byte[] first = generator.generateKey().getEncoded();
    byte[] second = generator.generateKey().getEncoded();
    if (first.length != 24 || MessageDigest.isEqual(first, second)) {
      throw new KnownAnswers.Failure("not two different keys of 24 bytes");
    }
    for (byte b : first) {
      if (Integer.bitCount(b & 0xff) % 2 == 0) {
        throw new KnownAnswers.Failure("a key byte of even parity");
      }
    }
  }

  private static void addCipher(
      KnownAnswers table,
      String name,
      String source,
      String keyAlgorithm,
      String key,
      AlgorithmParameterSpec params,
      String aad,
      String plain,
      String sealed) {
    table.add(
        "Cipher",
        name,
        source,
        provider ->
            check(
                provider,
                name,
                new SecretKeySpec(KnownAnswers.hex(key), keyAlgorithm),
                params,
                aad,
                plain,
                sealed));
  }

  private static void check(
      Provider provider,
      String name,
      SecretKeySpec key,
      AlgorithmParameterSpec params,
      String aad,
      String plain,
      String sealed)
      throws Exception {
    Cipher cipher = Cipher.getInstance(name, provider);
    cipher.init(Cipher.ENCRYPT_MODE, key, params);
    if (aad != null) {
      cipher.updateAAD(KnownAnswers.hex(aad));
    }
    KnownAnswers.expectEqual(sealed, cipher.doFinal(KnownAnswers.hex(plain)));
    cipher.init(Cipher.DECRYPT_MODE, key, params);
    if (aad != null) {
      cipher.updateAAD(KnownAnswers.hex(aad));
    }
    KnownAnswers.expectEqual(plain, cipher.doFinal(KnownAnswers.hex(sealed)));
  }
}
