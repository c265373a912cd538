package dev.carbide.ec;

import dev.carbide.keys.NativePublicKey;
import java.security.InvalidKeyException;
import java.security.ProviderException;
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

  /**
   * The key at {@code point} (uncompressed, known to be on {@code curve}: a generated key's), made
   * natively only when an operation needs it; {@link #getW} reads the point without it.
   */
  EcPublicKeyImpl(EcCurve curve, byte[] point) {
    super("EC", () -> importPoint(curve, point));
    this.curve = curve;
    this.w = EcPoints.decode(point);
  }

  private static long importPoint(EcCurve curve, byte[] point) {
    try {
      return EcNative.fromComponents(curve.opensslName, point, null);
    } catch (InvalidKeyException e) {
      throw new ProviderException("a generated public point was refused", e);
    }
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
