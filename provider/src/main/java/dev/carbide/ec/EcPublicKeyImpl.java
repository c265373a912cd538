package dev.carbide.ec;

import dev.carbide.keys.NativePublicKey;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.util.function.LongSupplier;

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

  private EcPublicKeyImpl(EcPrivateKeyImpl pairedWith) {
    super("EC", pairedWith);
    this.curve = pairedWith.curve();
  }

  /**
   * The public half of a generated pair, sharing the native reference of {@code privateKey} until
   * {@link #endSharing}, which the private key calls before it lets the reference go.
   */
  static EcPublicKeyImpl sharing(EcPrivateKeyImpl privateKey) {
    return new EcPublicKeyImpl(privateKey);
  }

  /** The point is read out now, and imported as a key of its own only if an operation needs it. */
  @Override
  protected LongSupplier detach(long shared) {
    byte[] point = EcNative.publicPoint(shared);
    if (w == null) {
      w = EcPoints.decode(point);
    }
    EcCurve on = curve;
    return () -> importPoint(on, point);
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
      // Once the point is read, the private scalar need not stay reachable through this key: a
      // TLS ephemeral key is read here and never used natively.
      endSharing();
      result = w;
    }
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
