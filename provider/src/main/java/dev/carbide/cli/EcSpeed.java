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
 * The elliptic-curve rows of {@code speed}: EC key generation, ECDH, ECDSA, Ed25519 and X25519,
 * each but key generation both on a reused engine and with a fresh {@code getInstance} per
 * operation, as TLS uses them; and key generation, ECDH and ECDSA on P-224, secp256k1 and the
 * brainpool curves, on reused engines. Keys come from the provider measured.
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
    rows.add(new Row("ECDH P-256", KEY_AGREEMENT, p -> ecdh(p, "secp256r1", false)));
    rows.add(new Row("ECDH P-256 fresh", KEY_AGREEMENT, p -> ecdh(p, "secp256r1", true)));
    for (boolean fresh : new boolean[] {false, true}) {
      String suffix = fresh ? " fresh" : "";
      rows.add(new Row("ECDSA P-256 sign" + suffix, SIGNATURE, p -> sign(p, P256, fresh)));
      rows.add(new Row("ECDSA P-256 verify" + suffix, SIGNATURE, p -> verify(p, P256, fresh)));
      rows.add(new Row("Ed25519 sign" + suffix, SIGNATURE, p -> sign(p, ED25519, fresh)));
      rows.add(new Row("Ed25519 verify" + suffix, SIGNATURE, p -> verify(p, ED25519, fresh)));
      rows.add(new Row("X25519" + suffix, KEY_AGREEMENT, p -> xdh(p, fresh)));
    }
    // The curves SunEC dropped or never had (its column then stays empty), on reused engines.
    for (Signer curve : MORE_CURVES) {
      String name = curve.label;
      rows.add(new Row("EC " + name + " keygen", KEY_PAIR_GENERATOR, p -> keygen(p, curve.curve)));
      rows.add(new Row("ECDH " + name, KEY_AGREEMENT, p -> ecdh(p, curve.curve, false)));
      rows.add(new Row("ECDSA " + name + " sign", SIGNATURE, p -> sign(p, curve, false)));
      rows.add(new Row("ECDSA " + name + " verify", SIGNATURE, p -> verify(p, curve, false)));
    }
  }

  /** A signature algorithm and how to make its keys; {@code label} names it in a row. */
  private record Signer(String label, String algorithm, String keyAlgorithm, String curve) {
    KeyPair keys(Provider provider) throws GeneralSecurityException {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(keyAlgorithm, provider);
      if (curve != null) {
        generator.initialize(new ECGenParameterSpec(curve));
      }
      return generator.generateKeyPair();
    }
  }

  private static final Signer P256 = new Signer("P-256", "SHA256withECDSA", "EC", "secp256r1");
  private static final Signer ED25519 = new Signer("Ed25519", "Ed25519", "Ed25519", null);

  /** The further curves, each with the digest of its strength, as the native limit signs. */
  private static final List<Signer> MORE_CURVES =
      List.of(
          new Signer("P-224", "SHA224withECDSA", "EC", "secp224r1"),
          new Signer("secp256k1", "SHA256withECDSA", "EC", "secp256k1"),
          new Signer("brainpoolP256r1", "SHA256withECDSA", "EC", "brainpoolP256r1"),
          new Signer("brainpoolP384r1", "SHA384withECDSA", "EC", "brainpoolP384r1"),
          new Signer("brainpoolP512r1", "SHA512withECDSA", "EC", "brainpoolP512r1"));

  private static Operation xdh(Provider provider, boolean fresh) throws GeneralSecurityException {
    KeyPair own = KeyPairGenerator.getInstance("X25519", provider).generateKeyPair();
    KeyPair peer = KeyPairGenerator.getInstance("X25519", provider).generateKeyPair();
    KeyAgreement reused = KeyAgreement.getInstance("X25519", provider);
    return () -> {
      KeyAgreement agreement = fresh ? KeyAgreement.getInstance("X25519", provider) : reused;
      agreement.init(own.getPrivate());
      agreement.doPhase(peer.getPublic(), true);
      return agreement.generateSecret()[0];
    };
  }

  private static KeyPair pair(Provider provider, String curve) throws GeneralSecurityException {
    return new Signer(curve, null, "EC", curve).keys(provider);
  }

  private static Operation keygen(Provider provider, String curve) throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
    generator.initialize(new ECGenParameterSpec(curve));
    return () -> generator.generateKeyPair().hashCode();
  }

  private static Operation ecdh(Provider provider, String curve, boolean fresh)
      throws GeneralSecurityException {
    KeyPair own = pair(provider, curve);
    KeyPair peer = pair(provider, curve);
    KeyAgreement reused = KeyAgreement.getInstance("ECDH", provider);
    return () -> {
      KeyAgreement agreement = fresh ? KeyAgreement.getInstance("ECDH", provider) : reused;
      agreement.init(own.getPrivate());
      agreement.doPhase(peer.getPublic(), true);
      return agreement.generateSecret()[0];
    };
  }

  private static Operation sign(Provider provider, Signer signer, boolean fresh)
      throws GeneralSecurityException {
    KeyPair keys = signer.keys(provider);
    Signature reused = Signature.getInstance(signer.algorithm, provider);
    reused.initSign(keys.getPrivate());
    return () -> {
      Signature signature = reused;
      if (fresh) {
        signature = Signature.getInstance(signer.algorithm, provider);
        signature.initSign(keys.getPrivate());
      }
      signature.update(MESSAGE);
      return signature.sign()[0];
    };
  }

  private static Operation verify(Provider provider, Signer signer, boolean fresh)
      throws GeneralSecurityException {
    KeyPair keys = signer.keys(provider);
    Signature signing = Signature.getInstance(signer.algorithm, provider);
    signing.initSign(keys.getPrivate());
    signing.update(MESSAGE);
    byte[] signed = signing.sign();
    Signature reused = Signature.getInstance(signer.algorithm, provider);
    reused.initVerify(keys.getPublic());
    return () -> {
      Signature signature = reused;
      if (fresh) {
        signature = Signature.getInstance(signer.algorithm, provider);
        signature.initVerify(keys.getPublic());
      }
      signature.update(MESSAGE);
      return signature.verify(signed) ? 1 : 0;
    };
  }
}
