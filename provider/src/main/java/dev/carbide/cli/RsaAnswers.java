package dev.carbide.cli;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;

/**
 * Checks for the RSA services. PKCS#1 v1.5 signing is deterministic: SHA256withRSA reproduces a
 * Wycheproof signature, and every other digest (and NONEwithRSA) must give the very bytes that the
 * JDK's provider gives with the same key. PSS signatures and encryption are randomized, so they are
 * checked by the JDK verifying or decrypting Carbide's output and the reverse. Each row says which.
 */
final class RsaAnswers {
  private RsaAnswers() {}

  // Wycheproof rsa_pkcs1_1024_sig_gen_test.json, the SHA-256 group, tcId 18 (20 zero bytes).
  private static final String KEY =
      "30820276020100300d06092a864886f70d0101010500048202603082025c02010002818100ac9048a7a4"
          + "f560af91b4fcaf62a14595cb9ca9ec12000fc845e48572113cab2890adb011a919575a40760d1f23fe92"
          + "509c8a5810b6d05990b909dd0f4c6014f2b31b6abd805bace99816e2eda41fd7b95405db7c5c8f4cf6ba"
          + "bb14f550d5d0dd5179b54951fff6aa9686f30f478db649b7c7044cc202dccad00343468eaacfbf020301"
          + "0001028181008505d47c271560aaf6cf65da6d5594a69c86f01622ea194071606fde369b65f5a751bce0"
          + "6052409c3a04c6a8b2be935bc0d084829dea8ea0998398fd2a0b0719ac1a1ae2d133fcc72d9df27b377b"
          + "9a0109ef1a564e92b66963356b8da48f88fcdbc20658f74b542582925ec5cd03fb5e9a527c670465f792"
          + "a69c1f6c7c5e1841024100d397dcfab4919db23bb6b88c4511516f6135e1118277e496130f0cab3a7566"
          + "1010cc98ec8f40cdb0c1ab612c03bbe3b023d891f46185788fb114437c8a9ae71d024100d0c780515950"
          + "9ddad70f35b9a76c7c2bd95a844d36b76d96138cfc7a2a55f88072e8b10ac37463caf9bf8d1014c93a00"
          + "1214d7ce230c8332fb58dadb05d52f8b0240762d3c4b7dac5292284dbe3701a051864e99e4117e77ede0"
          + "6fd698f1cd5da25a58b79cb58ab0dbf0dbca17249915486ea9269d260b8d9b2f4dec8e60b19d20750240"
          + "62a4f06eff4944dc6262905ae0cd343a2f9f42058d85cb646e665de086e249e0beea4cc42e276f03374f"
          + "9721f30044c445c6cd545b610d186883ca1c543c2f1302403cfcf044035c1854475e1dba480ac50d2a05"
          + "9f32d18e819c96a3199b1e3855a653ec0e5577e4d7677d6e0b7a55fc418b13202ee19430228c4bf9d28a"
          + "f8851c9b";
  private static final String SIGNATURE =
      "41339884a9b3940e8488d666bb158063c6a2a2717cae7f564834a876fcbf7098ecf3acbfabf37d38a8e6"
          + "127b1e313744f1f896e165efdaea0b2e7673867842b9e94db0868ed9a92bcdcb370a4e20ff275c82595e"
          + "4400a8b9e9f12482f014846b48216f321266ae6ae6338dbcdc41b711e483e6e3e728772e7f9f5ef95c30"
          + "196b";
  private static final String KAT = "Wycheproof rsa_pkcs1_1024_sig_gen_test.json tcId 18";
  private static final String SAME_AS_JDK = "the same signature as SunRsaSign's, same key";
  private static final String CROSS =
      "round trips with the JDK's provider both ways, no known answer";

  /** The digests of the PKCS#1 v1.5 names. */
  static final List<String> DIGESTS =
      List.of(
          "MD5",
          "SHA1",
          "SHA224",
          "SHA256",
          "SHA384",
          "SHA512",
          "SHA512/224",
          "SHA512/256",
          "SHA3-224",
          "SHA3-256",
          "SHA3-384",
          "SHA3-512");

  static void addTo(KnownAnswers table) {
    table.add("KeyFactory", "RSA", KAT, provider -> checkPkcs1(provider, "SHA256withRSA", true));
    table.add("KeyFactory", "RSASSA-PSS", CROSS + " (keys from specs)", RsaAnswers::checkPss);
    for (String algorithm : List.of("RSA", "RSASSA-PSS")) {
      table.add(
          "KeyPairGenerator",
          algorithm,
          "signatures of a generated pair, no known answer",
          provider -> checkGenerator(provider, algorithm));
    }
    for (String digest : DIGESTS) {
      String name = digest + "withRSA";
      boolean known = name.equals("SHA256withRSA");
      table.add(
          "Signature",
          name,
          known ? KAT + ", and " + SAME_AS_JDK : SAME_AS_JDK,
          provider -> checkPkcs1(provider, name, known));
    }
    table.add("Signature", "NONEwithRSA", SAME_AS_JDK, RsaAnswers::checkRaw);
    table.add("Signature", "RSASSA-PSS", CROSS, RsaAnswers::checkPss);
    for (String name : List.of("RSA", "RSA/ECB/PKCS1Padding")) {
      table.add("Cipher", name, CROSS + " (PKCS#1 v1.5 and OAEP)", RsaAnswers::checkCipher);
    }
  }

  private static PrivateKey kat(Provider provider) throws Exception {
    return KeyFactory.getInstance("RSA", provider)
        .generatePrivate(new PKCS8EncodedKeySpec(KnownAnswers.hex(KEY)));
  }

  private static PublicKey publicOf(Provider provider, PrivateKey key) throws Exception {
    KeyFactory factory = KeyFactory.getInstance("RSA", provider);
    RSAPrivateCrtKeySpec spec = factory.getKeySpec(key, RSAPrivateCrtKeySpec.class);
    return factory.generatePublic(
        new RSAPublicKeySpec(spec.getModulus(), spec.getPublicExponent()));
  }

  private static Provider jdk(String name) throws KnownAnswers.Skipped {
    Provider jdk = Security.getProvider(name);
    if (jdk == null) {
      throw new KnownAnswers.Skipped(name + " is not installed");
    }
    return jdk;
  }

  private static void checkPkcs1(Provider provider, String name, boolean known) throws Exception {
    PrivateKey key = kat(provider);
    byte[] message = new byte[20];
    Signature signature = Signature.getInstance(name, provider);
    signature.initSign(key);
    signature.update(message);
    byte[] signed = signature.sign();
    if (known) {
      KnownAnswers.expectEqual(SIGNATURE, signed);
    }
    Signature reference = Signature.getInstance(name, jdk("SunRsaSign"));
    reference.initSign(key);
    reference.update(message);
    if (!Arrays.equals(reference.sign(), signed)) {
      throw new KnownAnswers.Failure("the signature differs from SunRsaSign's");
    }
    signature.initVerify(publicOf(provider, key));
    message[0] ^= 1;
    signature.update(message);
    if (signature.verify(signed)) {
      throw new KnownAnswers.Failure("a signature verified for another message");
    }
  }

  // NONEwithRSA over a SHA-256 DigestInfo, as SunJCE signs it.
  private static void checkRaw(Provider provider) throws Exception {
    PrivateKey key = kat(provider);
    byte[] digestInfo = new byte[51];
    Arrays.fill(digestInfo, (byte) 0x33);
    Signature signature = Signature.getInstance("NONEwithRSA", provider);
    signature.initSign(key);
    signature.update(digestInfo);
    byte[] signed = signature.sign();
    Signature reference = Signature.getInstance("NONEwithRSA", jdk("SunJCE"));
    reference.initSign(key);
    reference.update(digestInfo);
    if (!Arrays.equals(reference.sign(), signed)) {
      throw new KnownAnswers.Failure("the signature differs from SunJCE's");
    }
    signature.initVerify(publicOf(provider, key));
    signature.update(digestInfo);
    if (!signature.verify(signed)) {
      throw new KnownAnswers.Failure("the signature did not verify");
    }
  }

  private static void checkPss(Provider provider) throws Exception {
    KeyFactory rsa = KeyFactory.getInstance("RSA", provider);
    KeyFactory pss = KeyFactory.getInstance("RSASSA-PSS", provider);
    RSAPrivateCrtKeySpec spec = rsa.getKeySpec(kat(provider), RSAPrivateCrtKeySpec.class);
    PrivateKey key = pss.generatePrivate(spec);
    PublicKey publicKey =
        pss.generatePublic(new RSAPublicKeySpec(spec.getModulus(), spec.getPublicExponent()));
    PSSParameterSpec params =
        new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
    crossSign(
        Signature.getInstance("RSASSA-PSS", provider),
        Signature.getInstance("RSASSA-PSS", jdk("SunRsaSign")),
        params,
        key,
        publicKey);
    crossSign(
        Signature.getInstance("RSASSA-PSS", jdk("SunRsaSign")),
        Signature.getInstance("RSASSA-PSS", provider),
        params,
        key,
        publicKey);
  }

  private static void crossSign(
      Signature signer,
      Signature verifier,
      PSSParameterSpec params,
      PrivateKey key,
      PublicKey publicKey)
      throws Exception {
    byte[] message = new byte[32];
    signer.setParameter(params);
    signer.initSign(key);
    signer.update(message);
    byte[] signed = signer.sign();
    verifier.setParameter(params);
    verifier.initVerify(publicKey);
    verifier.update(message);
    if (!verifier.verify(signed)) {
      throw new KnownAnswers.Failure(
          "a signature of " + signer.getProvider().getName() + " did not verify");
    }
  }

  private static void checkGenerator(Provider provider, String algorithm) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm, provider);
    generator.initialize(2048);
    KeyPair pair = generator.generateKeyPair();
    String name = algorithm.equals("RSA") ? "SHA256withRSA" : "RSASSA-PSS";
    PSSParameterSpec params =
        algorithm.equals("RSA")
            ? null
            : new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
    Signature signer = Signature.getInstance(name, provider);
    Signature verifier = Signature.getInstance(name, jdk("SunRsaSign"));
    if (params == null) {
      signer.initSign(pair.getPrivate());
      signer.update(new byte[32]);
      verifier.initVerify(pair.getPublic());
      verifier.update(new byte[32]);
      if (!verifier.verify(signer.sign())) {
        throw new KnownAnswers.Failure("SunRsaSign refused a signature by a generated key");
      }
    } else {
      crossSign(signer, verifier, params, pair.getPrivate(), pair.getPublic());
    }
  }

  private static void checkCipher(Provider provider) throws Exception {
    PrivateKey key = kat(provider);
    PublicKey publicKey = publicOf(provider, key);
    byte[] message = new byte[32];
    Arrays.fill(message, (byte) 0x5a);
    for (String transformation : List.of("RSA/ECB/PKCS1Padding", "RSA/ECB/OAEPPadding")) {
      Cipher carbide = Cipher.getInstance(transformation, provider);
      Cipher reference = Cipher.getInstance(transformation, jdk("SunJCE"));
      carbide.init(Cipher.ENCRYPT_MODE, publicKey);
      reference.init(Cipher.DECRYPT_MODE, key);
      if (!Arrays.equals(message, reference.doFinal(carbide.doFinal(message)))) {
        throw new KnownAnswers.Failure(transformation + ": SunJCE decrypted something else");
      }
      reference.init(Cipher.ENCRYPT_MODE, publicKey);
      carbide.init(Cipher.DECRYPT_MODE, key);
      if (!Arrays.equals(message, carbide.doFinal(reference.doFinal(message)))) {
        throw new KnownAnswers.Failure(transformation + ": SunJCE's ciphertext decrypted wrong");
      }
    }
  }
}
