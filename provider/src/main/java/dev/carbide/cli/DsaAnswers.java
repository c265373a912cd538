package dev.carbide.cli;

import dev.carbide.internal.FipsMode;
import java.math.BigInteger;
import java.security.AlgorithmParameterGenerator;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.DSAPublicKey;
import java.security.spec.DSAParameterSpec;
import java.security.spec.DSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.spec.DHParameterSpec;

/**
 * Checks for the DSA services and DH's parameter services. Verification and the KeyFactory have
 * known answers from Project Wycheproof (dsa_2048_224_sha224 and _sha256, DER and P1363, tcIds 2
 * and 59, one key), the parameter encodings known DER (the Wycheproof key's own Dss-Parms, RFC
 * 7919's ffdhe2048 as PKCS #3 DHParameter); signing cannot have one (the nonce is random), so each
 * DSA signature is checked by a sign/verify round trip plus the rejection of a tampered message,
 * and the generators by the properties of what they make; NONEwithDSA is checked against
 * SHA1withDSA over the same digest. FIPS mode, which refuses DSA signing, runs the verification
 * answers only.
 */
final class DsaAnswers {
  private DsaAnswers() {}

  private static final String KEY =
      "308203423082023506072a8648ce3804013082022802820101008f7935d9b9aae9bfabed887acf4951b6"
          + "f32ec59e3baf3718e8eac4961f3efd3606e74351a9c4183339b809e7c2ae1c539ba7475b85d011adb8b4"
          + "7987754984695cac0e8f14b3360828a22ffa27110a3d62a993453409a0fe696c4658f84bdd20819c3709"
          + "a01057b195adcd00233dba5484b6291f9d648ef883448677979cec04b434a6ac2e75e9985de23db0292f"
          + "c1118c9ffa9d8181e7338db792b730d7b9e349592f68099872153915ea3d6b8b4653c633458f803b32a4"
          + "c2e0f27290256e4e3f8a3b0838a1c450e4e18c1a29a37ddf5ea143de4b66ff04903ed5cf1623e158d487"
          + "c608e97f211cd81dca23cb6e380765f822e342be484c05763939601cd667021d00baf696a68578f7dfde"
          + "e7fa67c977c785ef32b233bae580c0bcd5695d0282010016a65c58204850704e7502a39757040d34da3a"
          + "3478c154d4e4a5c02d242ee04f96e61e4bd0904abdac8f37eeb1e09f3182d23c9043cb642f88004160ed"
          + "f9ca09b32076a79c32a627f2473e91879ba2c4e744bd2081544cb55b802c368d1fa83ed489e94e0fa068"
          + "8e32428a5c78c478c68d0527b71c9a3abb0b0be12c44689639e7d3ce74db101a65aa2b87f64c6826db3e"
          + "c72f4b5599834bb4edb02f7c90e9a496d3a55d535bebfc45d4f619f63f3dedbb873925c2f224e0773129"
          + "6da887ec1e4748f87efb5fdeb75484316b2232dee553ddaf02112b0d1f02da30973224fe27aeda8b9d4b"
          + "2922d9ba8be39ed9e103a63c52810bc688b7e2ed4316e1ef17dbde0382010500028201001e77f842b1ae"
          + "0fcd9929d394161d41e14614ff7507a9a31f4a1f14d22e2a627a1f4e596624883f1a5b168e9425146f22"
          + "d5f6ee28757414714bb994ba1129f015d6e04a717edf9b530a5d5cab94f14631e8b4cf79aeb358cc7418"
          + "45553841e8ac461630e804a62f43676ba6794af66899c377b869ea612a7b9fe6611aa96be52eb8b62c97"
          + "9117bbbcca8a7ec1e1ffab1c7dfcfc7048700d3ae3858136e897701d7c2921b5dfef1d1f897f50d96ca1"
          + "b5c2edc58cada18919e35642f0807eebfa00c99a32f4d095c3188f78ed54711be0325c4b532aeccd6540"
          + "a567c327225440ea15319bde06510479a1861799e25b57decc73c036d75a0702bd373ca231349931";
  private static final byte[] MESSAGE = HexFormat.of().parseHex("313233343030");

  /** A Wycheproof signature over MESSAGE by KEY. */
  private record Kat(String algorithm, String signature) {}

  private static final List<Kat> KATS =
      List.of(
          new Kat(
              "SHA224withDSA",
              "303d021d00a545d62d6e336775fb6a9b8495721646a54bd8c6173fc0a2295a1b7b021c068259cf902e5d"
                  + "55eb26e7bf850a82d40fc5456b3a902679612ea4a8"),
          new Kat(
              "SHA224withDSAinP1363Format",
              "a939df97ddbe605a925e2456acc196ceea94410d54eed9d501befb902f50ce7bac70f84f265794a3ad"
                  + "a363f9afacf7b88c5273e23cac5e55"),
          new Kat(
              "SHA256withDSA",
              "303d021d00a545d62d6e336775fb6a9b8495721646a54bd8c6173fc0a2295a1b7b021c3be6bae0e876"
                  + "3818840a9151ad8ed2b3b348e4a2c488d3fbdbbca844"),
          new Kat(
              "SHA256withDSAinP1363Format",
              "a939df97ddbe605a925e2456acc196ceea94410d54eed9d501befb90928cb34d0e71f8ea4228243817"
                  + "982090e73989348a4eee774b3c08c7"));

  private static final String KAT_SOURCE = "Wycheproof dsa_2048_224 (see DsaAnswers)";
  private static final String[] DIGESTS = {
    "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512"
  };

  static void addTo(KnownAnswers table) {
    for (String digest : DIGESTS) {
      for (String form : new String[] {"withDSA", "withDSAinP1363Format"}) {
        String algorithm = digest + form;
        Kat kat = KATS.stream().filter(k -> k.algorithm.equals(algorithm)).findFirst().orElse(null);
        table.add(
            "Signature",
            algorithm,
            kat != null
                ? KAT_SOURCE + " and a sign/verify round trip"
                : "sign/verify round trip, no known answer",
            provider -> checkSignature(provider, algorithm, kat));
      }
    }
    for (String raw : new String[] {"NONEwithDSA", "NONEwithDSAinP1363Format"}) {
      table.add(
          "Signature",
          raw,
          "agrees with SHA1withDSA over the message's SHA-1 digest, both ways; no known answer",
          provider -> checkRaw(provider, raw));
    }
    table.add("KeyFactory", "DSA", KAT_SOURCE + " (key to spec and back)", DsaAnswers::checkKeys);
    table.add(
        "KeyPairGenerator",
        "DSA",
        "a generated 2048-bit pair signs and verifies, no known answer",
        DsaAnswers::checkKeyPairGenerator);
    table.add(
        "AlgorithmParameters",
        "DSA",
        KAT_SOURCE + " (the key's Dss-Parms)",
        DsaAnswers::checkParams);
    table.add(
        "AlgorithmParameterGenerator",
        "DSA",
        "1024-bit parameters: p and q prime, g of order q; no known answer",
        DsaAnswers::checkGenerator);
    table.add(
        "AlgorithmParameters",
        "DiffieHellman",
        "RFC 7919 ffdhe2048 as a PKCS #3 DHParameter",
        DsaAnswers::checkDhParams);
    table.add(
        "AlgorithmParameterGenerator",
        "DiffieHellman",
        "512-bit parameters: p prime, g in [2, p - 2]; no known answer",
        DsaAnswers::checkDhGenerator);
  }

  private static PublicKey knownKey(java.security.Provider provider) throws Exception {
    return KeyFactory.getInstance("DSA", provider)
        .generatePublic(new X509EncodedKeySpec(HexFormat.of().parseHex(KEY)));
  }

  private static void checkSignature(java.security.Provider provider, String algorithm, Kat kat)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    if (kat != null) {
      signature.initVerify(knownKey(provider));
      signature.update(MESSAGE);
      if (!signature.verify(HexFormat.of().parseHex(kat.signature))) {
        throw new KnownAnswers.Failure("a Wycheproof signature did not verify");
      }
    }
    if (FipsMode.enabled()) {
      if (kat == null) {
        throw new KnownAnswers.Skipped("FIPS mode refuses DSA signing; no verification answer");
      }
      return;
    }
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DSA", provider);
    // SHA-1 is too weak to sign with a 2048-bit key's 224-bit q (SUN's rule): a 1024-bit key.
    generator.initialize(algorithm.startsWith("SHA1") ? 1024 : 2048);
    KeyPair pair = generator.generateKeyPair();
    signature.initSign(pair.getPrivate());
    signature.update(MESSAGE);
    byte[] signed = signature.sign();
    signature.initVerify(pair.getPublic());
    signature.update(MESSAGE);
    if (!signature.verify(signed)) {
      throw new KnownAnswers.Failure("a fresh signature did not verify");
    }
    signature.update(MESSAGE, 1, MESSAGE.length - 1);
    if (signature.verify(signed)) {
      throw new KnownAnswers.Failure("a signature verified over another message");
    }
  }

  // NONEwithDSA over SHA-1(m) is SHA1withDSA over m: each verifies the other's signature.
  private static void checkRaw(java.security.Provider provider, String algorithm) throws Exception {
    if (FipsMode.enabled()) {
      throw new KnownAnswers.Skipped("FIPS mode refuses DSA signing; no verification answer");
    }
    String digesting = "SHA1withDSA" + algorithm.substring("NONEwithDSA".length());
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DSA", provider);
    generator.initialize(1024);
    KeyPair pair = generator.generateKeyPair();
    byte[] digest = java.security.MessageDigest.getInstance("SHA-1").digest(MESSAGE);
    Signature raw = Signature.getInstance(algorithm, provider);
    raw.initSign(pair.getPrivate());
    raw.update(digest);
    byte[] byRaw = raw.sign();
    Signature sha1 = Signature.getInstance(digesting, provider);
    sha1.initVerify(pair.getPublic());
    sha1.update(MESSAGE);
    if (!sha1.verify(byRaw)) {
      throw new KnownAnswers.Failure(digesting + " rejects the signature of the digest");
    }
    sha1.initSign(pair.getPrivate());
    sha1.update(MESSAGE);
    byte[] bySha1 = sha1.sign();
    raw.initVerify(pair.getPublic());
    raw.update(digest);
    if (!raw.verify(bySha1)) {
      throw new KnownAnswers.Failure("the digest does not verify " + digesting + "'s signature");
    }
    digest[0] ^= 1;
    raw.update(digest);
    if (raw.verify(bySha1)) {
      throw new KnownAnswers.Failure("a signature verified over another digest");
    }
  }

  private static void checkKeys(java.security.Provider provider) throws Exception {
    KeyFactory factory = KeyFactory.getInstance("DSA", provider);
    PublicKey key = knownKey(provider);
    DSAPublicKeySpec spec = factory.getKeySpec(key, DSAPublicKeySpec.class);
    KnownAnswers.expectEqual(KEY, factory.generatePublic(spec).getEncoded());
  }

  private static void checkKeyPairGenerator(java.security.Provider provider) throws Exception {
    checkSignature(provider, "SHA256withDSA", null);
  }

  private static void checkParams(java.security.Provider provider) throws Exception {
    DSAPublicKey key = (DSAPublicKey) knownKey(provider);
    AlgorithmParameters params = AlgorithmParameters.getInstance("DSA", provider);
    params.init(
        new DSAParameterSpec(
            key.getParams().getP(), key.getParams().getQ(), key.getParams().getG()));
    byte[] encoded = params.getEncoded();
    // The key's AlgorithmIdentifier: SEQUENCE { SEQUENCE { OID dsa, Dss-Parms }, BIT STRING }.
    byte[] der = HexFormat.of().parseHex(KEY);
    int at = 4 + 4 + 9; // outer and inner SEQUENCE headers (long form), then the OID
    if (!Arrays.equals(der, at, at + encoded.length, encoded, 0, encoded.length)) {
      throw new KnownAnswers.Failure("the Dss-Parms differ from the key's");
    }
  }

  private static void checkGenerator(java.security.Provider provider) throws Exception {
    AlgorithmParameterGenerator generator =
        AlgorithmParameterGenerator.getInstance("DSA", provider);
    generator.init(1024);
    DSAParameterSpec spec = generator.generateParameters().getParameterSpec(DSAParameterSpec.class);
    if (spec.getP().bitLength() != 1024
        || spec.getQ().bitLength() != 160
        || !spec.getP().isProbablePrime(64)
        || !spec.getQ().isProbablePrime(64)
        || !spec.getG().modPow(spec.getQ(), spec.getP()).equals(BigInteger.ONE)
        || spec.getG().compareTo(BigInteger.ONE) <= 0) {
      throw new KnownAnswers.Failure("the generated parameters are not a DSA group");
    }
  }

  private static void checkDhParams(java.security.Provider provider) throws Exception {
    BigInteger p = DhAnswers.FFDHE2048;
    AlgorithmParameters params = AlgorithmParameters.getInstance("DiffieHellman", provider);
    params.init(new DHParameterSpec(p, BigInteger.TWO));
    String expected = "308201080282010100" + p.toString(16) + "020102";
    KnownAnswers.expectEqual(expected, params.getEncoded());
    AlgorithmParameters decoded = AlgorithmParameters.getInstance("DiffieHellman", provider);
    decoded.init(HexFormat.of().parseHex(expected));
    if (!decoded.getParameterSpec(DHParameterSpec.class).getP().equals(p)) {
      throw new KnownAnswers.Failure("the decoded prime differs");
    }
  }

  private static void checkDhGenerator(java.security.Provider provider) throws Exception {
    AlgorithmParameterGenerator generator =
        AlgorithmParameterGenerator.getInstance("DiffieHellman", provider);
    generator.init(512);
    DHParameterSpec spec = generator.generateParameters().getParameterSpec(DHParameterSpec.class);
    BigInteger p = spec.getP();
    if (p.bitLength() != 512
        || !p.isProbablePrime(64)
        || spec.getG().compareTo(BigInteger.ONE) <= 0
        || spec.getG().compareTo(p.subtract(BigInteger.ONE)) >= 0) {
      throw new KnownAnswers.Failure("the generated parameters are not a DH group");
    }
  }
}
