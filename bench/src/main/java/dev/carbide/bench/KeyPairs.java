package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.DSAParams;
import java.security.interfaces.DSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.DSAParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.util.Map;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;

/**
 * The key types of the public-key benchmarks, by the short name they take as a parameter ("P-256",
 * "RSA-2048", "ML-KEM-768"), and where each benchmark's keys come from.
 */
final class KeyPairs {
  /**
   * A JCA KeyPairGenerator algorithm, the spec that selects the key type, and the key size that
   * selects it for a generator that takes no spec (0 if none does).
   */
  record Kind(String algorithm, AlgorithmParameterSpec spec, int bits) {}

  private static final Map<String, Kind> KINDS =
      Map.ofEntries(
          Map.entry("P-256", new Kind("EC", new ECGenParameterSpec("secp256r1"), 256)),
          Map.entry("P-384", new Kind("EC", new ECGenParameterSpec("secp384r1"), 384)),
          // Curves the JDK's SunEC no longer serves (JDK 16 dropped them): no key size names them.
          Map.entry("secp256k1", new Kind("EC", new ECGenParameterSpec("secp256k1"), 0)),
          Map.entry(
              "brainpoolP256r1", new Kind("EC", new ECGenParameterSpec("brainpoolP256r1"), 0)),
          Map.entry("DH-2048", new Kind("DiffieHellman", sunJce2048(), 2048)),
          Map.entry("DSA-2048", new Kind("DSA", sun2048(), 2048)),
          Map.entry("Ed25519", new Kind("Ed25519", NamedParameterSpec.ED25519, 255)),
          Map.entry("Ed448", new Kind("Ed448", NamedParameterSpec.ED448, 448)),
          Map.entry("X25519", new Kind("X25519", NamedParameterSpec.X25519, 255)),
          Map.entry("X448", new Kind("X448", NamedParameterSpec.X448, 448)),
          Map.entry("RSA-2048", rsa(2048)),
          Map.entry("RSA-3072", rsa(3072)),
          Map.entry("RSA-4096", rsa(4096)),
          Map.entry("ML-KEM-512", new Kind("ML-KEM", new NamedParameterSpec("ML-KEM-512"), 0)),
          Map.entry("ML-KEM-768", new Kind("ML-KEM", new NamedParameterSpec("ML-KEM-768"), 0)),
          Map.entry("ML-KEM-1024", new Kind("ML-KEM", new NamedParameterSpec("ML-KEM-1024"), 0)),
          // The hybrid KEMs: each generator makes its one set, with no parameters.
          Map.entry("X25519MLKEM768", new Kind("X25519MLKEM768", null, 0)),
          Map.entry("SecP256r1MLKEM768", new Kind("SecP256r1MLKEM768", null, 0)),
          Map.entry("SecP384r1MLKEM1024", new Kind("SecP384r1MLKEM1024", null, 0)),
          Map.entry("ML-DSA-44", new Kind("ML-DSA", new NamedParameterSpec("ML-DSA-44"), 0)),
          Map.entry("ML-DSA-65", new Kind("ML-DSA", new NamedParameterSpec("ML-DSA-65"), 0)),
          Map.entry("ML-DSA-87", new Kind("ML-DSA", new NamedParameterSpec("ML-DSA-87"), 0)),
          Map.entry(
              "SLH-DSA-SHA2-128f",
              new Kind("SLH-DSA", new NamedParameterSpec("SLH-DSA-SHA2-128f"), 0)));

  private KeyPairs() {}

  /**
   * SunJCE's group for a bare key size of 2048 (RFC 3526's MODP group, 224-bit private values),
   * given to every provider as a spec, so that each uses the same group (a peer given only a size
   * might generate a group of its own).
   */
  private static DHParameterSpec sunJce2048() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("DiffieHellman", "SunJCE");
      generator.initialize(2048);
      return ((DHPublicKey) generator.generateKeyPair().getPublic()).getParams();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SunJCE has no 2048-bit DH group", e);
    }
  }

  /**
   * SUN's parameters for a bare DSA key size of 2048 (its precomputed 2048/224 group, what SUN and
   * Carbide use by default), given to every provider as a spec, as for DH.
   */
  private static DSAParameterSpec sun2048() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("DSA", "SUN");
      generator.initialize(2048);
      DSAParams params = ((DSAPublicKey) generator.generateKeyPair().getPublic()).getParams();
      return new DSAParameterSpec(params.getP(), params.getQ(), params.getG());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SUN has no 2048-bit DSA parameters", e);
    }
  }

  private static Kind rsa(int bits) {
    return new Kind("RSA", new RSAKeyGenParameterSpec(bits, RSAKeyGenParameterSpec.F4), bits);
  }

  static Kind kind(String name) {
    Kind kind = KINDS.get(name);
    if (kind == null) {
      throw new IllegalArgumentException("unknown key type " + name + "; known: " + KINDS.keySet());
    }
    return kind;
  }

  /** {@code provider}'s own generator for key type {@code name}, initialised once. */
  static KeyPairGenerator generator(String provider, String name)
      throws GeneralSecurityException, NotAvailableException {
    Kind kind = kind(name);
    KeyPairGenerator generator =
        KeyPairGenerator.getInstance(
            kind.algorithm(), Providers.forService(provider, "KeyPairGenerator", kind.algorithm()));
    try {
      generator.initialize(kind.spec());
    } catch (UnsupportedOperationException | InvalidAlgorithmParameterException e) {
      initializeOlderWay(generator, provider, name, kind, e);
    }
    return generator;
  }

  /**
   * For a peer's generator that takes no spec: some take a key size (the JCA's older form), and
   * some take nothing at all (ACCP's and Conscrypt's Ed25519 and X25519), which is fine where the
   * algorithm name alone fixes the key type.
   */
  private static void initializeOlderWay(
      KeyPairGenerator generator, String provider, String name, Kind kind, Exception refusal)
      throws NotAvailableException {
    try {
      if (kind.bits() != 0) {
        generator.initialize(kind.bits());
        return;
      }
    } catch (UnsupportedOperationException | InvalidParameterException e) {
      // falls through to the name check
    }
    if (!kind.algorithm().equals(name)) {
      throw new NotAvailableException(
          provider + "'s " + kind.algorithm() + " generator refuses " + name + ": " + refusal);
    }
  }

  /**
   * A key pair for measuring {@code provider}'s other engines: from its own generator where it has
   * one, else from the JDK's (a provider without a generator must still accept foreign keys, which
   * is how an application with keys from a keystore uses it).
   */
  static KeyPair forProvider(String provider, String name)
      throws GeneralSecurityException, NotAvailableException {
    try {
      return generator(provider, name).generateKeyPair();
    } catch (GeneralSecurityException | NotAvailableException e) {
      return generator(Providers.JDK, name).generateKeyPair();
    }
  }
}
