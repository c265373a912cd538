package dev.carbide.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.math.BigInteger;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.interfaces.DSAParams;
import java.security.interfaces.DSAPublicKey;
import java.security.spec.DSAParameterSpec;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;
import org.junit.jupiter.api.Test;

/** The selection of parameters in {@link NativeKeyPairGeneratorSpi}, through DH and DSA. */
class KeyPairGeneratorSelectionTest {
  private static final Provider CARBIDE = Carbide.provider();

  /**
   * Parameters that pass the JDK's checks but that OpenSSL refuses (an even prime of the right
   * size) fail initialize and leave the generator on its previous parameters, as SunJCE's and SUN's
   * do; the generator used to be left without one ("native object already released").
   */
  @Test
  void refusedDsaParametersKeepThePreviousOnes() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DSA", CARBIDE);
    generator.initialize(2048);
    DSAParams used = ((DSAPublicKey) generator.generateKeyPair().getPublic()).getParams();
    DSAParameterSpec even = new DSAParameterSpec(used.getP().clearBit(0), used.getQ(), used.getG());
    assertThrows(InvalidAlgorithmParameterException.class, () -> generator.initialize(even));
    DSAPublicKey next = (DSAPublicKey) generator.generateKeyPair().getPublic();
    assertEquals(used.getP(), next.getParams().getP());
  }

  @Test
  void refusedDhParametersKeepThePreviousOnes() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DiffieHellman", CARBIDE);
    generator.initialize(2048);
    DHParameterSpec used = ((DHPublicKey) generator.generateKeyPair().getPublic()).getParams();
    BigInteger p = used.getP();
    // l = bits of p passes SunJCE's check; OpenSSL wants private values shorter than p.
    DHParameterSpec tooLong = new DHParameterSpec(p, used.getG(), p.bitLength());
    assertThrows(InvalidAlgorithmParameterException.class, () -> generator.initialize(tooLong));
    DHPublicKey next = (DHPublicKey) generator.generateKeyPair().getPublic();
    assertEquals(p, next.getParams().getP());
    assertEquals(used.getL(), next.getParams().getL());
  }
}
