package dev.carbide.edec;

import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.PkeyNative;
import java.security.spec.NamedParameterSpec;

/** What EdDSA and XDH private keys share: a named curve and raw private bytes. */
abstract class CurvePrivateKey extends NativePrivateKey implements EdEcKey {
  private static final long serialVersionUID = 1L;

  private final transient EdEcCurve curve;

  CurvePrivateKey(EdEcCurve curve, long handle) {
    super(curve.family(), handle);
    this.curve = curve;
  }

  @Override
  public final EdEcCurve curve() {
    return curve;
  }

  /** A fresh copy of the private bytes, read from native memory. */
  final byte[] rawBytes() {
    return query(handle -> PkeyNative.rawBytes(handle, true));
  }

  public final NamedParameterSpec getParams() {
    return curve.spec;
  }

  @Override
  public final String toString() {
    return "Carbide " + curve.jcaName() + " private key";
  }
}
