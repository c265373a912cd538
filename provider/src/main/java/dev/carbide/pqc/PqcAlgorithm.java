package dev.carbide.pqc;

import dev.carbide.internal.NativeFootprint;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The post-quantum parameter sets: their JCA and OpenSSL names (the same, as the JDK 25 spells
 * them), object identifiers and sizes. One table serves key generation, key factories, encodings
 * and the engines.
 */
enum PqcAlgorithm {
  ML_KEM_512(Family.ML_KEM, "ML-KEM-512", "2.16.840.1.101.3.4.4.1", 800, 1632, 768),
  ML_KEM_768(Family.ML_KEM, "ML-KEM-768", "2.16.840.1.101.3.4.4.2", 1184, 2400, 1088),
  ML_KEM_1024(Family.ML_KEM, "ML-KEM-1024", "2.16.840.1.101.3.4.4.3", 1568, 3168, 1568),
  ML_DSA_44(Family.ML_DSA, "ML-DSA-44", "2.16.840.1.101.3.4.3.17", 1312, 2560, 2420),
  ML_DSA_65(Family.ML_DSA, "ML-DSA-65", "2.16.840.1.101.3.4.3.18", 1952, 4032, 3309),
  ML_DSA_87(Family.ML_DSA, "ML-DSA-87", "2.16.840.1.101.3.4.3.19", 2592, 4896, 4627),
  SLH_DSA_SHA2_128S(Family.SLH_DSA, "SLH-DSA-SHA2-128s", "2.16.840.1.101.3.4.3.20", 32, 64, 7856),
  SLH_DSA_SHA2_128F(Family.SLH_DSA, "SLH-DSA-SHA2-128f", "2.16.840.1.101.3.4.3.21", 32, 64, 17088),
  SLH_DSA_SHA2_192S(Family.SLH_DSA, "SLH-DSA-SHA2-192s", "2.16.840.1.101.3.4.3.22", 48, 96, 16224),
  SLH_DSA_SHA2_192F(Family.SLH_DSA, "SLH-DSA-SHA2-192f", "2.16.840.1.101.3.4.3.23", 48, 96, 35664),
  SLH_DSA_SHA2_256S(Family.SLH_DSA, "SLH-DSA-SHA2-256s", "2.16.840.1.101.3.4.3.24", 64, 128, 29792),
  SLH_DSA_SHA2_256F(Family.SLH_DSA, "SLH-DSA-SHA2-256f", "2.16.840.1.101.3.4.3.25", 64, 128, 49856),
  SLH_DSA_SHAKE_128S(Family.SLH_DSA, "SLH-DSA-SHAKE-128s", "2.16.840.1.101.3.4.3.26", 32, 64, 7856),
  SLH_DSA_SHAKE_128F(
      Family.SLH_DSA, "SLH-DSA-SHAKE-128f", "2.16.840.1.101.3.4.3.27", 32, 64, 17088),
  SLH_DSA_SHAKE_192S(
      Family.SLH_DSA, "SLH-DSA-SHAKE-192s", "2.16.840.1.101.3.4.3.28", 48, 96, 16224),
  SLH_DSA_SHAKE_192F(
      Family.SLH_DSA, "SLH-DSA-SHAKE-192f", "2.16.840.1.101.3.4.3.29", 48, 96, 35664),
  SLH_DSA_SHAKE_256S(
      Family.SLH_DSA, "SLH-DSA-SHAKE-256s", "2.16.840.1.101.3.4.3.30", 64, 128, 29792),
  SLH_DSA_SHAKE_256F(
      Family.SLH_DSA, "SLH-DSA-SHAKE-256f", "2.16.840.1.101.3.4.3.31", 64, 128, 49856),
  // The hybrid KEMs of the TLS hybrid design (draft-ietf-tls-ecdhe-mlkem): no OID, keys are the
  // raw key shares. OpenSSL exports no private key of the NIST-curve hybrids (size 0).
  X25519_MLKEM768(Family.X25519_MLKEM768, "X25519MLKEM768", null, 1216, 2432, 1120),
  SECP256R1_MLKEM768(Family.SECP256R1_MLKEM768, "SecP256r1MLKEM768", null, 1249, 0, 1153),
  SECP384R1_MLKEM1024(Family.SECP384R1_MLKEM1024, "SecP384r1MLKEM1024", null, 1665, 0, 1665);

  /**
   * A family of parameter sets: its JCA name (also the algorithm of its keys, as on the JDK 25),
   * the set its family-wide KeyPairGenerator makes by default, and for a KEM the length of its
   * shared secret (0 for a signature scheme). A hybrid KEM is a family of one set of the same name,
   * whose keys are raw key shares rather than X.509 and PKCS#8.
   */
  enum Family {
    ML_KEM("ML-KEM", "ML-KEM-768", 32, false),
    ML_DSA("ML-DSA", "ML-DSA-65", 0, false),
    SLH_DSA("SLH-DSA", "SLH-DSA-SHA2-128s", 0, false),
    // The hybrid secrets concatenate the two components' (32 + 32, 32 + 32, 48 + 32 bytes).
    X25519_MLKEM768("X25519MLKEM768", "X25519MLKEM768", 64, true),
    SECP256R1_MLKEM768("SecP256r1MLKEM768", "SecP256r1MLKEM768", 64, true),
    SECP384R1_MLKEM1024("SecP384r1MLKEM1024", "SecP384r1MLKEM1024", 80, true);

    final String jcaName;
    private final String defaultSet;
    final boolean kem;
    final int secretSize;
    final boolean hybrid;

    Family(String jcaName, String defaultSet, int secretSize, boolean hybrid) {
      this.jcaName = jcaName;
      this.defaultSet = defaultSet;
      this.kem = secretSize > 0;
      this.secretSize = secretSize;
      this.hybrid = hybrid;
    }

    PqcAlgorithm defaultSet() {
      return byName(defaultSet);
    }
  }

  private static final Map<String, PqcAlgorithm> BY_NAME = new HashMap<>();

  static {
    for (PqcAlgorithm algorithm : values()) {
      BY_NAME.put(algorithm.jcaName.toUpperCase(Locale.ROOT), algorithm);
    }
  }

  final Family family;
  final String jcaName;
  final String oid;
  final int publicKeySize;

  /** The raw private key's length; 0 if OpenSSL cannot export it (the NIST-curve hybrids). */
  final int privateKeySize;

  /** The ciphertext of a KEM, or the signature of a signature scheme. */
  final int outputSize;

  PqcAlgorithm(
      Family family,
      String jcaName,
      String oid,
      int publicKeySize,
      int privateKeySize,
      int outputSize) {
    this.family = family;
    this.jcaName = jcaName;
    this.oid = oid;
    this.publicKeySize = publicKeySize;
    this.privateKeySize = privateKeySize;
    this.outputSize = outputSize;
  }

  /** What a key of this parameter set holds natively, for NativeMemory's accounting. */
  NativeFootprint footprint() {
    return switch (this) {
      case ML_KEM_512 -> NativeFootprint.ML_KEM_512_KEY;
      case ML_KEM_768 -> NativeFootprint.ML_KEM_768_KEY;
      case ML_KEM_1024 -> NativeFootprint.ML_KEM_1024_KEY;
      case ML_DSA_44 -> NativeFootprint.ML_DSA_44_KEY;
      case ML_DSA_65 -> NativeFootprint.ML_DSA_65_KEY;
      case ML_DSA_87 -> NativeFootprint.ML_DSA_87_KEY;
      case X25519_MLKEM768 -> NativeFootprint.X25519_MLKEM768_KEY;
      case SECP256R1_MLKEM768 -> NativeFootprint.SECP256R1_MLKEM768_KEY;
      case SECP384R1_MLKEM1024 -> NativeFootprint.SECP384R1_MLKEM1024_KEY;
      default -> NativeFootprint.CURVE_KEY; // SLH-DSA: its seeds and root alone
    };
  }

  /** OpenSSL's key type name, which is the JCA name. */
  String opensslName() {
    return jcaName;
  }

  /** The parameter set named {@code name} (any case), or null. */
  static PqcAlgorithm byName(String name) {
    return name == null ? null : BY_NAME.get(name.toUpperCase(Locale.ROOT));
  }

  /**
   * The ML-KEM and ML-DSA private keys of the JDK 25 (and the LAMPS drafts' "expandedKey" form)
   * wrap the expanded key in an inner OCTET STRING; SLH-DSA's key is the raw bytes (RFC 9909).
   */
  boolean nestedPrivateKey() {
    return family != Family.SLH_DSA;
  }

  /** True if the private key can be exported and imported as raw bytes. */
  boolean privateKeyExportable() {
    return privateKeySize > 0;
  }
}
