package dev.carbide.cli;

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

  private static final String KAT_ECDH = "Wycheproof ecdh_secp256r1_ecpoint_test.json tcId 1";
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
