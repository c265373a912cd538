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

  /**
   * The public key of a generated pair. It shares this key's native key, so that its point, whose
   * affine form costs a field inversion (a third of a P-256 key generation), is computed only if it
   * is read. Reading the point ends the sharing, and so does {@link #destroy}, so that no secret
   * outlives it.
   */
  EcPublicKeyImpl generatedPublicKey() {
    return sharedWith(EcPublicKeyImpl.sharing(this));
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
