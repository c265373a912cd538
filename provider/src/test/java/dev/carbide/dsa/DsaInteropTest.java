package dev.carbide.dsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.security.AlgorithmParameterGenerator;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.interfaces.DSAParams;
import java.security.interfaces.DSAPrivateKey;
import java.security.interfaces.DSAPublicKey;
import java.security.spec.DSAGenParameterSpec;
import java.security.spec.DSAParameterSpec;
import java.security.spec.DSAPrivateKeySpec;
import java.security.spec.DSAPublicKeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Carbide's DSA and SUN's use each other's keys, parameters and signatures, both directions. */
class DsaInteropTest {
  static final Provider CARBIDE = Carbide.provider();
  static final Provider SUN = Security.getProvider("SUN");

  static KeyPair pair(Provider provider, int bits) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DSA", provider);
    if (bits != 0) {
      generator.initialize(bits);
    }
    return generator.generateKeyPair();
  }

  static byte[] sign(Provider provider, String algorithm, PrivateKey key, byte[] message)
      throws Exception {
    Signature signer = Signature.getInstance(algorithm, provider);
    signer.initSign(key);
    // Split updates: one byte, then the rest, so buffering and the native update path both run.
    signer.update(message[0]);
    signer.update(message, 1, message.length - 1);
    return signer.sign();
  }

  static boolean verify(
      Provider provider, String algorithm, PublicKey key, byte[] message, byte[] signature)
      throws Exception {
    Signature verifier = Signature.getInstance(algorithm, provider);
    verifier.initVerify(key);
    verifier.update(message);
    return verifier.verify(signature);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1024, 2048, 3072})
  void keysUseSunsParameters(int bits) throws Exception {
    DSAParams ours = ((DSAPublicKey) pair(CARBIDE, bits).getPublic()).getParams();
    DSAParams theirs = ((DSAPublicKey) pair(SUN, bits).getPublic()).getParams();
    assertEquals(theirs.getP(), ours.getP());
    assertEquals(theirs.getQ(), ours.getQ());
    assertEquals(theirs.getG(), ours.getG());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SHA224withDSA",
        "SHA256withDSA",
        "SHA384withDSA",
        "SHA512withDSA",
        "SHA3-224withDSA",
        "SHA3-256withDSA",
        "SHA3-384withDSA",
        "SHA3-512withDSA",
        "SHA224withDSAinP1363Format",
        "SHA256withDSAinP1363Format",
        "SHA512withDSAinP1363Format",
        "SHA3-256withDSAinP1363Format"
      })
  void signaturesCrossBothWays(String algorithm) throws Exception {
    Random random = new Random(algorithm.hashCode());
    KeyPair ours = pair(CARBIDE, 2048);
    KeyPair theirs = pair(SUN, 2048);
    for (int length : new int[] {1, 100, 5000}) {
      byte[] message = new byte[length];
      random.nextBytes(message);
      byte[] byCarbide = sign(CARBIDE, algorithm, ours.getPrivate(), message);
      assertTrue(verify(SUN, algorithm, ours.getPublic(), message, byCarbide), algorithm);
      assertTrue(verify(CARBIDE, algorithm, ours.getPublic(), message, byCarbide));
      byte[] bySun = sign(SUN, algorithm, theirs.getPrivate(), message);
      assertTrue(verify(CARBIDE, algorithm, theirs.getPublic(), message, bySun), algorithm);
      // SUN's keys signing through Carbide (translated), checked by SUN.
      byte[] translated = sign(CARBIDE, algorithm, theirs.getPrivate(), message);
      assertTrue(verify(SUN, algorithm, theirs.getPublic(), message, translated));
      message[0] ^= 1;
      assertEquals(false, verify(CARBIDE, algorithm, theirs.getPublic(), message, bySun));
    }
  }

  @Test
  void p1363SignaturesHaveSunsWidth() throws Exception {
    KeyPair ours = pair(CARBIDE, 2048); // q of 224 bits
    for (int i = 0; i < 20; i++) {
      assertEquals(
          56,
          sign(CARBIDE, "SHA256withDSAinP1363Format", ours.getPrivate(), new byte[] {1}).length);
    }
  }

  @Test
  void keyFactoryRoundTripsWithSun() throws Exception {
    KeyPair theirs = pair(SUN, 2048);
    KeyFactory ours = KeyFactory.getInstance("DSA", CARBIDE);
    KeyFactory sun = KeyFactory.getInstance("DSA", SUN);
    PublicKey pub = ours.generatePublic(new X509EncodedKeySpec(theirs.getPublic().getEncoded()));
    PrivateKey priv =
        ours.generatePrivate(new PKCS8EncodedKeySpec(theirs.getPrivate().getEncoded()));
    assertArrayEquals(theirs.getPublic().getEncoded(), pub.getEncoded());
    assertArrayEquals(theirs.getPrivate().getEncoded(), priv.getEncoded());
    DSAPublicKeySpec pubSpec = ours.getKeySpec(pub, DSAPublicKeySpec.class);
    DSAPrivateKeySpec privSpec = ours.getKeySpec(priv, DSAPrivateKeySpec.class);
    assertEquals(((DSAPublicKey) theirs.getPublic()).getY(), pubSpec.getY());
    assertEquals(((DSAPrivateKey) theirs.getPrivate()).getX(), privSpec.getX());
    assertArrayEquals(theirs.getPublic().getEncoded(), ours.generatePublic(pubSpec).getEncoded());
    assertArrayEquals(
        theirs.getPrivate().getEncoded(), ours.generatePrivate(privSpec).getEncoded());
    assertEquals(pub, sun.generatePublic(new X509EncodedKeySpec(pub.getEncoded())));
    PublicKey translated = (PublicKey) ours.translateKey(theirs.getPublic());
    assertInstanceOf(DsaPublicKeyImpl.class, translated);
    assertEquals(theirs.getPublic(), translated);
    assertSame(translated, ours.translateKey(translated));
  }

  @Test
  void keysSerializeAsTheirEncoding() throws Exception {
    KeyPair ours = pair(CARBIDE, 2048);
    for (java.security.Key key : new java.security.Key[] {ours.getPublic(), ours.getPrivate()}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(key);
      }
      Object back;
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        back = in.readObject();
      }
      assertNotSame(key, back);
      assertArrayEquals(key.getEncoded(), ((java.security.Key) back).getEncoded());
    }
  }

  @Test
  void destroyedPrivateKeyRefusesUse() throws Exception {
    KeyPair ours = pair(CARBIDE, 2048);
    DSAPrivateKey key = (DSAPrivateKey) ours.getPrivate();
    key.destroy();
    assertTrue(key.isDestroyed());
    Signature signer = Signature.getInstance("SHA256withDSA", CARBIDE);
    org.junit.jupiter.api.Assertions.assertThrows(
        java.security.InvalidKeyException.class, () -> signer.initSign(key));
  }

  @Test
  void parametersEncodeAsSunDoes() throws Exception {
    DSAParams params = ((DSAPublicKey) pair(SUN, 2048).getPublic()).getParams();
    DSAParameterSpec spec = new DSAParameterSpec(params.getP(), params.getQ(), params.getG());
    AlgorithmParameters ours = AlgorithmParameters.getInstance("DSA", CARBIDE);
    AlgorithmParameters sun = AlgorithmParameters.getInstance("DSA", SUN);
    ours.init(spec);
    sun.init(spec);
    assertArrayEquals(sun.getEncoded(), ours.getEncoded());
    AlgorithmParameters decoded = AlgorithmParameters.getInstance("DSA", CARBIDE);
    decoded.init(sun.getEncoded());
    DSAParameterSpec back = decoded.getParameterSpec(DSAParameterSpec.class);
    assertEquals(spec.getP(), back.getP());
    assertEquals(spec.getQ(), back.getQ());
    assertEquals(spec.getG(), back.getG());
  }

  @Test
  void generatedParametersMakeKeysSunUses() throws Exception {
    AlgorithmParameterGenerator generator = AlgorithmParameterGenerator.getInstance("DSA", CARBIDE);
    generator.init(new DSAGenParameterSpec(1024, 160));
    DSAParameterSpec spec = generator.generateParameters().getParameterSpec(DSAParameterSpec.class);
    assertEquals(1024, spec.getP().bitLength());
    assertEquals(160, spec.getQ().bitLength());
    assertTrue(spec.getP().isProbablePrime(40) && spec.getQ().isProbablePrime(40));
    assertEquals(
        java.math.BigInteger.ONE, spec.getG().modPow(spec.getQ(), spec.getP()), "g has order q");
    KeyPairGenerator sun = KeyPairGenerator.getInstance("DSA", SUN);
    sun.initialize(spec);
    KeyPair theirs = sun.generateKeyPair();
    byte[] message = {1, 2, 3};
    byte[] signature = sign(SUN, "SHA256withDSA", theirs.getPrivate(), message);
    assertTrue(verify(CARBIDE, "SHA256withDSA", theirs.getPublic(), message, signature));
    KeyPairGenerator ours = KeyPairGenerator.getInstance("DSA", CARBIDE);
    ours.initialize(spec);
    KeyPair pair = ours.generateKeyPair();
    assertTrue(
        verify(
            SUN,
            "SHA256withDSA",
            pair.getPublic(),
            message,
            sign(CARBIDE, "SHA256withDSA", pair.getPrivate(), message)));
  }
}
