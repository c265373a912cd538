package dev.carbide.testing;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Security;
import javax.crypto.Mac;

/** The JDK's own providers, named explicitly: the reference for Carbide's results. */
public final class Jdk {
  private Jdk() {}

  /** The SUN provider's MessageDigest for {@code algorithm}. */
  public static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm, "SUN");
    } catch (GeneralSecurityException e) {
      throw new AssertionError("the JDK has no MessageDigest " + algorithm, e);
    }
  }

  /** The SUN provider's digest of {@code data}. */
  public static byte[] digest(String algorithm, byte[] data) {
    return digest(algorithm).digest(data);
  }

  /** The SunJCE provider's Mac for {@code algorithm}, not yet initialised. */
  public static Mac mac(String algorithm) {
    try {
      return Mac.getInstance(algorithm, "SunJCE");
    } catch (GeneralSecurityException e) {
      throw new AssertionError("the JDK has no Mac " + algorithm, e);
    }
  }

  /** True if SunJCE has a Mac called {@code algorithm}. */
  public static boolean hasMac(String algorithm) {
    return Security.getProvider("SunJCE").getService("Mac", algorithm) != null;
  }
}
