package dev.carbide.ec;

import dev.carbide.internal.FipsMode;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.ProviderException;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.List;
import java.util.Locale;

/**
 * The curves served. Each curve's {@link ECParameterSpec} is SunEC's own (through {@code
 * AlgorithmParameters("EC")}, which Carbide leaves to SunEC), so JSSE and SunEC recognise it as the
 * named curve. A spec from anywhere else is matched by comparing the domain parameters.
 */
enum EcCurve {
  P_256(
      "secp256r1",
      "prime256v1",
      "1.2.840.10045.3.1.7",
      256,
      "NIST P-256",
      "P-256",
      "X9.62 prime256v1"),
  P_384("secp384r1", "secp384r1", "1.3.132.0.34", 384, "NIST P-384", "P-384"),
  P_521("secp521r1", "secp521r1", "1.3.132.0.35", 521, "NIST P-521", "P-521"),
  // The curves below are reached by name, OID or domain parameters only: a key size keeps meaning
  // the NIST curve SunEC gives it (byBits), and SunEC refuses 224.
  P_224("secp224r1", "secp224r1", "1.3.132.0.33", 224, "NIST P-224", "P-224"),
  SECP256K1("secp256k1", "secp256k1", "1.3.132.0.10", 256),
  BRAINPOOL_P256R1("brainpoolP256r1", "brainpoolP256r1", "1.3.36.3.3.2.8.1.1.7", 256),
  BRAINPOOL_P384R1("brainpoolP384r1", "brainpoolP384r1", "1.3.36.3.3.2.8.1.1.11", 384),
  BRAINPOOL_P512R1("brainpoolP512r1", "brainpoolP512r1", "1.3.36.3.3.2.8.1.1.13", 512);

  /** The curves named in messages. */
  static final String SERVED =
      "P-224, P-256, P-384, P-521, secp256k1, brainpoolP256r1, brainpoolP384r1, brainpoolP512r1";

  final String jcaName;
  final String opensslName;
  final String oid;
  final int bits;

  /** Bytes of a field element and of a scalar. */
  final int size;

  private final List<String> aliases;
  private volatile ECParameterSpec spec;

  EcCurve(String jcaName, String opensslName, String oid, int bits, String... aliases) {
    this.jcaName = jcaName;
    this.opensslName = opensslName;
    this.oid = oid;
    this.bits = bits;
    this.size = (bits + 7) / 8;
    this.aliases = List.of(aliases);
  }

  /** SunEC's parameter spec for this curve. */
  ECParameterSpec spec() {
    ECParameterSpec result = spec;
    if (result == null) {
      try {
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
        parameters.init(new ECGenParameterSpec(jcaName));
        result = parameters.getParameterSpec(ECParameterSpec.class);
      } catch (GeneralSecurityException e) {
        throw new ProviderException("no AlgorithmParameters.EC for " + jcaName, e);
      }
      spec = result;
    }
    return result;
  }

  /**
   * False for the curves OpenSSL's FIPS provider does not implement (secp256k1 and brainpool), in
   * FIPS mode: there they are not served at all, so every lookup below misses them and the request
   * fails as for any unserved curve (or falls through to the next provider).
   */
  boolean served() {
    return !FipsMode.enabled() || ordinal() <= P_224.ordinal();
  }

  /** The curve called {@code name} (standard name, alias or OID), or null. */
  static EcCurve byName(String name) {
    String wanted = name.trim();
    for (EcCurve curve : values()) {
      if (curve.served() && curve.jcaName.equalsIgnoreCase(wanted)
          || curve.opensslName.equalsIgnoreCase(wanted)
          || curve.oid.equals(wanted)
          || curve.aliases.stream().anyMatch(alias -> alias.equalsIgnoreCase(wanted))) {
        return curve;
      }
    }
    return null;
  }

  /** The NIST curve of {@code bits} that SunEC's generator picks for that key size, or null. */
  static EcCurve byBits(int bits) {
    for (EcCurve curve : new EcCurve[] {P_256, P_384, P_521}) {
      if (curve.bits == bits) {
        return curve;
      }
    }
    return null;
  }

  static EcCurve byOpensslName(String name) {
    for (EcCurve curve : values()) {
      if (curve.served() && curve.opensslName.equals(name)) {
        return curve;
      }
    }
    return null;
  }

  /** The curve whose domain parameters {@code spec} holds, or null. */
  static EcCurve of(ECParameterSpec spec) {
    for (EcCurve curve : values()) {
      if (curve.served() && (spec == curve.spec || sameDomain(spec, curve.spec()))) {
        return curve;
      }
    }
    return null;
  }

  private static boolean sameDomain(ECParameterSpec a, ECParameterSpec b) {
    return a.getCurve().getField().equals(b.getCurve().getField())
        && a.getCurve().getA().equals(b.getCurve().getA())
        && a.getCurve().getB().equals(b.getCurve().getB())
        && a.getGenerator().equals(b.getGenerator())
        && a.getOrder().equals(b.getOrder())
        && a.getCofactor() == b.getCofactor();
  }

  @Override
  public String toString() {
    return jcaName.toLowerCase(Locale.ROOT);
  }
}
