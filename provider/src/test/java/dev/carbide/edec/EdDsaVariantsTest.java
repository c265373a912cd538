package dev.carbide.edec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.Openssl;
import dev.carbide.testing.TestVectors;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.EdDSAParameterSpec;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * EdDSA with EdDSAParameterSpec (Ed25519ctx, Ed25519ph, Ed448 with a context, Ed448ph): RFC 8032
 * answers, both-way agreement with SunEC, and SunEC's exceptions for bad specs.
 */
class EdDsaVariantsTest {
  private static final String ED25519_SPKI = "302a300506032b6570032100";
  private static final String ED448_SPKI = "3043300506032b6571033a00";

  /** One RFC 8032 answer; {@code context} is null for none. */
  private record Answer(
      String curve,
      String secret,
      String publicKey,
      boolean prehash,
      String context,
      String message,
      String signature) {}

  private static final String CTX_SECRET =
      "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6";
  private static final String CTX_PUBLIC =
      "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292";
  private static final String ED448PH_SECRET =
      "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42"
          + "ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49";
  private static final String ED448PH_PUBLIC =
      "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743"
          + "c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880";

  private static final Answer[] ANSWERS = {
    // RFC 8032 7.2, Ed25519ctx, contexts "foo" and "bar".
    new Answer(
        "Ed25519",
        CTX_SECRET,
        CTX_PUBLIC,
        false,
        "666f6f",
        "f726936d19c800494e3fdaff20b276a8",
        "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a"
            + "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d"),
    new Answer(
        "Ed25519",
        CTX_SECRET,
        CTX_PUBLIC,
        false,
        "626172",
        "f726936d19c800494e3fdaff20b276a8",
        "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3"
            + "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d"),
    // RFC 8032 7.3, Ed25519ph.
    new Answer(
        "Ed25519",
        "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
        true,
        null,
        "616263",
        "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
            + "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406"),
    // RFC 8032 7.4, Ed448, "1 octet (with context)".
    new Answer(
        "Ed448",
        "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463a"
            + "fbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
        "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c086"
            + "6aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
        false,
        "666f6f",
        "03",
        "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2"
            + "151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea000c85741de5c8da"
            + "1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d"
            + "5428407e85dcbc98a49155c13764e66c3c00"),
    // RFC 8032 7.5, Ed448ph without and with a context.
    new Answer(
        "Ed448",
        ED448PH_SECRET,
        ED448PH_PUBLIC,
        true,
        null,
        "616263",
        "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae38"
            + "1f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b801a0d9b3f4030cd"
            + "433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3"
            + "ad203df7dc7ce360c3cd3696d9d9fab90f00"),
    new Answer(
        "Ed448",
        ED448PH_SECRET,
        ED448PH_PUBLIC,
        true,
        "666f6f",
        "616263",
        "c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa48"
            + "1065b1580423ef927ecf0af5888f90da0f6a9a85ad5dc3f280d91224ba9911a3"
            + "653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3e15784ab7128"
            + "4f8d0704a608c54a6b62d97beb511d132100"),
  };

  private static Provider sunEc() {
    return Security.getProvider("SunEC");
  }

  @Test
  void rfc8032Answers() throws Exception {
    assumeTrue(Openssl.atLeast(3, 2), "EdDSA variants need OpenSSL 3.2");
    for (Answer answer : ANSWERS) {
      EdDSAParameterSpec spec =
          answer.context == null
              ? new EdDSAParameterSpec(answer.prehash)
              : new EdDSAParameterSpec(answer.prehash, TestVectors.hex(answer.context));
      KeyFactory factory = KeyFactory.getInstance(answer.curve, Carbide.provider());
      PrivateKey privateKey =
          factory.generatePrivate(
              new EdECPrivateKeySpec(
                  new NamedParameterSpec(answer.curve), TestVectors.hex(answer.secret)));
      String prefix = answer.curve.equals("Ed25519") ? ED25519_SPKI : ED448_SPKI;
      PublicKey publicKey =
          factory.generatePublic(
              new X509EncodedKeySpec(TestVectors.hex(prefix + answer.publicKey)));
      byte[] message = TestVectors.hex(answer.message);
      String what = answer.curve + " " + spec.isPrehash() + " " + answer.context;

      Signature signer = Signature.getInstance(answer.curve, Carbide.provider());
      signer.setParameter(spec);
      signer.initSign(privateKey);
      signer.update(message);
      byte[] signature = signer.sign();
      assertEquals(answer.signature, TestVectors.hex(signature), what);
      assertTrue(verify(Carbide.provider(), answer.curve, spec, publicKey, message, signature));
      assertFalse(
          verify(Carbide.provider(), answer.curve, null, publicKey, message, signature), what);
    }
  }

  @Test
  void agreesWithSunEcBothWays() throws Exception {
    assumeTrue(Openssl.atLeast(3, 2), "EdDSA variants need OpenSSL 3.2");
    Random random = new Random(8032);
    for (String curve : new String[] {"Ed25519", "Ed448"}) {
      KeyPair carbide = KeyPairGenerator.getInstance(curve, Carbide.provider()).generateKeyPair();
      KeyPair sun = KeyPairGenerator.getInstance(curve, sunEc()).generateKeyPair();
      for (int round = 0; round < 24; round++) {
        boolean prehash = random.nextBoolean();
        // Empty contexts come in rounds 0 and 1 (Ed25519ctx refuses one; see emptyEd25519ctx).
        boolean empty = round < 2 && (prehash || curve.equals("Ed448"));
        EdDSAParameterSpec spec =
            !empty && random.nextInt(4) == 0
                ? new EdDSAParameterSpec(prehash)
                : new EdDSAParameterSpec(
                    prehash, bytes(random, empty ? 0 : 1 + random.nextInt(255)));
        byte[] message = bytes(random, random.nextInt(2000));
        String name = round % 2 == 0 ? curve : "EdDSA";
        String what = curve + " round " + round;
        byte[] ours = sign(Carbide.provider(), name, spec, carbide.getPrivate(), message);
        assertTrue(verify(sunEc(), name, spec, carbide.getPublic(), message, ours), what);
        byte[] theirs = sign(sunEc(), name, spec, sun.getPrivate(), message);
        assertTrue(verify(Carbide.provider(), name, spec, sun.getPublic(), message, theirs), what);
        message = message.length == 0 ? new byte[1] : message;
        message[0] ^= 1;
        assertFalse(verify(Carbide.provider(), name, spec, sun.getPublic(), message, theirs), what);
      }
    }
  }

  @Test
  void badSpecsGetSunEcsExceptions() throws Exception {
    for (Provider provider : new Provider[] {Carbide.provider(), sunEc()}) {
      Signature signature = Signature.getInstance("Ed25519", provider);
      KeyPair pair = KeyPairGenerator.getInstance("Ed25519", provider).generateKeyPair();
      String what = provider.getName();
      assertThrows(
          InvalidParameterException.class,
          () -> signature.setParameter(new EdDSAParameterSpec(false, new byte[256])),
          what);
      assertThrows(
          InvalidAlgorithmParameterException.class,
          () -> signature.setParameter(new ECGenParameterSpec("secp256r1")),
          what);
      signature.setParameter(null);
      signature.initSign(pair.getPrivate());
      signature.update(new byte[3]);
      assertThrows(
          InvalidParameterException.class,
          () -> signature.setParameter(new EdDSAParameterSpec(false)),
          what + " mid-message");
      signature.sign();
      signature.setParameter(new EdDSAParameterSpec(false));
    }
  }

  /** A documented difference: SunEC signs Ed25519ctx with an empty context; OpenSSL refuses. */
  @Test
  void emptyEd25519ctxIsRefused() throws Exception {
    assumeTrue(Openssl.atLeast(3, 2), "EdDSA variants need OpenSSL 3.2");
    EdDSAParameterSpec spec = new EdDSAParameterSpec(false, new byte[0]);
    KeyPair pair = KeyPairGenerator.getInstance("Ed25519", Carbide.provider()).generateKeyPair();
    Signature fixed = Signature.getInstance("Ed25519", Carbide.provider());
    assertThrows(InvalidAlgorithmParameterException.class, () -> fixed.setParameter(spec));
    Signature family = Signature.getInstance("EdDSA", Carbide.provider());
    family.setParameter(spec);
    assertThrows(InvalidKeyException.class, () -> family.initSign(pair.getPrivate()));
    family.setParameter(new EdDSAParameterSpec(false, new byte[] {1}));
    family.initSign(pair.getPrivate()); // a non-empty context is fine
    family.update(new byte[1]);
    assertEquals(64, family.sign().length);
  }

  @Test
  void specStaysAcrossInitAndAppliesAfterInit() throws Exception {
    assumeTrue(Openssl.atLeast(3, 2), "EdDSA variants need OpenSSL 3.2");
    KeyPair pair = KeyPairGenerator.getInstance("Ed448", Carbide.provider()).generateKeyPair();
    EdDSAParameterSpec spec = new EdDSAParameterSpec(false, new byte[] {1, 2, 3});
    byte[] message = {4, 5, 6};
    Signature signature = Signature.getInstance("EdDSA", Carbide.provider());
    signature.initSign(pair.getPrivate());
    signature.setParameter(spec); // after init: rebinds the signer
    signature.update(message);
    byte[] first = signature.sign();
    signature.initSign(pair.getPrivate()); // the spec stays
    signature.update(message);
    assertEquals(TestVectors.hex(first), TestVectors.hex(signature.sign()));
    assertTrue(verify(sunEc(), "Ed448", spec, pair.getPublic(), message, first));
    assertFalse(verify(sunEc(), "Ed448", null, pair.getPublic(), message, first));
  }

  @Test
  void variantsRefusedWhereOpensslLacksThem() throws Exception {
    assumeFalse(Openssl.atLeast(3, 2), "OpenSSL 3.2 has the variants");
    Signature signature = Signature.getInstance("Ed25519", Carbide.provider());
    signature.setParameter(new EdDSAParameterSpec(false));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> signature.setParameter(new EdDSAParameterSpec(true)));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> signature.setParameter(new EdDSAParameterSpec(false, new byte[1])));
  }

  private static byte[] sign(
      Provider provider, String name, EdDSAParameterSpec spec, PrivateKey key, byte[] message)
      throws Exception {
    Signature signature = Signature.getInstance(name, provider);
    signature.initSign(key);
    signature.setParameter(spec);
    signature.update(message);
    return signature.sign();
  }

  private static boolean verify(
      Provider provider,
      String name,
      EdDSAParameterSpec spec,
      PublicKey key,
      byte[] message,
      byte[] sig)
      throws Exception {
    Signature signature = Signature.getInstance(name, provider);
    if (spec != null) {
      signature.setParameter(spec);
    }
    signature.initVerify(key);
    signature.update(message);
    return signature.verify(sig);
  }

  private static byte[] bytes(Random random, int length) {
    byte[] out = new byte[length];
    random.nextBytes(out);
    return out;
  }
}
