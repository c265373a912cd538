package dev.carbide.edec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.Random;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Carbide and SunEC use each other's EdDSA and XDH keys, signatures and agreements. */
class EdEcInteropTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final Provider SUN_EC = Security.getProvider("SunEC");

  private static KeyPair pair(Provider provider, String curve) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(curve, provider);
    return generator.generateKeyPair();
  }

  @ParameterizedTest
  @ValueSource(strings = {"Ed25519", "Ed448"})
  void signaturesVerifyAcrossProviders(String curve) throws Exception {
    Random random = new Random(curve.hashCode());
    for (KeyPair keys : new KeyPair[] {pair(CARBIDE, curve), pair(SUN_EC, curve)}) {
      byte[] message = new byte[random.nextInt(2000)];
      random.nextBytes(message);
      for (String algorithm : new String[] {curve, "EdDSA"}) {
        byte[] ours = sign(CARBIDE, algorithm, keys.getPrivate(), message);
        byte[] theirs = sign(SUN_EC, algorithm, keys.getPrivate(), message);
        assertArrayEquals(theirs, ours, "EdDSA is deterministic");
        assertTrue(verify(SUN_EC, algorithm, keys.getPublic(), message, ours));
        assertTrue(verify(CARBIDE, algorithm, keys.getPublic(), message, theirs));
        ours[0] ^= 1;
        assertFalse(verify(CARBIDE, algorithm, keys.getPublic(), message, ours));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"X25519", "X448"})
  void agreementsMatchAcrossProviders(String curve) throws Exception {
    KeyPair ours = pair(CARBIDE, curve);
    KeyPair theirs = pair(SUN_EC, curve);
    byte[] expected = agree(SUN_EC, theirs.getPrivate(), ours.getPublic());
    assertArrayEquals(expected, agree(CARBIDE, ours.getPrivate(), theirs.getPublic()));
    assertArrayEquals(expected, agree(CARBIDE, theirs.getPrivate(), ours.getPublic()));
    assertArrayEquals(expected, agree(SUN_EC, ours.getPrivate(), theirs.getPublic()));
  }

  /**
   * A generated public key enters OpenSSL only when an operation needs it: its views, its encoding
   * and its use must match SunEC's reading of it, also after its private key is destroyed.
   */
  @ParameterizedTest
  @ValueSource(strings = {"Ed25519", "Ed448", "X25519", "X448"})
  void generatedPublicKeyWorksWithoutItsPrivateKey(String curve) throws Exception {
    KeyPair keys = pair(CARBIDE, curve);
    PublicKey sunCopy =
        KeyFactory.getInstance(curve, SUN_EC)
            .generatePublic(new X509EncodedKeySpec(keys.getPublic().getEncoded()));
    byte[] message = {1, 2, 3};
    boolean signing = curve.startsWith("Ed");
    byte[] signature = signing ? sign(CARBIDE, curve, keys.getPrivate(), message) : null;
    KeyPair peer = pair(SUN_EC, curve);
    byte[] secret = signing ? null : agree(SUN_EC, peer.getPrivate(), keys.getPublic());
    ((javax.security.auth.Destroyable) keys.getPrivate()).destroy();
    if (signing) {
      assertEquals(
          ((EdECPublicKey) sunCopy).getPoint().getY(),
          ((EdECPublicKey) keys.getPublic()).getPoint().getY());
      assertTrue(verify(CARBIDE, curve, keys.getPublic(), message, signature));
      assertTrue(verify(SUN_EC, curve, keys.getPublic(), message, signature));
    } else {
      assertEquals(((XECPublicKey) sunCopy).getU(), ((XECPublicKey) keys.getPublic()).getU());
      assertArrayEquals(secret, agree(CARBIDE, peer.getPrivate(), keys.getPublic()));
    }
    assertArrayEquals(sunCopy.getEncoded(), keys.getPublic().getEncoded());
  }

  @ParameterizedTest
  @ValueSource(strings = {"Ed25519", "Ed448", "X25519", "X448"})
  void keysCrossBothKeyFactories(String curve) throws Exception {
    for (KeyPair keys : new KeyPair[] {pair(CARBIDE, curve), pair(SUN_EC, curve)}) {
      KeyFactory ours = KeyFactory.getInstance(curve, CARBIDE);
      KeyFactory theirs = KeyFactory.getInstance(curve, SUN_EC);
      X509EncodedKeySpec x509 = new X509EncodedKeySpec(keys.getPublic().getEncoded());
      PublicKey mine = ours.generatePublic(x509);
      PublicKey sun = theirs.generatePublic(x509);
      assertEquals(sun, mine);
      assertEquals(mine, sun);
      // Equal keys hash alike across providers only where the JDK hashes the encoding as Carbide
      // does; older JDKs (17) used another formula.
      if (Runtime.version().feature() >= 21) {
        assertEquals(sun.hashCode(), mine.hashCode());
      }
      if (mine instanceof XECPublicKey xec) {
        assertEquals(((XECPublicKey) sun).getU(), xec.getU());
        // JSSE's XDH shape: rebuild the peer from getU() and the named parameters.
        PublicKey rebuilt = ours.generatePublic(new XECPublicKeySpec(xec.getParams(), xec.getU()));
        assertEquals(sun, rebuilt);
      } else {
        EdECPublicKey ed = (EdECPublicKey) mine;
        EdECPublicKey sunEd = (EdECPublicKey) sun;
        assertEquals(sunEd.getPoint().getY(), ed.getPoint().getY());
        assertEquals(sunEd.getPoint().isXOdd(), ed.getPoint().isXOdd());
        assertEquals(
            sun, ours.generatePublic(new EdECPublicKeySpec(ed.getParams(), ed.getPoint())));
      }
      PKCS8EncodedKeySpec pkcs8 = new PKCS8EncodedKeySpec(keys.getPrivate().getEncoded());
      PrivateKey minePrivate = ours.generatePrivate(pkcs8);
      PrivateKey sunPrivate = theirs.generatePrivate(pkcs8);
      assertEquals(ours.getKeySpec(minePrivate, PKCS8EncodedKeySpec.class).getFormat(), "PKCS#8");
      assertEquals(sunPrivate.getAlgorithm(), minePrivate.getAlgorithm());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"X25519", "X448"})
  void smallOrderPeerIsRefusedByBoth(String curve) throws Exception {
    NamedParameterSpec params = new NamedParameterSpec(curve);
    PrivateKey own = pair(SUN_EC, curve).getPrivate();
    for (Provider provider : new Provider[] {SUN_EC, CARBIDE}) {
      PublicKey zero =
          KeyFactory.getInstance("XDH", provider)
              .generatePublic(new XECPublicKeySpec(params, BigInteger.ZERO));
      assertThrows(InvalidKeyException.class, () -> agree(provider, own, zero), provider.getName());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"Ed25519", "X25519"})
  void wrongCurveIsRefusedByBoth(String curve) throws Exception {
    String other = curve.equals("Ed25519") ? "Ed448" : "X448";
    KeyPair keys = pair(SUN_EC, other);
    for (Provider provider : new Provider[] {SUN_EC, CARBIDE}) {
      assertThrows(
          InvalidKeyException.class,
          () -> {
            if (curve.startsWith("Ed")) {
              Signature.getInstance(curve, provider).initSign(keys.getPrivate());
            } else {
              KeyAgreement.getInstance(curve, provider).init(keys.getPrivate());
            }
          },
          provider.getName());
    }
  }

  static byte[] sign(Provider provider, String algorithm, PrivateKey key, byte[] message)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    signature.initSign(key);
    signature.update(message);
    return signature.sign();
  }

  static boolean verify(
      Provider provider, String algorithm, PublicKey key, byte[] message, byte[] signed)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    signature.initVerify(key);
    int split = message.length / 3;
    signature.update(message, 0, split);
    signature.update(message, split, message.length - split);
    return signature.verify(signed);
  }

  static byte[] agree(Provider provider, PrivateKey own, PublicKey peer) throws Exception {
    KeyAgreement agreement = KeyAgreement.getInstance("XDH", provider);
    agreement.init(own);
    agreement.doPhase(peer, true);
    return agreement.generateSecret();
  }
}
