package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.KeyAgreement;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The curves beyond SunEC's three (P-224, secp256k1, brainpoolP256r1/P384r1/P512r1): JDK 25's SunEC
 * generates, signs and agrees on none of them, so Bouncy Castle is the reference. Carbide and BC
 * verify each other's signatures (DER and P1363) on random messages fed in random splits, agree on
 * ECDH secrets both ways, and read each other's encodings and components.
 */
class MoreCurvesInteropTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final Provider BC = new BouncyCastleProvider();

  /** Carbide's signature names and Bouncy Castle's for the same scheme. */
  private static final String[][] SIGNATURES = {
    {"SHA224withECDSA", "SHA224withECDSA"},
    {"SHA256withECDSA", "SHA256withECDSA"},
    {"SHA384withECDSA", "SHA384withECDSA"},
    {"SHA512withECDSA", "SHA512withECDSA"},
    {"SHA3-256withECDSA", "SHA3-256withECDSA"},
    {"SHA256withECDSAinP1363Format", "SHA256withPLAIN-ECDSA"},
    {"SHA512withECDSAinP1363Format", "SHA512withPLAIN-ECDSA"},
    {"NONEwithECDSA", "NONEwithECDSA"},
  };

  private static KeyPair pair(Provider provider, String curve) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
    generator.initialize(new ECGenParameterSpec(curve));
    return generator.generateKeyPair();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"secp224r1", "secp256k1", "brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1"})
  void signaturesVerifyBothWays(String curve) throws Exception {
    Random random = new Random(curve.hashCode());
    KeyPair ours = pair(CARBIDE, curve);
    KeyPair theirs = pair(BC, curve);
    for (String[] names : SIGNATURES) {
      byte[] message = new byte[names[0].startsWith("NONE") ? 32 : random.nextInt(3000)];
      random.nextBytes(message);
      for (KeyPair keys : new KeyPair[] {ours, theirs}) {
        byte[] signed = sign(CARBIDE, names[0], keys.getPrivate(), message, random);
        assertTrue(verify(BC, names[1], keys.getPublic(), message, signed, random), names[0]);
        signed = sign(BC, names[1], keys.getPrivate(), message, random);
        assertTrue(verify(CARBIDE, names[0], keys.getPublic(), message, signed, random), names[0]);
        message[0] ^= 1;
        assertFalse(verify(CARBIDE, names[0], keys.getPublic(), message, signed, random));
        message[0] ^= 1;
      }
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"secp224r1", "secp256k1", "brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1"})
  void agreementsMatchBothWays(String curve) throws Exception {
    for (int i = 0; i < 4; i++) {
      KeyPair ours = pair(CARBIDE, curve);
      KeyPair theirs = pair(BC, curve);
      byte[] expected = agree(BC, theirs.getPrivate(), ours.getPublic());
      assertArrayEquals(expected, agree(CARBIDE, ours.getPrivate(), theirs.getPublic()));
      assertArrayEquals(expected, agree(CARBIDE, theirs.getPrivate(), ours.getPublic()));
      assertArrayEquals(expected, agree(BC, ours.getPrivate(), theirs.getPublic()));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"secp224r1", "secp256k1", "brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1"})
  void encodingsAndComponentsCross(String curve) throws Exception {
    KeyFactory factory = KeyFactory.getInstance("EC", CARBIDE);
    KeyFactory bcFactory = KeyFactory.getInstance("EC", BC);
    for (KeyPair keys : new KeyPair[] {pair(CARBIDE, curve), pair(BC, curve)}) {
      PublicKey mine =
          factory.generatePublic(new X509EncodedKeySpec(keys.getPublic().getEncoded()));
      PublicKey bc = bcFactory.generatePublic(new X509EncodedKeySpec(mine.getEncoded()));
      assertArrayEquals(bc.getEncoded(), mine.getEncoded());
      assertEquals(((ECPublicKey) bc).getW(), ((ECPublicKey) mine).getW());
      PrivateKey minePrivate =
          factory.generatePrivate(new PKCS8EncodedKeySpec(keys.getPrivate().getEncoded()));
      PrivateKey bcPrivate =
          bcFactory.generatePrivate(new PKCS8EncodedKeySpec(minePrivate.getEncoded()));
      assertEquals(((ECPrivateKey) bcPrivate).getS(), ((ECPrivateKey) minePrivate).getS());
      // Bouncy Castle's own ECParameterSpec is recognised by its domain parameters, and Carbide's
      // keys carry SunEC's named spec.
      ECPublicKey fromBcSpec =
          (ECPublicKey)
              factory.generatePublic(
                  new ECPublicKeySpec(((ECPublicKey) bc).getW(), ((ECPublicKey) bc).getParams()));
      assertEquals(EcTesting.params(curve).toString(), fromBcSpec.getParams().toString());
      ECPrivateKey fromComponents =
          (ECPrivateKey)
              factory.generatePrivate(
                  new ECPrivateKeySpec(
                      ((ECPrivateKey) bcPrivate).getS(), ((ECPrivateKey) bcPrivate).getParams()));
      assertArrayEquals(minePrivate.getEncoded(), fromComponents.getEncoded());
      assertArrayEquals(
          agree(BC, bcPrivate, fromBcSpec), agree(CARBIDE, fromComponents, keys.getPublic()));
    }
  }

  @Test
  void curvesAreFoundByAliasOidAndParameters() throws Exception {
    String[][] names = {
      {"secp224r1", "NIST P-224", "P-224", "1.3.132.0.33"},
      {"secp256k1", "1.3.132.0.10"},
      {"brainpoolP256r1", "1.3.36.3.3.2.8.1.1.7"},
      {"brainpoolP384r1", "1.3.36.3.3.2.8.1.1.11"},
      {"brainpoolP512r1", "1.3.36.3.3.2.8.1.1.13"},
    };
    for (String[] curve : names) {
      for (String name : curve) {
        ECPublicKey key = (ECPublicKey) pair(CARBIDE, name).getPublic();
        assertEquals(EcTesting.params(curve[0]).toString(), key.getParams().toString(), name);
      }
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", CARBIDE);
      generator.initialize(((ECPublicKey) pair(BC, curve[0]).getPublic()).getParams());
      ECPublicKey key = (ECPublicKey) generator.generateKeyPair().getPublic();
      assertEquals(EcTesting.params(curve[0]).toString(), key.getParams().toString());
    }
    // A curve that stays unserved is still refused, as SunEC refuses it.
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () ->
            KeyPairGenerator.getInstance("EC", CARBIDE)
                .initialize(new ECGenParameterSpec("secp192r1")));
  }

  /** Independent engines on the new curves in parallel threads give correct results. */
  @Test
  void independentEnginesInParallel() throws Exception {
    String[] curves = {"secp224r1", "secp256k1", "brainpoolP256r1", "brainpoolP384r1"};
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> jobs = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        String curve = curves[t % curves.length];
        jobs.add(
            pool.submit(
                () -> {
                  Random random = new Random(curve.hashCode());
                  for (int i = 0; i < 20; i++) {
                    KeyPair keys = pair(CARBIDE, curve);
                    byte[] message = new byte[random.nextInt(200)];
                    random.nextBytes(message);
                    byte[] signed =
                        sign(CARBIDE, "SHA256withECDSA", keys.getPrivate(), message, random);
                    assertTrue(
                        verify(BC, "SHA256withECDSA", keys.getPublic(), message, signed, random));
                  }
                  return null;
                }));
      }
      for (Future<?> job : jobs) {
        job.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static byte[] sign(
      Provider provider, String algorithm, PrivateKey key, byte[] message, Random random)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    signature.initSign(key);
    feed(signature, message, random);
    return signature.sign();
  }

  private static boolean verify(
      Provider provider,
      String algorithm,
      PublicKey key,
      byte[] message,
      byte[] signed,
      Random random)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    signature.initVerify(key);
    feed(signature, message, random);
    return signature.verify(signed);
  }

  // The message in random pieces, so split updates meet the one-shot path of the other side.
  private static void feed(Signature signature, byte[] message, Random random) throws Exception {
    int offset = 0;
    while (offset < message.length) {
      int piece = Math.min(message.length - offset, 1 + random.nextInt(700));
      signature.update(message, offset, piece);
      offset += piece;
    }
  }

  private static byte[] agree(Provider provider, PrivateKey own, PublicKey peer) throws Exception {
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", provider);
    agreement.init(own);
    agreement.doPhase(peer, true);
    return agreement.generateSecret();
  }
}
