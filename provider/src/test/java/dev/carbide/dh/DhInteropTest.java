package dev.carbide.dh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.KeyAgreement;
import javax.crypto.interfaces.DHPrivateKey;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;
import javax.crypto.spec.DHPrivateKeySpec;
import javax.crypto.spec.DHPublicKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Carbide's DiffieHellman and SunJCE's use each other's keys, parameters and secrets. */
class DhInteropTest {
  static final Provider CARBIDE = Carbide.provider();
  static final Provider SUN_JCE = Security.getProvider("SunJCE");

  static KeyPair pair(Provider provider, Object sizeOrSpec) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DH", provider);
    if (sizeOrSpec instanceof Integer bits) {
      generator.initialize(bits);
    } else if (sizeOrSpec instanceof DHParameterSpec spec) {
      generator.initialize(spec);
    }
    return generator.generateKeyPair();
  }

  static byte[] agree(Provider provider, PrivateKey own, PublicKey peer) throws Exception {
    KeyAgreement agreement = KeyAgreement.getInstance("DiffieHellman", provider);
    agreement.init(own);
    agreement.doPhase(peer, true);
    return agreement.generateSecret();
  }

  @ParameterizedTest
  @ValueSource(ints = {1024, 2048, 3072})
  void keysUseSunJcesGroupsAndAgreeBothWays(int bits) throws Exception {
    KeyPair ours = pair(CARBIDE, bits);
    KeyPair theirs = pair(SUN_JCE, bits);
    DHParameterSpec expected = ((DHPublicKey) theirs.getPublic()).getParams();
    DHParameterSpec actual = ((DHPublicKey) ours.getPublic()).getParams();
    assertEquals(expected.getP(), actual.getP());
    assertEquals(expected.getG(), actual.getG());
    assertEquals(expected.getL(), actual.getL());
    BigInteger x = ((DHPrivateKey) ours.getPrivate()).getX();
    assertTrue(x.signum() > 0 && x.bitLength() <= expected.getL(), "x has " + x.bitLength());
    assertEquals(
        expected.getG().modPow(x, expected.getP()), ((DHPublicKey) ours.getPublic()).getY());
    byte[] secret = agree(SUN_JCE, theirs.getPrivate(), ours.getPublic());
    assertEquals((bits + 7) / 8, secret.length);
    assertArrayEquals(secret, agree(CARBIDE, ours.getPrivate(), theirs.getPublic()));
    assertArrayEquals(secret, agree(CARBIDE, theirs.getPrivate(), ours.getPublic()));
    assertArrayEquals(secret, agree(SUN_JCE, ours.getPrivate(), theirs.getPublic()));
  }

  @Test
  void defaultGroupIsSunJces() throws Exception {
    DHParameterSpec ours = ((DHPublicKey) pair(CARBIDE, null).getPublic()).getParams();
    DHParameterSpec theirs = ((DHPublicKey) pair(SUN_JCE, null).getPublic()).getParams();
    assertEquals(theirs.getP(), ours.getP());
    assertEquals(theirs.getL(), ours.getL());
  }

  @Test
  void givenParametersAreUsed() throws Exception {
    DHParameterSpec spec = new DHParameterSpec(Ffdhe.P2048, BigInteger.TWO);
    KeyPair ours = pair(CARBIDE, spec);
    KeyPair theirs = pair(SUN_JCE, spec);
    assertEquals(Ffdhe.P2048, ((DHPublicKey) ours.getPublic()).getParams().getP());
    assertArrayEquals(
        agree(SUN_JCE, theirs.getPrivate(), ours.getPublic()),
        agree(CARBIDE, ours.getPrivate(), theirs.getPublic()));
  }

  /** SunJCE's secret keeps the leading zeros of g^xy mod p; "TlsPremasterSecret" strips them. */
  @Test
  void leadingZerosAsSunJce() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DH", CARBIDE);
    generator.initialize(1024);
    KeyPair a = generator.generateKeyPair();
    for (int i = 0; i < 4000; i++) {
      KeyPair b = generator.generateKeyPair();
      byte[] ours = agree(CARBIDE, a.getPrivate(), b.getPublic());
      if (ours[0] != 0) {
        continue;
      }
      byte[] theirs = agree(SUN_JCE, b.getPrivate(), a.getPublic());
      assertEquals(128, ours.length);
      assertArrayEquals(theirs, ours);
      for (Provider provider : new Provider[] {CARBIDE, SUN_JCE}) {
        KeyAgreement agreement = KeyAgreement.getInstance("DH", provider);
        agreement.init(a.getPrivate());
        agreement.doPhase(b.getPublic(), true);
        byte[] tls = agreement.generateSecret("TlsPremasterSecret").getEncoded();
        int zeros = 0;
        while (ours[zeros] == 0) {
          zeros++;
        }
        assertEquals(128 - zeros, tls.length, provider.getName());
      }
      return;
    }
    throw new AssertionError("no secret with a leading zero in 4000 agreements");
  }

  @ParameterizedTest
  @ValueSource(ints = {2048})
  void encodingsCrossBothKeyFactories(int bits) throws Exception {
    KeyFactory ours = KeyFactory.getInstance("DH", CARBIDE);
    KeyFactory theirs = KeyFactory.getInstance("DH", SUN_JCE);
    for (KeyPair keys : new KeyPair[] {pair(CARBIDE, bits), pair(SUN_JCE, bits)}) {
      byte[] x509 = keys.getPublic().getEncoded();
      PublicKey mine = ours.generatePublic(new X509EncodedKeySpec(x509));
      PublicKey sun = theirs.generatePublic(new X509EncodedKeySpec(x509));
      assertArrayEquals(sun.getEncoded(), mine.getEncoded());
      assertEquals(((DHPublicKey) sun).getY(), ((DHPublicKey) mine).getY());
      assertEquals(sun, mine);
      byte[] pkcs8 = keys.getPrivate().getEncoded();
      PrivateKey minePrivate = ours.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
      PrivateKey sunPrivate = theirs.generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
      assertArrayEquals(sunPrivate.getEncoded(), minePrivate.getEncoded());
      assertEquals(((DHPrivateKey) sunPrivate).getX(), ((DHPrivateKey) minePrivate).getX());
      DHPublicKeySpec publicSpec = ours.getKeySpec(mine, DHPublicKeySpec.class);
      assertEquals(((DHPublicKey) sun).getY(), publicSpec.getY());
      DHPrivateKeySpec privateSpec = ours.getKeySpec(minePrivate, DHPrivateKeySpec.class);
      PrivateKey fromSpec = ours.generatePrivate(privateSpec);
      assertInstanceOf(DHPrivateKey.class, fromSpec);
      assertArrayEquals(agree(SUN_JCE, sunPrivate, sun), agree(CARBIDE, fromSpec, mine));
    }
  }

  /** The RFC 7919 groups. */
  static final class Ffdhe {
    static final BigInteger P2048 =
        new BigInteger(
            "FFFFFFFFFFFFFFFFADF85458A2BB4A9AAFDC5620273D3CF1D8B9C583CE2D3695A9E13641146433FBCC939DCE249B3EF97D2FE363630C75D8F681B202AEC4617AD3DF1ED5D5FD65612433F51F5F066ED0856365553DED1AF3B557135E7F57C935984F0C70E0E68B77E2A689DAF3EFE8721DF158A136ADE73530ACCA4F483A797ABC0AB182B324FB61D108A94BB2C8E3FBB96ADAB760D7F4681D4F42A3DE394DF4AE56EDE76372BB190B07A7C8EE0A6D709E02FCE1CDF7E2ECC03404CD28342F619172FE9CE98583FF8E4F1232EEF28183C3FE3B1B4C6FAD733BB5FCBC2EC22005C58EF1837D1683B2C6F34A26C1B2EFFA886B423861285C97FFFFFFFFFFFFFFFF",
            16);
  }
}
