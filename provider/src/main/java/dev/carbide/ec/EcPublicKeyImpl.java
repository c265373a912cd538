package dev.carbide.ec;

import dev.carbide.keys.NativePublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;

/** A Carbide EC public key: a native key whose point is read out once, on first use. */
final class EcPublicKeyImpl extends NativePublicKey implements ECPublicKey {
  private static final long serialVersionUID = 1L;

  private final transient EcCurve curve;
  private transient volatile ECPoint w;

  /** Takes ownership of native key {@code handle} on {@code curve}. */
  EcPublicKeyImpl(EcCurve curve, long handle) {
    super("EC", handle);
    this.curve = curve;
  }

  EcCurve curve() {
    return curve;
  }

  @Override
  public ECPoint getW() {
    ECPoint result = w;
    if (result == null) {
      result = EcPoints.decode(query(EcNative::publicPoint));
      w = result;
    }
    return result;
  }

  @Override
  public ECParameterSpec getParams() {
    return curve.spec();
  }

  @Override
  public String toString() {
    return "Carbide EC public key, " + curve;
  }
}
