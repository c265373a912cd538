package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Random;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keys and signatures move between Carbide and Bouncy Castle, an implementation independent of both
 * OpenSSL and the JDK, in both directions: ML-DSA and SLH-DSA signatures, and ML-KEM, ML-DSA and
 * SLH-DSA keys through their encodings (Bouncy Castle writes its private keys in another allowed
 * form, so the check is that each side reads the other's keys to the same key).
 */
class BouncyCastleInteropTest {
  private static final Provider BC = new BouncyCastleProvider();

  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  private static KeyPair bcPair(String set) throws Exception {
    return KeyPairGenerator.getInstance(set, BC).generateKeyPair();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "SLH-DSA-SHA2-128f", "SLH-DSA-SHAKE-128f"})
  void signaturesVerifyBothWays(String set) throws Exception {
    Random random = new Random(set.hashCode());
    for (KeyPair pair : new KeyPair[] {PqcTesting.generate(set), bcPair(set)}) {
      byte[] message = new byte[random.nextInt(1000)];
      random.nextBytes(message);
      byte[] ours = sign(CARBIDE, set, pair.getPrivate(), message);
      // Bouncy Castle's engines take only its own key objects: give it the keys by encoding.
      KeyFactory bcFactory = KeyFactory.getInstance(set, BC);
      PrivateKey bcPrivate =
          bcFactory.generatePrivate(new PKCS8EncodedKeySpec(pair.getPrivate().getEncoded()));
      PublicKey bcPublic =
          bcFactory.generatePublic(new X509EncodedKeySpec(pair.getPublic().getEncoded()));
      byte[] theirs = sign(BC, set, bcPrivate, message);
      assertTrue(verify(BC, set, bcPublic, message, ours), set);
      assertTrue(verify(CARBIDE, set, pair.getPublic(), message, theirs), set);
      theirs[7] ^= 1;
      assertFalse(verify(CARBIDE, set, pair.getPublic(), message, theirs), set);
    }
  }

  private static byte[] sign(Provider provider, String set, PrivateKey key, byte[] message)
      throws Exception {
    Signature signature = Signature.getInstance(set, provider);
    signature.initSign(key);
    signature.update(message);
    return signature.sign();
  }

  private static boolean verify(
      Provider provider, String set, PublicKey key, byte[] message, byte[] signed)
      throws Exception {
    Signature signature = Signature.getInstance(set, provider);
    signature.initVerify(key);
    signature.update(message);
    return signature.verify(signed);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "ML-DSA-65", "SLH-DSA-SHA2-128s"})
  void keysReadBothWays(String set) throws Exception {
    KeyPair theirs = bcPair(set);
    KeyPair ours = PqcTesting.generate(set);
    KeyFactory ourFactory = KeyFactory.getInstance(set, CARBIDE);
    KeyFactory bcFactory = KeyFactory.getInstance(set, BC);
    // Public keys have one encoding: equal bytes both ways.
    assertArrayEquals(
        theirs.getPublic().getEncoded(),
        ourFactory
            .generatePublic(new X509EncodedKeySpec(theirs.getPublic().getEncoded()))
            .getEncoded());
    assertArrayEquals(
        ours.getPublic().getEncoded(),
        bcFactory
            .generatePublic(new X509EncodedKeySpec(ours.getPublic().getEncoded()))
            .getEncoded());
    // Private keys: read theirs, write ours, read back by them: the same key as theirs.
    PrivateKey fromBc =
        ourFactory.generatePrivate(new PKCS8EncodedKeySpec(theirs.getPrivate().getEncoded()));
    PrivateKey backInBc = bcFactory.generatePrivate(new PKCS8EncodedKeySpec(fromBc.getEncoded()));
    assertArrayEquals(
        ourFactory.generatePrivate(new PKCS8EncodedKeySpec(backInBc.getEncoded())).getEncoded(),
        fromBc.getEncoded());
    PrivateKey oursInBc =
        bcFactory.generatePrivate(new PKCS8EncodedKeySpec(ours.getPrivate().getEncoded()));
    assertArrayEquals(
        ours.getPrivate().getEncoded(),
        ourFactory.generatePrivate(new PKCS8EncodedKeySpec(oursInBc.getEncoded())).getEncoded());
  }
}
