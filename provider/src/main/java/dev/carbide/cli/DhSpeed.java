package dev.carbide.cli;

import dev.carbide.cli.SpeedCatalogue.Engine;
import dev.carbide.cli.SpeedCatalogue.Operation;
import dev.carbide.cli.SpeedCatalogue.Row;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import javax.crypto.KeyAgreement;

/**
 * The finite-field Diffie-Hellman rows of {@code speed}: key generation and one agreement over
 * SunJCE's 2048- and 3072-bit groups (RFC 3526 MODP, 224- and 256-bit private values), which a bare
 * key size selects in both providers. Keys come from the provider measured.
 */
final class DhSpeed {
  private DhSpeed() {}

  static final Engine KEY_PAIR_GENERATOR =
      new Engine("KeyPairGenerator", () -> Security.getProvider("SunJCE"));
  static final Engine KEY_AGREEMENT =
      new Engine("KeyAgreement", () -> Security.getProvider("SunJCE"));

  static void addTo(List<Row> rows) {
    for (int bits : new int[] {2048, 3072}) {
      rows.add(new Row("DH " + bits + " keygen", KEY_PAIR_GENERATOR, p -> keygen(p, bits)));
      rows.add(new Row("DH " + bits, KEY_AGREEMENT, p -> agreement(p, bits)));
    }
  }

  private static KeyPairGenerator generator(Provider provider, int bits)
      throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("DiffieHellman", provider);
    generator.initialize(bits);
    return generator;
  }

  private static Operation keygen(Provider provider, int bits) throws GeneralSecurityException {
    KeyPairGenerator generator = generator(provider, bits);
    return () -> generator.generateKeyPair().hashCode();
  }

  private static Operation agreement(Provider provider, int bits) throws GeneralSecurityException {
    KeyPairGenerator generator = generator(provider, bits);
    KeyPair own = generator.generateKeyPair();
    KeyPair peer = generator.generateKeyPair();
    KeyAgreement agreement = KeyAgreement.getInstance("DiffieHellman", provider);
    return () -> {
      agreement.init(own.getPrivate());
      agreement.doPhase(peer.getPublic(), true);
      return agreement.generateSecret()[0];
    };
  }
}
