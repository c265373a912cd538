package dev.carbide.fuzz;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.XECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.KeyAgreement;

/**
 * Signature (sign on one side, verify on the other, and mutated signatures on both), KeyAgreement,
 * KeyFactory with mutated X.509 and PKCS#8 encodings, and KeyPairGenerator output checked by the
 * JDK. Keys come from a small pool per curve (key generation dominates otherwise), drawn by the
 * case's random so that a case replays. DSA (against SUN) takes part in the Signature target only.
 */
final class AsymmetricTargets {
  private AsymmetricTargets() {}

  /** A curve: the key algorithm, how to generate it, and its JCA names. */
  private record Curve(
      String name, String keyAlgorithm, String agreement, List<String> signatures) {}

  private static final List<Curve> CURVES =
      List.of(
          new Curve(
              "secp256r1",
              "EC",
              "ECDH",
              List.of(
                  "SHA256withECDSA",
                  "SHA1withECDSA",
                  "SHA256withECDSAinP1363Format",
                  "SHA3-256withECDSA",
                  "NONEwithECDSA")),
          new Curve(
              "secp384r1",
              "EC",
              "ECDH",
              List.of("SHA384withECDSA", "SHA512withECDSAinP1363Format", "SHA224withECDSA")),
          new Curve("secp521r1", "EC", "ECDH", List.of("SHA512withECDSA", "SHA256withECDSA")),
          new Curve("Ed25519", "Ed25519", null, List.of("Ed25519", "EdDSA")),
          new Curve("Ed448", "Ed448", null, List.of("Ed448", "EdDSA")),
          new Curve("X25519", "X25519", "X25519", List.of()),
          new Curve("X448", "X448", "X448", List.of()),
          // SUN's DSA, 2048/224 keys; signatures only (its keys have no KeyFactory target yet).
          new Curve(
              "DSA-2048",
              "DSA",
              null,
              List.of(
                  "SHA256withDSA",
                  "SHA224withDSAinP1363Format",
                  "NONEwithDSA",
                  "NONEwithDSAinP1363Format")));

  private static final int POOL = 4;
  private static final Map<String, KeyPair> KEYS = new ConcurrentHashMap<>();

  static List<FuzzTarget> all() {
    return List.of(
        PrimitiveTargets.target("Signature", AsymmetricTargets::signature),
        PrimitiveTargets.target("KeyAgreement", AsymmetricTargets::agreement),
        PrimitiveTargets.target("KeyFactory", AsymmetricTargets::keyFactory),
        PrimitiveTargets.target("KeyPairGenerator", AsymmetricTargets::keyPairGenerator));
  }

  /** One of a few JDK-generated pairs for the curve (the pool is filled lazily, same order). */
  private static KeyPair jdkPair(Curve curve, int index) {
    return KEYS.computeIfAbsent(curve.name + "#" + index, k -> generate(curve, jdk(curve)));
  }

  /** The JDK provider that owns the curve's keys and signatures: SUN for DSA, else SunEC. */
  private static Provider jdk(Curve curve) {
    return Providers.jdk(curve.keyAlgorithm.equals("DSA") ? "SUN" : "SunEC");
  }

  static KeyPair generate(Curve curve, Provider provider) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(curve.keyAlgorithm, provider);
      if (curve.keyAlgorithm.equals("EC")) {
        generator.initialize(new ECGenParameterSpec(curve.name));
      }
      return generator.generateKeyPair();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Curve curve(Random random, boolean signing, boolean agreeing) {
    return curve(random, signing, agreeing, true);
  }

  /** A curve that fits; DSA only where {@code withDsa} (the key targets compare with SunEC). */
  private static Curve curve(Random random, boolean signing, boolean agreeing, boolean withDsa) {
    List<Curve> fit =
        CURVES.stream()
            .filter(c -> !signing || !c.signatures.isEmpty())
            .filter(c -> !agreeing || c.agreement != null)
            .filter(c -> withDsa || !c.keyAlgorithm.equals("DSA"))
            .filter(c -> Providers.carbide().getService("KeyFactory", c.keyAlgorithm) != null)
            .toList();
    return Providers.pick(random, fit);
  }

  private static void signature(Random random) throws Exception {
    Curve curve = curve(random, true, false);
    String algorithm = Providers.pick(random, curve.signatures);
    if (Providers.carbide().getService("Signature", algorithm) == null) {
      return;
    }
    KeyPair pair = jdkPair(curve, random.nextInt(POOL));
    byte[] message = Inputs.bytes(random, messageLength(random, algorithm));
    List<Inputs.Piece> pieces = Inputs.split(random, message.length);
    String what = algorithm + " on " + curve.name + ", " + message.length + " bytes in " + pieces;
    Outcome valid = new Outcome(new byte[] {1}, null, null);

    // Carbide signs and the JDK verifies; the JDK signs and Carbide verifies. EdDSA is
    // deterministic, so there the signatures themselves must agree.
    Outcome carbideSigns =
        Outcome.of(
            s -> sign(s, Providers.carbide(), algorithm, pair.getPrivate(), message, pieces));
    Outcome jdkSigns =
        Outcome.of(s -> sign(s, jdk(curve), algorithm, pair.getPrivate(), message, pieces));
    if (curve.keyAlgorithm.startsWith("Ed") || carbideSigns.failed() || jdkSigns.failed()) {
      Divergence.check("sign " + what, carbideSigns, jdkSigns);
    }
    if (carbideSigns.failed()) {
      return;
    }
    Verifier verifier =
        (provider, candidate) ->
            Outcome.of(
                s -> verify(s, provider, algorithm, pair.getPublic(), message, pieces, candidate));
    Divergence.check(
        "JDK verifies Carbide's signature: " + what,
        verifier.verify(jdk(curve), carbideSigns.bytes()),
        valid);
    Divergence.check(
        "Carbide verifies the JDK's signature: " + what,
        verifier.verify(Providers.carbide(), jdkSigns.bytes()),
        valid);
    // A mutated signature: both must give the same verdict (or the same exception); now and then
    // none at all (verify(null), issue 13 item 10).
    Inputs.Mutation mutation =
        random.nextInt(20) == 0
            ? new Inputs.Mutation(null, "null")
            : Inputs.mutate(random, jdkSigns.bytes());
    Divergence.check(
        "verify a signature with " + mutation.what() + ": " + what,
        verifier.verify(Providers.carbide(), mutation.bytes()),
        verifier.verify(jdk(curve), mutation.bytes()));
  }

  /**
   * NONEwithECDSA signs a 32-byte digest; NONEwithDSA takes exactly 20 bytes, and now and then gets
   * another length, which both providers must refuse alike; the others sign any message.
   */
  private static int messageLength(Random random, String algorithm) {
    if (algorithm.startsWith("NONEwithDSA")) {
      return random.nextInt(6) == 0 ? Inputs.length(random, 40) : 20;
    }
    return algorithm.startsWith("NONE") ? 32 : Inputs.length(random, 2000);
  }

  /** Verifies a candidate signature of the case's message on one provider. */
  @FunctionalInterface
  private interface Verifier {
    Outcome verify(Provider provider, byte[] candidate);
  }

  @FunctionalInterface
  private interface SignatureInit {
    void init(Signature signature) throws Exception;
  }

  /** A Signature initialised by {@code init} and fed the message piece by piece. */
  private static Signature fed(
      Outcome.Steps steps,
      Provider provider,
      String algorithm,
      SignatureInit init,
      byte[] message,
      List<Inputs.Piece> pieces)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    steps.at("init");
    init.init(signature);
    steps.at("update");
    Inputs.feed(
        pieces, message, Inputs.sink(signature::update, signature::update, signature::update));
    return signature;
  }

  private static byte[] sign(
      Outcome.Steps steps,
      Provider provider,
      String algorithm,
      PrivateKey key,
      byte[] message,
      List<Inputs.Piece> pieces)
      throws Exception {
    Signature signature = fed(steps, provider, algorithm, s -> s.initSign(key), message, pieces);
    steps.at("sign");
    return signature.sign();
  }

  private static byte[] verify(
      Outcome.Steps steps,
      Provider provider,
      String algorithm,
      PublicKey key,
      byte[] message,
      List<Inputs.Piece> pieces,
      byte[] candidate)
      throws Exception {
    Signature signature = fed(steps, provider, algorithm, s -> s.initVerify(key), message, pieces);
    steps.at("verify");
    return new byte[] {(byte) (signature.verify(candidate) ? 1 : 0)};
  }

  private static void agreement(Random random) throws Exception {
    Curve curve = curve(random, false, true);
    KeyPair own = jdkPair(curve, random.nextInt(POOL));
    // Usually a peer on the same curve; now and then one on another curve.
    Curve peerCurve = random.nextInt(8) == 0 ? curve(random, false, true) : curve;
    KeyPair peer = jdkPair(peerCurve, random.nextInt(POOL));
    String algorithm =
        random.nextBoolean() && curve.keyAlgorithm.startsWith("X") ? "XDH" : curve.agreement;
    String what = algorithm + " " + curve.name + " with a peer on " + peerCurve.name;
    Divergence.compare(
        what,
        "SunEC",
        (s, provider) -> agree(s, provider, algorithm, own.getPrivate(), peer.getPublic()));
  }

  private static byte[] agree(
      Outcome.Steps steps, Provider provider, String algorithm, PrivateKey own, PublicKey peer)
      throws Exception {
    KeyAgreement agreement = KeyAgreement.getInstance(algorithm, provider);
    steps.at("init");
    agreement.init(own);
    steps.at("doPhase");
    agreement.doPhase(peer, true);
    steps.at("generateSecret");
    return agreement.generateSecret();
  }

  /** Mutated encodings: accept exactly what SunEC accepts, and read the same key from them. */
  private static void keyFactory(Random random) throws Exception {
    Curve curve = curve(random, false, false, false);
    KeyPair pair = jdkPair(curve, random.nextInt(POOL));
    boolean isPublic = random.nextBoolean();
    byte[] encoding = (isPublic ? pair.getPublic() : pair.getPrivate()).getEncoded();
    Inputs.Mutation mutation =
        random.nextInt(10) == 0
            ? new Inputs.Mutation(encoding, "intact")
            : Inputs.mutate(random, encoding);
    String what =
        curve.keyAlgorithm
            + " "
            + curve.name
            + (isPublic ? " X.509 " : " PKCS#8 ")
            + mutation.what();
    Divergence.compare(
        what,
        "SunEC",
        (s, provider) -> parse(s, provider, curve.keyAlgorithm, isPublic, mutation.bytes()));
  }

  /**
   * Parses an encoding and returns what identifies the key: the key re-read by SunEC from the
   * provider's own encoding (its X.509 encoding, or its private scalar), so that the comparison is
   * of keys, not of encoding choices such as PKCS#8 v1 or v2.
   */
  private static byte[] parse(
      Outcome.Steps steps, Provider provider, String algorithm, boolean isPublic, byte[] encoding)
      throws Exception {
    KeyFactory factory = KeyFactory.getInstance(algorithm, provider);
    KeyFactory jdk = KeyFactory.getInstance(algorithm, Providers.jdk("SunEC"));
    steps.at("generate");
    if (isPublic) {
      PublicKey key = factory.generatePublic(new X509EncodedKeySpec(encoding));
      steps.at("reread");
      return jdk.generatePublic(new X509EncodedKeySpec(key.getEncoded())).getEncoded();
    }
    PrivateKey key = factory.generatePrivate(new PKCS8EncodedKeySpec(encoding));
    steps.at("reread");
    PrivateKey reread = jdk.generatePrivate(new PKCS8EncodedKeySpec(key.getEncoded()));
    if (reread instanceof ECPrivateKey ec) {
      return ec.getS().toByteArray();
    }
    if (reread instanceof EdECPrivateKey ed) {
      return ed.getBytes().orElseThrow();
    }
    return ((XECPrivateKey) reread).getScalar().orElseThrow();
  }

  /** Carbide's generated pairs: the JDK must read both encodings and verify Carbide's signature. */
  private static void keyPairGenerator(Random random) throws Exception {
    Curve curve = curve(random, true, false, false);
    KeyPair pair = generate(curve, Providers.carbide());
    KeyFactory jdkFactory = KeyFactory.getInstance(curve.keyAlgorithm, Providers.jdk("SunEC"));
    PublicKey publicKey =
        jdkFactory.generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded()));
    PrivateKey privateKey =
        jdkFactory.generatePrivate(new PKCS8EncodedKeySpec(pair.getPrivate().getEncoded()));
    if (!Arrays.equals(publicKey.getEncoded(), pair.getPublic().getEncoded())) {
      throw new Divergence(
          "KeyPairGenerator " + curve.name + ": the JDK re-encodes the public key differently");
    }
    String algorithm = curve.signatures.get(0);
    byte[] message = Inputs.bytes(random, 64);
    Signature signer = Signature.getInstance(algorithm, Providers.jdk("SunEC"));
    signer.initSign(privateKey);
    signer.update(message);
    byte[] signature = signer.sign();
    Signature verifier = Signature.getInstance(algorithm, Providers.jdk("SunEC"));
    verifier.initVerify(pair.getPublic());
    verifier.update(message);
    if (!verifier.verify(signature)) {
      throw new Divergence(
          "KeyPairGenerator " + curve.name + ": the private and public key do not match");
    }
  }
}
