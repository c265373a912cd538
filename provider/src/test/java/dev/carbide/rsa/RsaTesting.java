package dev.carbide.rsa;

import dev.carbide.testing.Carbide;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;

/**
 * Keys the RSA tests share: RSA key generation takes tens of milliseconds, so each is made once.
 */
final class RsaTesting {
  private RsaTesting() {}

  static final Provider JDK_SIGN = Security.getProvider("SunRsaSign");
  static final Provider JDK_CIPHER = Security.getProvider("SunJCE");

  private static final class Holder {
    static final KeyPair CARBIDE_2048 = generate(Carbide.provider(), 2048);
    static final KeyPair JDK_2048 = generate(JDK_SIGN, 2048);
  }

  /** A 2048-bit pair made by Carbide. */
  static KeyPair carbide() {
    return Holder.CARBIDE_2048;
  }

  /** A 2048-bit pair made by SunRsaSign. */
  static KeyPair jdk() {
    return Holder.JDK_2048;
  }

  static KeyPair generate(Provider provider, int bits) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", provider);
      generator.initialize(bits);
      return generator.generateKeyPair();
    } catch (java.security.GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }
}
