package dev.carbide.edec;

import dev.carbide.keys.NativePublicKey;
import dev.carbide.keys.PkeyNative;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPoint;
import java.security.spec.NamedParameterSpec;

/** A Carbide Ed25519 or Ed448 public key. */
final class EdEcPublicKeyImpl extends NativePublicKey implements EdECPublicKey, EdEcKey {
  private static final long serialVersionUID = 1L;

  private final transient EdEcCurve curve;
  private transient volatile EdECPoint point;

  EdEcPublicKeyImpl(EdEcCurve curve, long handle) {
    super("EdDSA", handle);
    this.curve = curve;
  }

  @Override
  public EdEcCurve curve() {
    return curve;
  }

  /** The RFC 8032 encoding: y little-endian, with x's parity in the top bit. */
  @Override
  public EdECPoint getPoint() {
    EdECPoint result = point;
    if (result == null) {
      byte[] raw = query(handle -> PkeyNative.rawBytes(handle, false));
      boolean xOdd = (raw[raw.length - 1] & 0x80) != 0;
      result = new EdECPoint(xOdd, LittleEndian.decode(raw, 8 * raw.length - 1));
      point = result;
    }
    return result;
  }

  @Override
  public NamedParameterSpec getParams() {
    return curve.spec;
  }

  @Override
  public String toString() {
    return "Carbide " + curve.jcaName() + " public key";
  }
}
