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
import java.util.List;

/**
 * The DSA rows of {@code speed}: SHA256withDSA signing and verification over 2048-bit keys (SUN's
 * precomputed 2048/224 parameters) on a reused engine, and key generation over those parameters.
 * The JDK's figures are SUN's.
 */
final class DsaSpeed {
  private DsaSpeed() {}

  static final Engine KEY_PAIR_GENERATOR =
      new Engine("KeyPairGenerator", () -> Security.getProvider("SUN"));
  static final Engine SIGNATURE = new Engine("Signature", () -> Security.getProvider("SUN"));

  private static final byte[] MESSAGE = new byte[64];

  static void addTo(List<Row> rows) {
    rows.add(new Row("DSA-2048 keygen", KEY_PAIR_GENERATOR, DsaSpeed::keygen));
    rows.add(new Row("DSA-2048 sign", SIGNATURE, p -> sign(p, true)));
    rows.add(new Row("DSA-2048 verify", SIGNATURE, p -> sign(p, false)));
  }

  private static KeyPairGenerator generator(Provider provider) throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DSA", provider);
    generator.initialize(2048);
    return generator;
  }

  private static Operation keygen(Provider provider) throws GeneralSecurityException {
    KeyPairGenerator generator = generator(provider);
    return () -> generator.generateKeyPair().hashCode();
  }

  private static Operation sign(Provider provider, boolean signing)
      throws GeneralSecurityException {
    KeyPair keys = generator(provider).generateKeyPair();
    Signature signature = Signature.getInstance("SHA256withDSA", provider);
    signature.initSign(keys.getPrivate());
    signature.update(MESSAGE);
    byte[] signed = signature.sign();
    if (!signing) {
      signature.initVerify(keys.getPublic());
    }
    return () -> {
      signature.update(MESSAGE);
      return signing ? signature.sign()[0] : signature.verify(signed) ? 1 : 0;
    };
  }
}
