package dev.carbide.ec;

import dev.carbide.keys.NativePrivateKey;
import java.math.BigInteger;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;
import java.util.Arrays;

/**
 * A Carbide EC private key. {@link #getS} reads the scalar out of native memory on each call rather
 * than caching a BigInteger that {@code destroy()} could not erase.
 */
final class EcPrivateKeyImpl extends NativePrivateKey implements ECPrivateKey {
  private static final long serialVersionUID = 1L;

  private final transient EcCurve curve;

  /** Takes ownership of native key {@code handle} on {@code curve}. */
  EcPrivateKeyImpl(EcCurve curve, long handle) {
    super("EC", handle);
    this.curve = curve;
  }

  EcCurve curve() {
    return curve;
  }

  /** The public point that goes with this key, uncompressed. */
  byte[] publicPoint() {
    return query(EcNative::publicPoint);
  }

  @Override
  public BigInteger getS() {
    byte[] scalar = query(handle -> EcNative.privateScalar(handle, curve.size));
    try {
      return new BigInteger(1, scalar);
    } finally {
      Arrays.fill(scalar, (byte) 0);
    }
  }

  @Override
  public ECParameterSpec getParams() {
    return curve.spec();
  }

  @Override
  public String toString() {
    return "Carbide EC private key, " + curve;
  }
}
