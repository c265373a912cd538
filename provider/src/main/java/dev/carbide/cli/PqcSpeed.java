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
 * The post-quantum rows of {@code speed}: ML-KEM-768 and X25519MLKEM768 key generation, ML-DSA-65
 * and SLH-DSA-SHA2-128f signing and verification of a 64-byte message on a reused engine (the KEM
 * operations themselves are in {@link KemSpeed}, which needs Java 21). The JDK 25 has ML-KEM in
 * SunJCE and ML-DSA in SUN; it has no SLH-DSA, so those rows show Carbide alone.
 */
final class PqcSpeed {
  private PqcSpeed() {}

  static final Engine KEY_PAIR_GENERATOR =
      new Engine("KeyPairGenerator", () -> Security.getProvider("SunJCE"));
  static final Engine SIGNATURE = new Engine("Signature", () -> Security.getProvider("SUN"));

  private static final byte[] MESSAGE = SpeedCatalogue.input(64);

  static void addTo(List<Row> rows) {
    for (String set : List.of("ML-KEM-768", "X25519MLKEM768")) {
      rows.add(new Row(set + " keygen", KEY_PAIR_GENERATOR, p -> keygen(p, set)));
    }
    KemSpeed.addTo(rows);
    for (String set : List.of("ML-DSA-65", "SLH-DSA-SHA2-128f")) {
      rows.add(new Row(set + " sign", SIGNATURE, p -> sign(p, set)));
      rows.add(new Row(set + " verify", SIGNATURE, p -> verify(p, set)));
    }
  }

  /**
   * The provider's family generator ("ML-KEM", "ML-DSA", "SLH-DSA") set to {@code set}, or a hybrid
   * KEM's own generator ("X25519MLKEM768", whose name has no hyphen).
   */
  static KeyPairGenerator generator(Provider provider, String set) throws GeneralSecurityException {
    if (set.indexOf('-') < 0) {
      return KeyPairGenerator.getInstance(set, provider);
    }
    KeyPairGenerator generator = KeyPairGenerator.getInstance(family(set), provider);
    generator.initialize(new java.security.spec.NamedParameterSpec(set));
    return generator;
  }

  static KeyPair pair(Provider provider, String set) throws GeneralSecurityException {
    return generator(provider, set).generateKeyPair();
  }

  private static Operation keygen(Provider provider, String set) throws GeneralSecurityException {
    KeyPairGenerator generator = generator(provider, set);
    return () -> generator.generateKeyPair().hashCode();
  }

  /** "ML-KEM-768" to "ML-KEM", "SLH-DSA-SHA2-128f" to "SLH-DSA". */
  private static String family(String set) {
    return set.substring(0, set.indexOf('-', set.indexOf('-') + 1));
  }

  private static Operation sign(Provider provider, String set) throws GeneralSecurityException {
    Signature signature = Signature.getInstance(family(set), provider);
    signature.initSign(pair(provider, set).getPrivate());
    return () -> {
      signature.update(MESSAGE);
      return signature.sign()[0];
    };
  }

  private static Operation verify(Provider provider, String set) throws GeneralSecurityException {
    KeyPair keys = pair(provider, set);
    Signature signer = Signature.getInstance(family(set), provider);
    signer.initSign(keys.getPrivate());
    signer.update(MESSAGE);
    byte[] signed = signer.sign();
    Signature verifier = Signature.getInstance(family(set), provider);
    verifier.initVerify(keys.getPublic());
    return () -> {
      verifier.update(MESSAGE);
      return verifier.verify(signed) ? 1 : 0;
    };
  }
}
