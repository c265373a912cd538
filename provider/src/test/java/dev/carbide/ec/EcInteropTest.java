package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Random;
import javax.crypto.KeyAgreement;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Carbide and SunEC use each other's keys, signatures and agreements. */
class EcInteropTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final Provider SUN_EC = EcTesting.sunEc();

  private static final String[] SIGNATURES = {
    "SHA1withECDSA",
    "SHA224withECDSA",
    "SHA256withECDSA",
    "SHA384withECDSA",
    "SHA512withECDSA",
    "SHA3-224withECDSA",
    "SHA3-256withECDSA",
    "SHA3-384withECDSA",
    "SHA3-512withECDSA",
    "SHA256withECDSAinP1363Format",
    "SHA512withECDSAinP1363Format",
    "SHA3-256withECDSAinP1363Format",
    "NONEwithECDSA",
    "NONEwithECDSAinP1363Format"
  };

  @ParameterizedTest
  @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1"})
  void signaturesVerifyAcrossProviders(String curve) throws Exception {
    Random random = new Random(curve.hashCode());
    KeyPair carbideKeys = EcTesting.pair(CARBIDE, curve);
    KeyPair sunKeys = EcTesting.pair(SUN_EC, curve);
    for (String algorithm : SIGNATURES) {
      byte[] message = new byte[algorithm.startsWith("NONE") ? 32 : random.nextInt(3000)];
      random.nextBytes(message);
      // Each provider signs with either provider's keys; the other provider verifies.
      for (KeyPair keys : new KeyPair[] {carbideKeys, sunKeys}) {
        byte[] signed = sign(CARBIDE, algorithm, keys.getPrivate(), message, random);
        assertTrue(verify(SUN_EC, algorithm, keys.getPublic(), message, signed), algorithm);
        signed = sign(SUN_EC, algorithm, keys.getPrivate(), message, random);
        assertTrue(verify(CARBIDE, algorithm, keys.getPublic(), message, signed), algorithm);
        message[0] ^= 1;
        assertFalse(verify(CARBIDE, algorithm, keys.getPublic(), message, signed), algorithm);
        message[0] ^= 1;
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1"})
  void agreementsMatchAcrossProviders(String curve) throws Exception {
    KeyPair carbideKeys = EcTesting.pair(CARBIDE, curve);
    KeyPair sunKeys = EcTesting.pair(SUN_EC, curve);
    byte[] ours = agree(CARBIDE, carbideKeys.getPrivate(), sunKeys.getPublic());
    byte[] theirs = agree(SUN_EC, sunKeys.getPrivate(), carbideKeys.getPublic());
    assertArrayEquals(theirs, ours);
    assertArrayEquals(theirs, agree(SUN_EC, carbideKeys.getPrivate(), sunKeys.getPublic()));
    assertArrayEquals(theirs, agree(CARBIDE, sunKeys.getPrivate(), carbideKeys.getPublic()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1"})
  void encodingsCrossBothKeyFactories(String curve) throws Exception {
    KeyFactory ours = KeyFactory.getInstance("EC", CARBIDE);
    KeyFactory theirs = KeyFactory.getInstance("EC", SUN_EC);
    KeyPair carbideKeys = EcTesting.pair(CARBIDE, curve);
    KeyPair sunKeys = EcTesting.pair(SUN_EC, curve);
    for (KeyPair keys : new KeyPair[] {carbideKeys, sunKeys}) {
      byte[] x509 = keys.getPublic().getEncoded();
      PublicKey mine = ours.generatePublic(new X509EncodedKeySpec(x509));
      PublicKey sun = theirs.generatePublic(new X509EncodedKeySpec(x509));
      assertArrayEquals(sun.getEncoded(), mine.getEncoded());
      assertEquals(((ECPublicKey) sun).getW(), ((ECPublicKey) mine).getW());
      assertEquals(sun, mine);
      assertEquals(mine, sun);
      // Equal keys hash alike across providers only where the JDK hashes the encoding as Carbide
      // does; older JDKs (17) used another formula.
      if (Runtime.version().feature() >= 21) {
        assertEquals(sun.hashCode(), mine.hashCode());
      }
      byte[] pkcs8 = keys.getPrivate().getEncoded();
      PrivateKey minePrivate = ours.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
      PrivateKey sunPrivate = theirs.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
      assertEquals(
          ((java.security.interfaces.ECPrivateKey) sunPrivate).getS(),
          ((java.security.interfaces.ECPrivateKey) minePrivate).getS());
      // And each provider's engines take the other's parsed keys.
      assertArrayEquals(agree(SUN_EC, minePrivate, sun), agree(CARBIDE, sunPrivate, mine));
    }
  }

  /** JSSE's ECDHE: generate, cast, rebuild the peer from getW() and the named-curve params. */
  @ParameterizedTest
  @ValueSource(strings = {"secp256r1", "secp384r1", "secp521r1"})
  void jsseShape(String curve) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", CARBIDE);
    generator.initialize(EcTesting.params(curve));
    KeyPair keys = generator.generateKeyPair();
    ECPublicKey publicKey = (ECPublicKey) keys.getPublic();
    assertEquals(EcTesting.params(curve).toString(), publicKey.getParams().toString());
    ECPublicKeySpec spec = new ECPublicKeySpec(publicKey.getW(), publicKey.getParams());
    PublicKey rebuilt = KeyFactory.getInstance("EC", CARBIDE).generatePublic(spec);
    PublicKey rebuiltBySun = KeyFactory.getInstance("EC", SUN_EC).generatePublic(spec);
    assertEquals(rebuiltBySun, rebuilt);
    KeyPair peer = EcTesting.pair(SUN_EC, curve);
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", CARBIDE);
    agreement.init(keys.getPrivate());
    agreement.doPhase(peer.getPublic(), true);
    SecretKey premaster = agreement.generateSecret("TlsPremasterSecret");
    assertEquals("TlsPremasterSecret", premaster.getAlgorithm());
    assertArrayEquals(agree(SUN_EC, peer.getPrivate(), rebuilt), premaster.getEncoded());
  }

  @Test
  void keySizesAndDefault() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", CARBIDE);
    KeyPairGenerator sun = KeyPairGenerator.getInstance("EC", SUN_EC);
    assertEquals(
        ((ECPublicKey) sun.generateKeyPair().getPublic()).getParams().getOrder(),
        ((ECPublicKey) generator.generateKeyPair().getPublic()).getParams().getOrder());
    for (int size : new int[] {256, 384, 521}) {
      generator.initialize(size);
      ECPublicKey key = (ECPublicKey) generator.generateKeyPair().getPublic();
      assertEquals(size, key.getParams().getOrder().bitLength());
      assertInstanceOf(ECPublicKey.class, KeyFactory.getInstance("EC", SUN_EC).translateKey(key));
    }
  }

  static byte[] sign(
      Provider provider, String algorithm, PrivateKey key, byte[] message, Random random)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    signature.initSign(key);
    int split = message.length == 0 ? 0 : random.nextInt(message.length);
    signature.update(message, 0, split);
    signature.update(message, split, message.length - split);
    return signature.sign();
  }

  static boolean verify(
      Provider provider, String algorithm, PublicKey key, byte[] message, byte[] signed)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    signature.initVerify(key);
    for (byte b : message.length < 100 ? message : new byte[0]) {
      signature.update(b);
    }
    if (message.length >= 100) {
      signature.update(message);
    }
    return signature.verify(signed);
  }

  static byte[] agree(Provider provider, PrivateKey own, PublicKey peer) throws Exception {
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", provider);
    agreement.init(own);
    agreement.doPhase(peer, true);
    return agreement.generateSecret();
  }
}
