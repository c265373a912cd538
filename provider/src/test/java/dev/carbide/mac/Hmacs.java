package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.carbide.testing.Carbide;
import java.security.GeneralSecurityException;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.function.Executable;

/** What the MAC tests share: the algorithms, instances from both providers, odd keys. */
final class Hmacs {
  private Hmacs() {}

  static final List<String> ALGORITHMS =
      List.of(
          "HmacMD5",
          "HmacSHA1",
          "HmacSHA224",
          "HmacSHA256",
          "HmacSHA384",
          "HmacSHA512",
          "HmacSHA512/224",
          "HmacSHA512/256",
          "HmacSHA3-224",
          "HmacSHA3-256",
          "HmacSHA3-384",
          "HmacSHA3-512");

  static Mac carbide(String algorithm) throws GeneralSecurityException {
    Mac mac = Mac.getInstance(algorithm, Carbide.provider());
    assertEquals(Carbide.provider(), mac.getProvider());
    return mac;
  }

  static Mac jdk(String algorithm) throws GeneralSecurityException {
    return Mac.getInstance(algorithm, "SunJCE");
  }

  /** A SecretKey with any format and encoding, as third-party providers and JSSE make them. */
  static SecretKey key(String algorithm, String format, byte[] encoded) {
    return new SecretKey() {
      private static final long serialVersionUID = 1L;

      @Override
      public String getAlgorithm() {
        return algorithm;
      }

      @Override
      public String getFormat() {
        return format;
      }

      @Override
      public byte[] getEncoded() {
        return encoded == null ? null : encoded.clone();
      }
    };
  }

  static SecretKey rawKey(byte[] bytes) {
    return new SecretKeySpec(bytes, "HmacSHA256");
  }

  /**
   * Runs the same call against Carbide and the JDK and asserts that both throw the same exception
   * class (which it returns), or both succeed (null).
   */
  static Class<? extends Throwable> assertSameOutcome(Executable carbide, Executable jdk) {
    Throwable expected = outcome(jdk);
    Throwable actual = outcome(carbide);
    if (expected == null) {
      if (actual != null) {
        fail("the JDK succeeds but Carbide throws " + actual, actual);
      }
      return null;
    }
    if (actual == null) {
      fail("the JDK throws " + expected + " but Carbide succeeds");
    }
    assertEquals(
        expected.getClass(),
        actual.getClass(),
        () -> "the JDK throws " + expected + " but Carbide throws " + actual);
    return expected.getClass();
  }

  private static Throwable outcome(Executable call) {
    try {
      call.execute();
      return null;
    } catch (Throwable t) {
      return t;
    }
  }
}
