package dev.carbide.dh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.AlgorithmParameterGenerator;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.Provider;
import java.security.PublicKey;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.DHGenParameterSpec;
import javax.crypto.spec.DHParameterSpec;
import javax.crypto.spec.DHPublicKeySpec;
import org.junit.jupiter.api.Test;

/**
 * DH's AlgorithmParameters encode as SunJCE's, its generator makes groups SunJCE agrees over, and
 * keys over an RFC 7919 group get OpenSSL's named group, whose known q refuses peers outside the
 * prime-order subgroup.
 */
class DhParametersTest {
  private static final Provider CARBIDE = DhInteropTest.CARBIDE;
  private static final Provider SUN_JCE = DhInteropTest.SUN_JCE;
  private static final BigInteger P = DhInteropTest.Ffdhe.P2048;

  @Test
  void encodingsAreSunJces() throws Exception {
    for (DHParameterSpec spec :
        new DHParameterSpec[] {
          new DHParameterSpec(P, BigInteger.TWO), new DHParameterSpec(P, BigInteger.TWO, 225)
        }) {
      AlgorithmParameters ours = AlgorithmParameters.getInstance("DH", CARBIDE);
      AlgorithmParameters theirs = AlgorithmParameters.getInstance("DH", SUN_JCE);
      ours.init(spec);
      theirs.init(spec);
      assertArrayEquals(theirs.getEncoded(), ours.getEncoded());
      AlgorithmParameters decoded = AlgorithmParameters.getInstance("DH", CARBIDE);
      decoded.init(theirs.getEncoded());
      DHParameterSpec back = decoded.getParameterSpec(DHParameterSpec.class);
      assertEquals(spec.getP(), back.getP());
      assertEquals(spec.getG(), back.getG());
      assertEquals(spec.getL(), back.getL());
    }
  }

  @Test
  void explicitZeroLengthReencodesWithoutIt() throws Exception {
    AlgorithmParameters withZero = AlgorithmParameters.getInstance("DH", CARBIDE);
    withZero.init(new byte[] {0x30, 9, 2, 1, 23, 2, 1, 5, 2, 1, 0});
    AlgorithmParameters sun = AlgorithmParameters.getInstance("DH", SUN_JCE);
    sun.init(new byte[] {0x30, 9, 2, 1, 23, 2, 1, 5, 2, 1, 0});
    assertArrayEquals(sun.getEncoded(), withZero.getEncoded());
  }

  @Test
  void generatedGroupsAgreeWithSunJce() throws Exception {
    AlgorithmParameterGenerator generator = AlgorithmParameterGenerator.getInstance("DH", CARBIDE);
    generator.init(new DHGenParameterSpec(512, 256));
    DHParameterSpec spec = generator.generateParameters().getParameterSpec(DHParameterSpec.class);
    assertEquals(512, spec.getP().bitLength());
    assertEquals(256, spec.getL());
    assertTrue(spec.getP().isProbablePrime(40));
    KeyPair ours = DhInteropTest.pair(CARBIDE, spec);
    KeyPair theirs = DhInteropTest.pair(SUN_JCE, spec);
    assertArrayEquals(
        DhInteropTest.agree(SUN_JCE, theirs.getPrivate(), ours.getPublic()),
        DhInteropTest.agree(CARBIDE, ours.getPrivate(), theirs.getPublic()));
  }

  @Test
  void generatorRefusesSunJcesBadSizes() {
    for (Provider provider : new Provider[] {SUN_JCE, CARBIDE}) {
      assertThrows(
          java.security.InvalidParameterException.class,
          () -> AlgorithmParameterGenerator.getInstance("DH", provider).init(4096));
      assertThrows(
          java.security.InvalidAlgorithmParameterException.class,
          () ->
              AlgorithmParameterGenerator.getInstance("DH", provider)
                  .init(new DHGenParameterSpec(2048, 4096)));
    }
  }

  @Test
  void ffdheKeysAreNamedAndRefusePeersOutsideTheSubgroup() throws Exception {
    KeyPair ours = DhInteropTest.pair(CARBIDE, new DHParameterSpec(P, BigInteger.TWO));
    assertEquals("ffdhe2048", ((DhPrivateKeyImpl) ours.getPrivate()).groupName());
    // y in [2, p - 2] but of order 2q: a quadratic non-residue (p = 2q + 1).
    BigInteger q = P.subtract(BigInteger.ONE).shiftRight(1);
    BigInteger y = BigInteger.valueOf(3);
    while (y.modPow(q, P).equals(BigInteger.ONE)) {
      y = y.add(BigInteger.ONE);
    }
    PublicKey outside =
        KeyFactory.getInstance("DH", CARBIDE)
            .generatePublic(new DHPublicKeySpec(y, P, BigInteger.TWO));
    KeyAgreement agreement = KeyAgreement.getInstance("DH", CARBIDE);
    agreement.init(ours.getPrivate());
    assertThrows(InvalidKeyException.class, () -> agreement.doPhase(outside, true));
  }
}
