package dev.carbide.edec;

import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPoint;

/** A Carbide Ed25519 or Ed448 public key. */
final class EdEcPublicKeyImpl extends CurvePublicKey implements EdECPublicKey {
  private static final long serialVersionUID = 1L;

  private transient volatile EdECPoint point;

  EdEcPublicKeyImpl(EdEcCurve curve, long handle) {
    super(curve, handle);
  }

  /** A generated key, from its raw public bytes; see CurvePublicKey. */
  EdEcPublicKeyImpl(EdEcCurve curve, byte[] raw) {
    super(curve, raw);
  }

  /** The RFC 8032 encoding: y little-endian, with x's parity in the top bit. */
  @Override
  public EdECPoint getPoint() {
    EdECPoint result = point;
    if (result == null) {
      byte[] raw = rawBytes();
      boolean xOdd = (raw[raw.length - 1] & 0x80) != 0;
      result = new EdECPoint(xOdd, LittleEndian.decode(raw, 8 * raw.length - 1));
      point = result;
    }
    return result;
  }
}
