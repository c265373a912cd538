package dev.carbide.edec;

import java.math.BigInteger;
import java.security.interfaces.XECPublicKey;

/** A Carbide X25519 or X448 public key. */
final class XecPublicKeyImpl extends CurvePublicKey implements XECPublicKey {
  private static final long serialVersionUID = 1L;

  private transient volatile BigInteger u;

  XecPublicKeyImpl(EdEcCurve curve, long handle) {
    super(curve, handle);
  }

  /** A generated key, from its raw public bytes; see CurvePublicKey. */
  XecPublicKeyImpl(EdEcCurve curve, byte[] raw) {
    super(curve, raw);
  }

  /** The u-coordinate, with X25519's unused top bit masked as RFC 7748 decodes it. */
  @Override
  public BigInteger getU() {
    BigInteger result = u;
    if (result == null) {
      result = LittleEndian.decode(rawBytes(), curve().bits);
      u = result;
    }
    return result;
  }
}
