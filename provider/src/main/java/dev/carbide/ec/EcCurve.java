package dev.carbide.ec;

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
  P_521("secp521r1", "secp521r1", "1.3.132.0.35", 521, "NIST P-521", "P-521");

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

  /** The curve called {@code name} (standard name, alias or OID), or null. */
  static EcCurve byName(String name) {
    String wanted = name.trim();
    for (EcCurve curve : values()) {
      if (curve.jcaName.equalsIgnoreCase(wanted)
          || curve.opensslName.equalsIgnoreCase(wanted)
          || curve.oid.equals(wanted)
          || curve.aliases.stream().anyMatch(alias -> alias.equalsIgnoreCase(wanted))) {
        return curve;
      }
    }
    return null;
  }

  static EcCurve byBits(int bits) {
    for (EcCurve curve : values()) {
      if (curve.bits == bits) {
        return curve;
      }
    }
    return null;
  }

  static EcCurve byOpensslName(String name) {
    for (EcCurve curve : values()) {
      if (curve.opensslName.equals(name)) {
        return curve;
      }
    }
    return null;
  }

  /** The curve whose domain parameters {@code spec} holds, or null. */
  static EcCurve of(ECParameterSpec spec) {
    for (EcCurve curve : values()) {
      if (spec == curve.spec || sameDomain(spec, curve.spec())) {
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
