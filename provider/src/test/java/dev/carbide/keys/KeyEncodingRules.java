package dev.carbide.keys;

import dev.carbide.testing.Carbide;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.Security;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.EllipticCurve;
import java.util.Arrays;
import java.util.List;

/**
 * The encodings Carbide refuses on purpose although SunEC accepts them, each listed in
 * docs/elliptic-curves.md ("Deliberate differences from SunEC"). The fuzz test lets exactly these
 * through, and counts them by reason.
 */
final class KeyEncodingRules {
  private KeyEncodingRules() {}

  static final String NOT_DER = "not DER (BER lengths or a non-minimal INTEGER)";
  static final String RFC8410_PARAMETERS = "EdDSA/XDH algorithm identifier with parameters";
  static final String EC_UNUSED_BITS = "EC public key BIT STRING with unused bits";
  static final String EC_POINT = "EC public point not an uncompressed point on the curve";
  static final String UNSUPPORTED_CURVE = "EC key on a curve Carbide does not serve";

  /** The curves Carbide serves, by SunEC's names. */
  static final String[] SERVED_CURVES = {
    "secp256r1",
    "secp384r1",
    "secp521r1",
    "secp224r1",
    "secp256k1",
    "brainpoolP256r1",
    "brainpoolP384r1",
    "brainpoolP512r1"
  };

  static final String PKCS8_ATTRIBUTES = "PKCS#8 attributes [0] that are not a SET OF Attribute";
  static final String UNREAD_MALFORMED =
      "a constructed field, in a part SunEC does not read, whose contents are not DER values";
  static final String INNER_TRAILING_BYTES =
      "bytes after the ECPrivateKey or CurvePrivateKey inside the PKCS#8 private key";
  static final String PKCS8_PUBLIC_KEY = "PKCS#8 v2 public key [1] that is not a BIT STRING";
  static final String EC_PRIVATE_FIELDS =
      "ECPrivateKey fields that RFC 5915 does not allow, or [0] parameters of another curve";
  static final String EC_PRIVATE_MISMATCH =
      "ECPrivateKey whose scalar is out of range or whose public key is not its own";

  /**
   * Why Carbide may refuse {@code der} although SunEC accepts it, or null if no documented reason
   * applies. {@code ecCurve} is SunEC's curve name for an EC key (null otherwise).
   */
  static String documentedStricter(boolean isPrivate, byte[] der, String sunEcCurve) {
    Der.Node root;
    try {
      root = Der.parse(der);
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (!Arrays.equals(root.encode(), der) || hasNonMinimalInteger(root)) {
      return NOT_DER;
    }
    List<Der.Node> all = new java.util.ArrayList<>();
    root.collect(all);
    // SunEC accepted it, so the malformed part is one it skips; OpenSSL parses everything.
    if (all.stream().anyMatch(node -> (node.tag & 0x20) != 0 && node.children == null)) {
      return UNREAD_MALFORMED;
    }
    List<Der.Node> top = root.children;
    if (top == null) {
      return null;
    }
    Der.Node algorithm = isPrivate ? top.size() > 1 ? top.get(1) : null : top.get(0);
    if (algorithm == null || algorithm.children == null || algorithm.children.isEmpty()) {
      return null;
    }
    String oid = oidText(algorithm.children.get(0));
    if (oid.startsWith("1.3.101.11") && algorithm.children.size() > 1) {
      return RFC8410_PARAMETERS;
    }
    if (isPrivate && top.size() > 2 && top.get(2).tag == Der.OCTET_STRING) {
      byte[] inner = top.get(2).content;
      int first = Der.firstValueLength(inner);
      if (top.get(2).wrapped == null && first > 0 && first < inner.length) {
        return INNER_TRAILING_BYTES;
      }
    }
    for (Der.Node field : isPrivate ? top.subList(Math.min(3, top.size()), top.size()) : top) {
      if (isPrivate && malformedAttributes(field)) {
        return PKCS8_ATTRIBUTES;
      }
      // SunEC takes any [1] for the public key; PKCS#8 v2 has it [1] IMPLICIT BIT STRING.
      if (isPrivate && (field.tag & 0xdf) == 0x81 && field.tag != 0x81) {
        return PKCS8_PUBLIC_KEY;
      }
    }
    if (!oid.equals("1.2.840.10045.2.1")) {
      return null;
    }
    if (sunEcCurve == null) {
      return UNSUPPORTED_CURVE;
    }
    if (!isPrivate) {
      byte[] bits = top.size() > 1 ? top.get(1).content : null;
      if (bits != null && bits.length > 0 && bits[0] != 0) {
        return EC_UNUSED_BITS;
      }
      return bits != null && !onCurve(Arrays.copyOfRange(bits, 1, bits.length), sunEcCurve)
          ? EC_POINT
          : null;
    }
    if (unexpectedEcPrivateFields(top, algorithm)) {
      return EC_PRIVATE_FIELDS;
    }
    return ecPrivateMismatch(top, sunEcCurve) ? EC_PRIVATE_MISMATCH : null;
  }

  // SunEC skips a [0] field after the private key whatever it holds; OpenSSL wants the SET OF
  // Attribute that PKCS#8 defines.
  private static boolean malformedAttributes(Der.Node field) {
    if ((field.tag & 0xdf) != 0x80) {
      return false;
    }
    if (field.tag != 0xa0 || field.children == null) {
      return true;
    }
    for (Der.Node attribute : field.children) {
      if (attribute.tag != Der.SEQUENCE
          || attribute.children == null
          || attribute.children.size() != 2
          || attribute.children.get(0).tag != Der.OID
          || attribute.children.get(1).tag != 0x31) {
        return true;
      }
    }
    return false;
  }

  // RFC 5915: version, privateKey, then optionally [0] parameters and [1] publicKey, in order.
  // SunEC reads what follows [1] without looking.
  private static boolean unexpectedEcPrivateFields(List<Der.Node> top, Der.Node algorithm) {
    if (top.size() < 3 || top.get(2).wrapped == null || top.get(2).wrapped.children == null) {
      return false;
    }
    List<Der.Node> fields = top.get(2).wrapped.children;
    int next = 0xa0;
    for (Der.Node field : fields.subList(Math.min(2, fields.size()), fields.size())) {
      if (field.tag < next || field.tag > 0xa1 || field.children == null) {
        return true;
      }
      // SunEC never reads [0]; OpenSSL wants the curve of the algorithm identifier there.
      if (field.tag == 0xa0
          && (field.children.size() != 1
              || algorithm.children.size() != 2
              || !Arrays.equals(
                  field.children.get(0).encode(), algorithm.children.get(1).encode()))) {
        return true;
      }
      next = field.tag + 1;
    }
    return false;
  }

  private static boolean hasNonMinimalInteger(Der.Node root) {
    List<Der.Node> nodes = new java.util.ArrayList<>();
    root.collect(nodes);
    for (Der.Node node : nodes) {
      if (node.tag == Der.INTEGER) {
        byte[] c = node.content;
        if (c.length == 0 || c.length > 1 && (c[0] == 0 && c[1] >= 0 || c[0] == -1 && c[1] < 0)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String oidText(Der.Node node) {
    StringBuilder text = new StringBuilder();
    long arc = 0;
    boolean first = true;
    for (byte b : node.content) {
      arc = (arc << 7) | (b & 0x7f);
      if ((b & 0x80) == 0) {
        if (first) {
          text.append(arc / 40 > 2 ? 2 : arc / 40)
              .append('.')
              .append(arc - 40 * Math.min(2, arc / 40));
          first = false;
        } else {
          text.append('.').append(arc);
        }
        arc = 0;
      }
    }
    return text.toString();
  }

  static ECParameterSpec params(String curve) {
    try {
      AlgorithmParameters parameters =
          AlgorithmParameters.getInstance("EC", Security.getProvider("SunEC"));
      parameters.init(new ECGenParameterSpec(curve));
      return parameters.getParameterSpec(ECParameterSpec.class);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static boolean onCurve(byte[] point, String curve) {
    ECParameterSpec spec = params(curve);
    int size = (spec.getCurve().getField().getFieldSize() + 7) / 8;
    if (point.length != 1 + 2 * size || point[0] != 4) {
      return false;
    }
    BigInteger x = new BigInteger(1, Arrays.copyOfRange(point, 1, 1 + size));
    BigInteger y = new BigInteger(1, Arrays.copyOfRange(point, 1 + size, point.length));
    EllipticCurve ec = spec.getCurve();
    BigInteger p = ((java.security.spec.ECFieldFp) ec.getField()).getP();
    if (x.compareTo(p) >= 0 || y.compareTo(p) >= 0) {
      return false;
    }
    BigInteger right = x.pow(3).add(ec.getA().multiply(x)).add(ec.getB()).mod(p);
    return y.pow(2).mod(p).equals(right);
  }

  // True if the ECPrivateKey's scalar is not in [1, order) or its [1] public key is not the
  // scalar's point (Carbide computes that point from the scalar alone).
  private static boolean ecPrivateMismatch(List<Der.Node> top, String curve) {
    if (top.size() < 3 || top.get(2).wrapped == null || top.get(2).wrapped.children == null) {
      return false;
    }
    List<Der.Node> fields = top.get(2).wrapped.children;
    if (fields.size() < 2) {
      return false;
    }
    BigInteger s = new BigInteger(1, fields.get(1).content);
    ECParameterSpec spec = params(curve);
    if (s.signum() == 0 || s.compareTo(spec.getOrder()) >= 0) {
      return true;
    }
    Der.Node publicKey = null;
    for (Der.Node field : fields.subList(2, fields.size())) {
      if (field.tag == 0xa1 && field.children != null && field.children.size() == 1) {
        publicKey = field.children.get(0);
      } else if (field.tag == 0xa1) {
        return true;
      }
    }
    if (publicKey == null) {
      return false;
    }
    byte[] own;
    try {
      ECPrivateKey key =
          (ECPrivateKey)
              KeyFactory.getInstance("EC", Carbide.provider())
                  .generatePrivate(new ECPrivateKeySpec(s, spec));
      Der.Node encoded = Der.parse(key.getEncoded());
      own = null;
      for (Der.Node field : encoded.children.get(2).wrapped.children) {
        if (field.tag == 0xa1) {
          own = field.children.get(0).content;
        }
      }
    } catch (Exception e) {
      return true;
    }
    return publicKey.tag != Der.BIT_STRING || !Arrays.equals(own, publicKey.content);
  }
}
