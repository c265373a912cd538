package dev.carbide.edec;

import java.math.BigInteger;
import java.security.spec.NamedParameterSpec;

/** The four RFC 7748/8032 curves: two for EdDSA signatures, two for XDH agreement. */
enum EdEcCurve {
  ED25519(NamedParameterSpec.ED25519, "ED25519", "1.3.101.112", 32, 255, true),
  ED448(NamedParameterSpec.ED448, "ED448", "1.3.101.113", 57, 448, true),
  X25519(NamedParameterSpec.X25519, "X25519", "1.3.101.110", 32, 255, false),
  X448(NamedParameterSpec.X448, "X448", "1.3.101.111", 56, 448, false);

  final NamedParameterSpec spec;
  final String opensslName;
  final String oid;

  /** Bytes of a raw public or private key. */
  final int size;

  /** The key size in bits, as KeyPairGenerator.initialize(int) names it. */
  final int bits;

  final boolean signing;

  EdEcCurve(
      NamedParameterSpec spec,
      String opensslName,
      String oid,
      int size,
      int bits,
      boolean signing) {
    this.spec = spec;
    this.opensslName = opensslName;
    this.oid = oid;
    this.size = size;
    this.bits = bits;
    this.signing = signing;
  }

  String jcaName() {
    return spec.getName();
  }

  /** The family's JCA key algorithm: "EdDSA" or "XDH". */
  String family() {
    return signing ? "EdDSA" : "XDH";
  }

  /** The field prime of an XDH curve. */
  BigInteger prime() {
    return this == X25519
        ? BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19))
        : BigInteger.TWO.pow(448).subtract(BigInteger.TWO.pow(224)).subtract(BigInteger.ONE);
  }

  /** The order of the prime-order subgroup of an EdDSA curve (RFC 8032's L). */
  BigInteger order() {
    return this == ED25519 ? Orders.ED25519 : Orders.ED448;
  }

  /** RFC 8032's group orders, computed once (an enum constant cannot use its own statics). */
  private static final class Orders {
    static final BigInteger ED25519 =
        BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
    static final BigInteger ED448 =
        BigInteger.TWO
            .pow(446)
            .subtract(
                new BigInteger(
                    "13818066809895115352007386748515426880336692474882178609894547503885"));
  }

  static EdEcCurve byName(String name, boolean signing) {
    for (EdEcCurve curve : values()) {
      if (curve.signing == signing && curve.jcaName().equalsIgnoreCase(name)) {
        return curve;
      }
    }
    return null;
  }

  static EdEcCurve byBits(int bits, boolean signing) {
    for (EdEcCurve curve : values()) {
      if (curve.signing == signing && curve.bits == bits) {
        return curve;
      }
    }
    return null;
  }

  static EdEcCurve byOpensslName(String name) {
    for (EdEcCurve curve : values()) {
      if (curve.opensslName.equals(name)) {
        return curve;
      }
    }
    return null;
  }
}
