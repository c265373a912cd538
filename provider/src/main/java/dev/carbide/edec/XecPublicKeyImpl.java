package dev.carbide.edec;

import dev.carbide.keys.NativePublicKey;
import dev.carbide.keys.PkeyNative;
import java.math.BigInteger;
import java.security.interfaces.XECPublicKey;
import java.security.spec.NamedParameterSpec;

/** A Carbide X25519 or X448 public key. */
final class XecPublicKeyImpl extends NativePublicKey implements XECPublicKey, EdEcKey {
  private static final long serialVersionUID = 1L;

  private final transient EdEcCurve curve;
  private transient volatile BigInteger u;

  XecPublicKeyImpl(EdEcCurve curve, long handle) {
    super("XDH", handle);
    this.curve = curve;
  }

  @Override
  public EdEcCurve curve() {
    return curve;
  }

  /** The u-coordinate, with X25519's unused top bit masked as RFC 7748 decodes it. */
  @Override
  public BigInteger getU() {
    BigInteger result = u;
    if (result == null) {
      result = LittleEndian.decode(query(handle -> PkeyNative.rawBytes(handle, false)), curve.bits);
      u = result;
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
