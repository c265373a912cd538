package dev.carbide.cli;

import dev.carbide.internal.FipsMode;
import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KeyAgreement;

/**
 * Checks for the EC services. ECDH, the KeyFactory and SHA256withECDSA verification have known
 * answers from Project Wycheproof; signing cannot have one (the nonce is random), so each ECDSA
 * signature is checked by a sign/verify round trip plus the rejection of a tampered message, and
 * key generation by the agreement of two generated pairs. Each row says which it is.
 */
final class EcAnswers {
  private EcAnswers() {}

  // Wycheproof ecdh_secp256r1_ecpoint_test.json tcId 1.
  private static final String PEER =
      "0462d5bd3372af75fe85a040715d0f502428e07046868b0bfdfa61d731afe44f26"
          + "ac333a93a9e70a81cd5a95b5bf8d13990eb741c8c38872b4a07d275a014e30cf";
  private static final String PRIVATE =
      "0612465c89a023ab17855b0a6bcebfd3febb53aef84138647b5352e02c10c346";
  private static final String SHARED =
      "53020d908b0219328b658b525f26780e3ae12bcd952bb25a93bc0895e1714285";

  // Wycheproof ecdsa_secp256r1_sha256_test.json, group 1, tcId 1 (empty message).
  private static final String ECDSA_KEY =
      "3059301306072a8648ce3d020106082a8648ce3d0301070342000404aaec73635726f213fb8a9e64da3b"
          + "8632e41495a944d0045b522eba7240fad587d9315798aaa3a5ba01775787ced05eaaf7b4e09fc81d"
          + "6d1aa546e8365d525d";
  private static final String ECDSA_SIG =
      "3045022100b292a619339f6e567a305c951c0dcbcc42d16e47f219f9e98e76e09d8770b34a02200177e6"
          + "0492c5a8242f76f07bfe3661bde59ec2a17ce5bd2dab2abebdf89a62e2";

  /**
   * Wycheproof ecdh_CURVE_test.json tcId 1 of the curves beyond SunEC's: the peer's X.509 key, the
   * private scalar and the shared secret.
   */
  private record CurveKat(String curve, String peer, String scalar, String shared) {}

  private static final List<CurveKat> MORE_CURVES =
      List.of(
          new CurveKat(
              "secp224r1",
              "304e301006072a8648ce3d020106052b81040021033a00047d8ac211e1228eb094e285a957d9912e93"
                  + "deee433ed777440ae9fc719b01d050dfbe653e72f39491be87fb1a2742daa6e0a2aada98bb1aca",
              "565577a49415ca761a0322ad54e4ad0ae7625174baf372c2816f5328",
              "b8ecdb552d39228ee332bafe4886dbff272f7109edf933bc7542bd4f"),
          new CurveKat(
              "secp256k1",
              "3056301006072a8648ce3d020106052b8104000a03420004d8096af8a11e0b80037e1ee68246b5dcbb0a"
                  + "eb1cf1244fd767db80f3fa27da2b396812ea1686e7472e9692eaf3e958e50e9500d3b4c77243db"
                  + "1f2acd67ba9cc4",
              "00f4b7ff7cccc98813a69fae3df222bfe3f4e28f764bf91b4a10d8096ce446b254",
              "544dfae22af6af939042b1d85b71a1e49e9a5614123c4d6ad0c8af65baf87d65"),
          new CurveKat(
              "brainpoolP256r1",
              "305a301406072a8648ce3d020106092b2403030208010107034200044cee5e1072b30d64f70bf01958"
                  + "e22c044a2127ddd744ce3060c15990ff0fe1148c6ee56559829a5a84dd5c8646ee0c43d0b7c501"
                  + "81f234ec09eba43bc86b169e",
              "0113db979e07d9c8fdbea5b06a682c0d2ad67170ffcb65d7547d8c442d3ac237",
              "3f00d9af7607fd32809ef7a4a30b396e3da9f465adf20597c9e2046f16a7b1be"),
          new CurveKat(
              "brainpoolP384r1",
              "307a301406072a8648ce3d020106092b240303020801010b0362000470ffb350173256eb437b140365"
                  + "842397ebaf3611b6389596c1f17c5ff5ce5201f24f6985b8fe0890dcae54b2603dfb4087242aaf"
                  + "7b2d95b3199bfa03e8fce54ef680b57109847274db3b3a65512b7f832248e70b1030e95db64295"
                  + "89775c3346",
              "24ddf0fbb41c28365d302dd9d26ff9c32c76c85fa8b9138a3ec621d0caff6de8a724b45d6fe0d918"
                  + "0044242b9f41c84b",
              "22522760edc39280ff3277b121e17e7539165e7c677a65c8d0dc8159111f8e5d3df7035fe8ce33ac"
                  + "0a0e047ed0842a92"),
          new CurveKat(
              "brainpoolP512r1",
              "30819b301406072a8648ce3d020106092b240303020801010d03818200048a73a66605a5db252ef418"
                  + "ff2c43969bd4128187ce431c36a33d3ff3034cf8910fb0021ce849723621199d0d7ea4805f3cda"
                  + "b82f6c909257762da2a97e26305b078c1fd791fa957e975e30df5b876054758267129e4974a083"
                  + "372b0ce071180d05e1978bd90b8407c0a7ff7f6651bd3ffcf1a574dfe95a2e8af3866cbb385d21",
              "6280eb95405fa8c0e9d970547301bbefb152c8c8114abc730c89bf6db3f7d949fcfd7ebb82fd2dbd43d2"
                  + "8d47bf4ed95de97baed19f7d087cf303d2b0cd413767",
              "9690120edf3c583f627774ac2837f792e1049b3768199e3cc68c75cc16f73d4eca828f87880de91e2f"
                  + "be0671b7066fcc814cb2e190832adae3a6dc7d9d9e71d3"));

  private static final String KAT_ECDH =
      "Wycheproof ecdh_secp256r1_ecpoint_test.json tcId 1, and tcId 1 of the ecdh_secp224r1,"
          + " secp256k1 and brainpoolP256r1/P384r1/P512r1 files";
  private static final String ROUND_TRIP = "sign/verify round trip, no known answer";

  /** The digests of the ECDSA names, "NONE" last. */
  static final List<String> DIGESTS =
      List.of(
          "SHA1",
          "SHA224",
          "SHA256",
          "SHA384",
          "SHA512",
          "SHA3-224",
          "SHA3-256",
          "SHA3-384",
          "SHA3-512",
          "NONE");

  static void addTo(KnownAnswers table) {
    table.add("KeyAgreement", "ECDH", KAT_ECDH, EcAnswers::checkEcdh);
    table.add("KeyFactory", "EC", KAT_ECDH + " (keys from specs)", EcAnswers::checkEcdh);
    table.add(
        "KeyPairGenerator",
        "EC",
        "ECDH agreement of two generated pairs, no known answer",
        EcAnswers::checkKeyPairGenerator);
    for (String digest : DIGESTS) {
      for (String suffix : List.of("", "inP1363Format")) {
        String name = digest + "withECDSA" + suffix;
        boolean known = name.equals("SHA256withECDSA");
        table.add(
            "Signature",
            name,
            known
                ? "Wycheproof ecdsa_secp256r1_sha256_test.json tcId 1, and " + ROUND_TRIP
                : ROUND_TRIP,
            provider -> checkSignature(provider, name, known));
      }
    }
  }

  private static void checkEcdh(Provider provider) throws Exception {
    KeyFactory factory = KeyFactory.getInstance("EC", provider);
    KeyPairGenerator jdk = KeyPairGenerator.getInstance("EC");
    jdk.initialize(new ECGenParameterSpec("secp256r1"));
    ECPublicKey shape = (ECPublicKey) jdk.generateKeyPair().getPublic();
    byte[] peer = KnownAnswers.hex(PEER);
    ECPoint point =
        new ECPoint(
            new BigInteger(1, Arrays.copyOfRange(peer, 1, 33)),
            new BigInteger(1, Arrays.copyOfRange(peer, 33, 65)));
    PublicKey peerKey = factory.generatePublic(new ECPublicKeySpec(point, shape.getParams()));
    PrivateKey own =
        factory.generatePrivate(
            new ECPrivateKeySpec(new BigInteger(1, KnownAnswers.hex(PRIVATE)), shape.getParams()));
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", provider);
    agreement.init(own);
    agreement.doPhase(peerKey, true);
    KnownAnswers.expectEqual(SHARED, agreement.generateSecret());
    for (CurveKat kat : MORE_CURVES) {
      // OpenSSL's FIPS provider has P-224 but not secp256k1 or brainpool, which FIPS mode leaves
      // out (EcCurve.served).
      if (FipsMode.enabled() && !kat.curve().equals("secp224r1")) {
        continue;
      }
      ECPublicKey peerOnCurve =
          (ECPublicKey)
              factory.generatePublic(new X509EncodedKeySpec(KnownAnswers.hex(kat.peer())));
      agreement.init(
          factory.generatePrivate(
              new ECPrivateKeySpec(
                  new BigInteger(1, KnownAnswers.hex(kat.scalar())), peerOnCurve.getParams())));
      agreement.doPhase(peerOnCurve, true);
      KnownAnswers.expectEqual(kat.shared(), agreement.generateSecret());
    }
  }

  private static void checkKeyPairGenerator(Provider provider) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
    generator.initialize(256);
    KeyPair a = generator.generateKeyPair();
    KeyPair b = generator.generateKeyPair();
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", provider);
    agreement.init(a.getPrivate());
    agreement.doPhase(b.getPublic(), true);
    byte[] ab = agreement.generateSecret();
    agreement.init(b.getPrivate());
    agreement.doPhase(a.getPublic(), true);
    if (!Arrays.equals(ab, agreement.generateSecret())) {
      throw new KnownAnswers.Failure("the two sides of an agreement differ");
    }
  }

  private static void checkSignature(Provider provider, String name, boolean known)
      throws Exception {
    Signature signature = Signature.getInstance(name, provider);
    if (known) {
      PublicKey key =
          KeyFactory.getInstance("EC", provider)
              .generatePublic(new X509EncodedKeySpec(KnownAnswers.hex(ECDSA_KEY)));
      signature.initVerify(key);
      if (!signature.verify(KnownAnswers.hex(ECDSA_SIG))) {
        throw new KnownAnswers.Failure("the Wycheproof signature did not verify");
      }
    }
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
    generator.initialize(256);
    KeyPair pair = generator.generateKeyPair();
    byte[] message = new byte[32];
    Arrays.fill(message, (byte) 0x5a);
    signature.initSign(pair.getPrivate());
    signature.update(message);
    byte[] signed = signature.sign();
    signature.initVerify(pair.getPublic());
    signature.update(message);
    if (!signature.verify(signed)) {
      throw new KnownAnswers.Failure("a fresh signature did not verify");
    }
    message[0] ^= 1;
    signature.update(message);
    if (signature.verify(signed)) {
      throw new KnownAnswers.Failure("a signature verified for another message");
    }
  }
}
