package dev.carbide.internal;

import java.security.KeyPairGenerator;
import java.security.interfaces.ECPublicKey;
import javax.crypto.KeyGenerator;

/**
 * The running JDK's own default key sizes. They changed between releases (SunJCE's AES key from 128
 * to 256 bits, SunEC's curve from P-256 to P-384), and Carbide's generators default to whatever the
 * JDK they run on does. Each is asked of the JDK's provider once, on first use.
 */
public final class JdkDefaults {
  private JdkDefaults() {}

  /** SunJCE's default AES key size in bits, or 256 if SunJCE is absent. */
  public static int aesKeyBits() {
    return AesHolder.BITS;
  }

  /** SunEC's default EC key size (field size in bits), or 384 if SunEC is absent. */
  public static int ecKeyBits() {
    return EcHolder.BITS;
  }

  private static final class AesHolder {
    static final int BITS = ask();

    private static int ask() {
      try {
        return KeyGenerator.getInstance("AES", "SunJCE").generateKey().getEncoded().length * 8;
      } catch (Exception | LinkageError e) {
        return 256;
      }
    }
  }

  private static final class EcHolder {
    static final int BITS = ask();

    private static int ask() {
      try {
        ECPublicKey key =
            (ECPublicKey) KeyPairGenerator.getInstance("EC", "SunEC").generateKeyPair().getPublic();
        return key.getParams().getCurve().getField().getFieldSize();
      } catch (Exception | LinkageError e) {
        return 384;
      }
    }
  }
}
