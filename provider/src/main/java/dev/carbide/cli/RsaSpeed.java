package dev.carbide.cli;

import dev.carbide.cli.SpeedCatalogue.Engine;
import dev.carbide.cli.SpeedCatalogue.Operation;
import dev.carbide.cli.SpeedCatalogue.Row;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.List;
import javax.crypto.Cipher;

/**
 * The RSA rows of {@code speed}: PKCS#1 v1.5 (SHA-256) and PSS (TLS 1.3's rsa_pss_rsae_sha256)
 * signing and verification at 2048 bits, each on a reused engine and with a fresh {@code
 * getInstance} and {@code init} per operation as a TLS handshake does; OAEP at 2048; and key
 * generation, whose time is random by nature. Keys come from the provider measured (the JDK's
 * SunRsaSign for SunJCE, which has no generator).
 */
final class RsaSpeed {
  private RsaSpeed() {}

  static final Engine KEY_PAIR_GENERATOR =
      new Engine("KeyPairGenerator", () -> Security.getProvider("SunRsaSign"));
  static final Engine SIGNATURE = new Engine("Signature", () -> Security.getProvider("SunRsaSign"));
  static final Engine CIPHER = new Engine("Cipher", () -> Security.getProvider("SunJCE"));

  private static final byte[] MESSAGE = new byte[64];
  private static final PSSParameterSpec PSS =
      new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
  private static final String OAEP = "RSA/ECB/OAEPWithSHA-256AndMGF1Padding";

  static void addTo(List<Row> rows) {
    rows.add(new Row("RSA-2048 keygen", KEY_PAIR_GENERATOR, p -> keygen(p, 2048)));
    for (boolean fresh : new boolean[] {false, true}) {
      String suffix = fresh ? " fresh" : "";
      for (String name : List.of("SHA256withRSA", "RSASSA-PSS")) {
        String label = name.equals("RSASSA-PSS") ? "RSA-PSS-2048" : "RSA-2048";
        rows.add(new Row(label + " sign" + suffix, SIGNATURE, p -> sign(p, name, fresh, true)));
        rows.add(new Row(label + " verify" + suffix, SIGNATURE, p -> sign(p, name, fresh, false)));
      }
    }
    rows.add(new Row("RSA-2048 OAEP encrypt", CIPHER, p -> oaep(p, true)));
    rows.add(new Row("RSA-2048 OAEP decrypt", CIPHER, p -> oaep(p, false)));
  }

  // Keys from the measured provider's generator, or the JDK's where it has none (SunJCE).
  private static KeyPair pair(Provider provider) throws GeneralSecurityException {
    KeyPairGenerator generator =
        provider.getService("KeyPairGenerator", "RSA") != null
            ? KeyPairGenerator.getInstance("RSA", provider)
            : KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    return generator.generateKeyPair();
  }

  private static Operation keygen(Provider provider, int bits) throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", provider);
    generator.initialize(bits);
    return () -> generator.generateKeyPair().hashCode();
  }

  private static Signature open(Provider provider, String name) throws GeneralSecurityException {
    Signature signature = Signature.getInstance(name, provider);
    if (name.equals("RSASSA-PSS")) {
      signature.setParameter(PSS);
    }
    return signature;
  }

  private static Operation sign(Provider provider, String name, boolean fresh, boolean signing)
      throws GeneralSecurityException {
    KeyPair keys = pair(provider);
    Signature setup = open(provider, name);
    setup.initSign(keys.getPrivate());
    setup.update(MESSAGE);
    byte[] signed = setup.sign();
    Signature reused = open(provider, name);
    if (signing) {
      reused.initSign(keys.getPrivate());
    } else {
      reused.initVerify(keys.getPublic());
    }
    return () -> {
      Signature signature = reused;
      if (fresh) {
        signature = open(provider, name);
        if (signing) {
          signature.initSign(keys.getPrivate());
        } else {
          signature.initVerify(keys.getPublic());
        }
      }
      signature.update(MESSAGE);
      return signing ? signature.sign()[0] : signature.verify(signed) ? 1 : 0;
    };
  }

  private static Operation oaep(Provider provider, boolean encrypt)
      throws GeneralSecurityException {
    KeyPair keys = pair(provider);
    Cipher cipher = Cipher.getInstance(OAEP, provider);
    cipher.init(Cipher.ENCRYPT_MODE, keys.getPublic());
    byte[] key = new byte[32];
    byte[] wrapped = cipher.doFinal(key);
    return () -> {
      if (encrypt) {
        cipher.init(Cipher.ENCRYPT_MODE, keys.getPublic());
        return cipher.doFinal(key)[0];
      }
      cipher.init(Cipher.DECRYPT_MODE, keys.getPrivate());
      return cipher.doFinal(wrapped).length;
    };
  }
}
