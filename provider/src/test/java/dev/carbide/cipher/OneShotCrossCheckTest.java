package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.cipher.CipherDriver.Form;
import dev.carbide.cipher.CipherDriver.Trace;
import dev.carbide.testing.Carbide;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The ciphers of issue 19 against their contract reference on random keys, parameters, AAD and
 * data, with random update splits through arrays and heap, direct and in-place buffers: DESede
 * against SunJCE, AES/CCM and AES/GCM-SIV against Bouncy Castle (the JDK has neither). Every call's
 * output and every getOutputSize must be the same, in both directions.
 */
class OneShotCrossCheckTest {
  static final List<String> TRANSFORMATIONS =
      List.of(
          "DESede/CBC/PKCS5Padding",
          "DESede/CBC/NoPadding",
          "DESede/ECB/PKCS5Padding",
          "DESede/ECB/NoPadding",
          "DESede",
          "AES/CCM/NoPadding",
          "AES/GCM-SIV/NoPadding");

  private static final Provider BC = new BouncyCastleProvider();

  @ParameterizedTest
  @FieldSource("TRANSFORMATIONS")
  void sameOutputsAsTheReference(String transformation) throws Exception {
    OneShotWycheproofTest.assumeServed(transformation);
    boolean desede = transformation.startsWith("DESede");
    Provider reference = desede ? Security.getProvider("SunJCE") : BC;
    Random random = new Random(transformation.hashCode());
    for (int round = 0; round < 120; round++) {
      int len = round == 0 ? 1 << 16 : random.nextInt(round < 80 ? 100 : 3000);
      if (transformation.endsWith("NoPadding") && desede) {
        len -= len % 8;
      }
      byte[] key = bytes(random, desede ? 24 : 16 * (1 + random.nextInt(2)));
      AlgorithmParameterSpec params = params(transformation, random);
      if (params instanceof GCMParameterSpec spec && spec.getIV().length == 13) {
        len = Math.min(len, 65535); // a 13-byte CCM nonce leaves two bytes for the length
      }
      byte[] input = bytes(random, len);
      byte[] aad = desede ? null : bytes(random, random.nextInt(40));
      Form form = Form.values()[random.nextInt(Form.values().length)];
      String label = transformation + " round " + round + " len " + len + " " + form;
      String keyAlgorithm = desede ? "DESede" : "AES";
      byte[] ciphertext =
          compare(
              reference,
              Cipher.ENCRYPT_MODE,
              transformation,
              keyAlgorithm,
              key,
              params,
              aad,
              input,
              random,
              form,
              label);
      byte[] plaintext =
          compare(
              reference,
              Cipher.DECRYPT_MODE,
              transformation,
              keyAlgorithm,
              key,
              params,
              aad,
              ciphertext,
              random,
              form,
              label);
      assertArrayEquals(input, plaintext, label);
    }
  }

  private static byte[] compare(
      Provider reference,
      int mode,
      String transformation,
      String keyAlgorithm,
      byte[] key,
      AlgorithmParameterSpec params,
      byte[] aad,
      byte[] input,
      Random random,
      Form form,
      String label)
      throws Exception {
    int[] cuts = CipherDriver.splits(random, input.length);
    Trace expected =
        CipherDriver.run(
            init(reference, mode, transformation, keyAlgorithm, key, params),
            aad,
            input,
            cuts,
            Form.ARRAY);
    Trace actual =
        CipherDriver.run(
            init(Carbide.provider(), mode, transformation, keyAlgorithm, key, params),
            aad,
            input,
            cuts,
            form);
    assertEquals(expected.outputSizes(), actual.outputSizes(), label + " getOutputSize");
    assertArrayEquals(expected.joined(), actual.joined(), label);
    if (form == Form.ARRAY) {
      for (int i = 0; i < expected.outputs().size(); i++) {
        assertArrayEquals(expected.outputs().get(i), actual.outputs().get(i), label + " call " + i);
      }
    }
    return expected.joined();
  }

  private static Cipher init(
      Provider provider,
      int mode,
      String transformation,
      String keyAlgorithm,
      byte[] key,
      AlgorithmParameterSpec params)
      throws Exception {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    cipher.init(mode, new SecretKeySpec(key, keyAlgorithm), params);
    return cipher;
  }

  private static AlgorithmParameterSpec params(String transformation, Random random) {
    if (transformation.contains("CCM")) {
      int[] tags = {32, 48, 64, 80, 96, 112, 128};
      return new GCMParameterSpec(
          tags[random.nextInt(tags.length)], bytes(random, 7 + random.nextInt(7)));
    }
    if (transformation.contains("GCM-SIV")) {
      return new GCMParameterSpec(128, bytes(random, 12));
    }
    return transformation.contains("CBC") ? new IvParameterSpec(bytes(random, 8)) : null;
  }

  private static byte[] bytes(Random random, int len) {
    byte[] bytes = new byte[len];
    random.nextBytes(bytes);
    return bytes;
  }
}
