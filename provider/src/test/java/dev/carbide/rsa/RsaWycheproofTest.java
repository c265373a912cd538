package dev.carbide.rsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.RSAKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Wycheproof rsa_signature_*, rsa_pkcs1_*, rsa_pss_*, rsa_oaep_* and rsa_three_primes_* file:
 * a valid case must verify (or decrypt to its message, or sign to its signature), an invalid one
 * must be refused (false or an exception, as SunRsaSign and SunJCE answer), an acceptable one may
 * go either way. Files that need what Carbide does not serve are listed in {@link #SKIPPED}.
 */
class RsaWycheproofTest {
  /** Files left out, with the reason. */
  private static final Map<String, String> SKIPPED =
      Map.of(
          "rsa_pss_2048_shake128_test.json",
              "PSS with SHAKE (RFC 8702): neither Carbide nor the JDK",
          "rsa_pss_2048_shake256_test.json",
              "PSS with SHAKE (RFC 8702): neither Carbide nor the JDK",
          "rsa_pss_3072_shake128_test.json",
              "PSS with SHAKE (RFC 8702): neither Carbide nor the JDK",
          "rsa_pss_3072_shake256_test.json",
              "PSS with SHAKE (RFC 8702): neither Carbide nor the JDK",
          "rsa_pss_4096_shake256_test.json",
              "PSS with SHAKE (RFC 8702): neither Carbide nor the JDK");

  @TestFactory
  Stream<DynamicTest> everyRsaFile() throws IOException {
    List<String> files =
        TestVectors.wycheproofFiles("rsa_(signature|pkcs1|pss|oaep|three_primes)_.*_test\\.json")
            .stream()
            .filter(name -> !SKIPPED.containsKey(name))
            .toList();
    assertTrue(files.size() >= 70, "rsa files: " + files);
    return files.stream().map(name -> DynamicTest.dynamicTest(name, () -> runFile(name)));
  }

  private static void runFile(String file) throws Exception {
    List<String> failures = new ArrayList<>();
    int passed = 0;
    for (WycheproofCase test : TestVectors.wycheproof(file)) {
      String type = test.group().get("type").asText();
      boolean accepted =
          switch (type) {
            case "RsassaPkcs1Verify" -> verifyPkcs1(test);
            case "RsassaPkcs1Generate" -> signPkcs1(test);
            case "RsassaPssVerify", "RsassaPssWithParametersVerify" -> verifyPss(test);
            case "RsaesOaepDecrypt" -> decrypt(test, true);
            case "RsaesPkcs1Decrypt" -> decrypt(test, false);
            default -> throw new AssertionError(file + ": unknown test type " + type);
          };
      passed += accepted ? 1 : 0;
      if (accepted && test.result().equals("invalid")
          || !accepted && test.result().equals("valid")) {
        failures.add(test + ": " + (accepted ? "accepted" : "refused"));
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(passed > 0);
  }

  private static String digestPrefix(String sha) {
    return sha.replace("SHA-512/", "SHA512/").replace("SHA-", "SHA");
  }

  private static PublicKey publicKey(WycheproofCase test, String algorithm) throws Exception {
    return KeyFactory.getInstance(algorithm, Carbide.provider())
        .generatePublic(
            new X509EncodedKeySpec(TestVectors.hex(test.group().get("publicKeyDer").asText())));
  }

  private static PrivateKey privateKey(WycheproofCase test) throws Exception {
    return KeyFactory.getInstance("RSA", Carbide.provider())
        .generatePrivate(
            new PKCS8EncodedKeySpec(TestVectors.hex(test.group().get("privateKeyPkcs8").asText())));
  }

  private static boolean verifyPkcs1(WycheproofCase test) throws Exception {
    String algorithm = digestPrefix(test.group().get("sha").asText()) + "withRSA";
    Signature verifier = Signature.getInstance(algorithm, Carbide.provider());
    try {
      verifier.initVerify(publicKey(test, "RSA"));
      verifier.update(test.bytes("msg"));
      return verifier.verify(test.bytes("sig"));
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  // PKCS#1 v1.5 is deterministic: signing the message must give the file's signature.
  private static boolean signPkcs1(WycheproofCase test) throws Exception {
    String algorithm = digestPrefix(test.group().get("sha").asText()) + "withRSA";
    Signature signer = Signature.getInstance(algorithm, Carbide.provider());
    signer.initSign(privateKey(test));
    signer.update(test.bytes("msg"));
    assertArrayEquals(test.bytes("sig"), signer.sign(), test::toString);
    return true;
  }

  private static boolean verifyPss(WycheproofCase test) throws Exception {
    boolean withParameters = test.group().get("type").asText().endsWith("WithParametersVerify");
    Signature verifier = Signature.getInstance("RSASSA-PSS", Carbide.provider());
    try {
      Key key = publicKey(test, withParameters ? "RSASSA-PSS" : "RSA");
      PSSParameterSpec params = (PSSParameterSpec) ((RSAKey) key).getParams();
      if (params == null) {
        params =
            new PSSParameterSpec(
                test.group().get("sha").asText(),
                "MGF1",
                new MGF1ParameterSpec(test.group().get("mgfSha").asText()),
                test.group().get("sLen").asInt(),
                PSSParameterSpec.TRAILER_FIELD_BC);
      }
      verifier.setParameter(params);
      verifier.initVerify((PublicKey) key);
      verifier.update(test.bytes("msg"));
      return verifier.verify(test.bytes("sig"));
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private static boolean decrypt(WycheproofCase test, boolean oaep) throws Exception {
    Cipher cipher =
        Cipher.getInstance(
            oaep ? "RSA/ECB/OAEPPadding" : "RSA/ECB/PKCS1Padding", Carbide.provider());
    PrivateKey key = privateKey(test);
    if (oaep) {
      cipher.init(
          Cipher.DECRYPT_MODE,
          key,
          new OAEPParameterSpec(
              test.group().get("sha").asText(),
              "MGF1",
              new MGF1ParameterSpec(test.group().get("mgfSha").asText()),
              new PSource.PSpecified(test.bytes("label"))));
    } else {
      cipher.init(Cipher.DECRYPT_MODE, key);
    }
    byte[] plaintext;
    try {
      plaintext = cipher.doFinal(test.bytes("ct"));
    } catch (GeneralSecurityException e) {
      return false;
    }
    assertArrayEquals(test.bytes("msg"), plaintext, test::toString);
    return true;
  }
}
