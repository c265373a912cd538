package dev.carbide.cli;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KeyAgreement;

/**
 * Checks for EdDSA and XDH. Signing is deterministic, so Ed25519 and Ed448 have RFC 8032 known
 * answers; X25519 and X448 have RFC 7748's. Key generation is checked by a round trip (no known
 * answer). The family-wide services ("EdDSA", "XDH") run the checks of both their curves.
 */
final class EdEcAnswers {
  private EdEcAnswers() {}

  /** A curve's vector: private key, peer's or own X.509 public key, expected output. */
  private record Vector(
      String curve, String family, String source, String x509, String key, String output) {}

  private static final List<Vector> VECTORS =
      List.of(
          new Vector(
              "Ed25519",
              "EdDSA",
              "RFC 8032 7.1 TEST 1",
              "302a300506032b6570032100"
                  + "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
              "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
              "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                  + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
          new Vector(
              "Ed448",
              "EdDSA",
              "RFC 8032 7.4 Blank",
              "3043300506032b6571033a00"
                  + "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778"
                  + "edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
              "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3"
                  + "528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
              "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f"
                  + "2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a"
                  + "9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4db"
                  + "b61149f05a7363268c71d95808ff2e652600"),
          new Vector(
              "X25519",
              "XDH",
              "RFC 7748 6.1",
              "302a300506032b656e032100"
                  + "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
              "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
              "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
          new Vector(
              "X448",
              "XDH",
              "RFC 7748 6.2",
              "3042300506032b656f033900"
                  + "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972"
                  + "fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609",
              "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf5"
                  + "74a9419744897391006382a6f127ab1d9ac2d8c0a598726b",
              "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56"
                  + "fd2464c335543936521c24403085d59a449a5037514a879d"));

  static void addTo(KnownAnswers table) {
    for (String family : List.of("EdDSA", "XDH")) {
      List<Vector> vectors = VECTORS.stream().filter(v -> v.family.equals(family)).toList();
      String sources = String.join(", ", vectors.stream().map(Vector::source).toList());
      add(table, family, family, sources, vectors);
      for (Vector vector : vectors) {
        add(table, vector.curve, family, vector.source, List.of(vector));
      }
    }
  }

  private static void add(
      KnownAnswers table, String service, String family, String source, List<Vector> vectors) {
    boolean signing = family.equals("EdDSA");
    table.add(
        signing ? "Signature" : "KeyAgreement",
        service,
        source,
        p -> vectors.forEach(v -> rethrow(() -> knownAnswer(p, service, v))));
    table.add(
        "KeyFactory",
        service,
        source + " (keys from specs and encodings)",
        p -> vectors.forEach(v -> rethrow(() -> knownAnswer(p, service, v))));
    table.add(
        "KeyPairGenerator",
        service,
        (signing ? "sign/verify" : "agreement") + " round trip, no known answer",
        p -> vectors.forEach(v -> rethrow(() -> roundTrip(p, service, v))));
  }

  private static void knownAnswer(Provider provider, String service, Vector vector)
      throws Exception {
    NamedParameterSpec params = new NamedParameterSpec(vector.curve);
    byte[] raw = KnownAnswers.hex(vector.key);
    KeyFactory factory = KeyFactory.getInstance(service, provider);
    PublicKey publicKey =
        factory.generatePublic(new X509EncodedKeySpec(KnownAnswers.hex(vector.x509)));
    if (vector.family.equals("EdDSA")) {
      PrivateKey key = factory.generatePrivate(new EdECPrivateKeySpec(params, raw));
      Signature signature = Signature.getInstance(service, provider);
      signature.initSign(key);
      KnownAnswers.expectEqual(vector.output, signature.sign());
      signature.initVerify(publicKey);
      if (!signature.verify(KnownAnswers.hex(vector.output))) {
        throw new KnownAnswers.Failure("the known signature did not verify");
      }
    } else {
      PrivateKey key = factory.generatePrivate(new XECPrivateKeySpec(params, raw));
      KeyAgreement agreement = KeyAgreement.getInstance(service, provider);
      agreement.init(key);
      agreement.doPhase(publicKey, true);
      KnownAnswers.expectEqual(vector.output, agreement.generateSecret());
    }
  }

  private static void roundTrip(Provider provider, String service, Vector vector) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(service, provider);
    generator.initialize(new NamedParameterSpec(vector.curve));
    KeyPair a = generator.generateKeyPair();
    KeyPair b = generator.generateKeyPair();
    if (vector.family.equals("EdDSA")) {
      Signature signature = Signature.getInstance(vector.curve, provider);
      signature.initSign(a.getPrivate());
      byte[] signed = signature.sign();
      signature.initVerify(a.getPublic());
      if (!signature.verify(signed)) {
        throw new KnownAnswers.Failure("a fresh signature did not verify");
      }
      return;
    }
    KeyAgreement agreement = KeyAgreement.getInstance(vector.curve, provider);
    agreement.init(a.getPrivate());
    agreement.doPhase(b.getPublic(), true);
    byte[] ab = agreement.generateSecret();
    agreement.init(b.getPrivate());
    agreement.doPhase(a.getPublic(), true);
    if (!Arrays.equals(ab, agreement.generateSecret())) {
      throw new KnownAnswers.Failure("the two sides of an agreement differ");
    }
  }

  private interface Body {
    void run() throws Exception;
  }

  private static void rethrow(Body body) {
    try {
      body.run();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }
}
