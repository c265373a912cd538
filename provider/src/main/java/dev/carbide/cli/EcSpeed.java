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
import java.security.spec.ECGenParameterSpec;
import java.util.List;
import javax.crypto.KeyAgreement;

/**
 * The EC rows of {@code speed}: key generation, ECDH and ECDSA, each both on a reused engine and
 * with a fresh {@code getInstance} per operation, as TLS uses them. Keys come from the provider
 * measured.
 */
final class EcSpeed {
  private EcSpeed() {}

  static final Engine KEY_PAIR_GENERATOR =
      new Engine("KeyPairGenerator", () -> Security.getProvider("SunEC"));
  static final Engine KEY_AGREEMENT =
      new Engine("KeyAgreement", () -> Security.getProvider("SunEC"));
  static final Engine SIGNATURE = new Engine("Signature", () -> Security.getProvider("SunEC"));

  private static final byte[] MESSAGE = new byte[64];

  static void addTo(List<Row> rows) {
    rows.add(new Row("EC P-256 keygen", KEY_PAIR_GENERATOR, p -> keygen(p, "secp256r1")));
    rows.add(new Row("EC P-384 keygen", KEY_PAIR_GENERATOR, p -> keygen(p, "secp384r1")));
    rows.add(new Row("ECDH P-256", KEY_AGREEMENT, p -> ecdh(p, false)));
    rows.add(new Row("ECDH P-256 fresh", KEY_AGREEMENT, p -> ecdh(p, true)));
    rows.add(new Row("ECDSA P-256 sign", SIGNATURE, p -> sign(p, false)));
    rows.add(new Row("ECDSA P-256 sign fresh", SIGNATURE, p -> sign(p, true)));
    rows.add(new Row("ECDSA P-256 verify", SIGNATURE, p -> verify(p, false)));
    rows.add(new Row("ECDSA P-256 verify fresh", SIGNATURE, p -> verify(p, true)));
  }

  private static KeyPair pair(Provider provider, String curve) throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
    generator.initialize(new ECGenParameterSpec(curve));
    return generator.generateKeyPair();
  }

  private static Operation keygen(Provider provider, String curve)
      throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
    generator.initialize(new ECGenParameterSpec(curve));
    return () -> generator.generateKeyPair().hashCode();
  }

  private static Operation ecdh(Provider provider, boolean fresh) throws GeneralSecurityException {
    KeyPair own = pair(provider, "secp256r1");
    KeyPair peer = pair(provider, "secp256r1");
    KeyAgreement reused = KeyAgreement.getInstance("ECDH", provider);
    return () -> {
      KeyAgreement agreement = fresh ? KeyAgreement.getInstance("ECDH", provider) : reused;
      agreement.init(own.getPrivate());
      agreement.doPhase(peer.getPublic(), true);
      return agreement.generateSecret()[0];
    };
  }

  private static Operation sign(Provider provider, boolean fresh) throws GeneralSecurityException {
    KeyPair keys = pair(provider, "secp256r1");
    Signature reused = Signature.getInstance("SHA256withECDSA", provider);
    reused.initSign(keys.getPrivate());
    return () -> {
      Signature signature = reused;
      if (fresh) {
        signature = Signature.getInstance("SHA256withECDSA", provider);
        signature.initSign(keys.getPrivate());
      }
      signature.update(MESSAGE);
      return signature.sign()[0];
    };
  }

  private static Operation verify(Provider provider, boolean fresh)
      throws GeneralSecurityException {
    KeyPair keys = pair(provider, "secp256r1");
    Signature signer = Signature.getInstance("SHA256withECDSA", provider);
    signer.initSign(keys.getPrivate());
    signer.update(MESSAGE);
    byte[] signed = signer.sign();
    Signature reused = Signature.getInstance("SHA256withECDSA", provider);
    reused.initVerify(keys.getPublic());
    return () -> {
      Signature signature = reused;
      if (fresh) {
        signature = Signature.getInstance("SHA256withECDSA", provider);
        signature.initVerify(keys.getPublic());
      }
      signature.update(MESSAGE);
      return signature.verify(signed) ? 1 : 0;
    };
  }
}
