package dev.carbide.edec;

import dev.carbide.keys.NativePublicKey;
import dev.carbide.keys.PkeyNative;
import java.security.spec.NamedParameterSpec;

/** What EdDSA and XDH public keys share: a named curve and raw public bytes. */
abstract class CurvePublicKey extends NativePublicKey implements EdEcKey {
  private static final long serialVersionUID = 1L;

  private final transient EdEcCurve curve;

  CurvePublicKey(EdEcCurve curve, long handle) {
    super(curve.family(), handle);
    this.curve = curve;
  }

  @Override
  public final EdEcCurve curve() {
    return curve;
  }

  final byte[] rawBytes() {
    return query(handle -> PkeyNative.rawBytes(handle, false));
  }

  public final NamedParameterSpec getParams() {
    return curve.spec;
  }

  @Override
  public final String toString() {
    return "Carbide " + curve.jcaName() + " public key";
  }
}
