package dev.carbide.dsa;

import dev.carbide.keys.NativePrivateKey;
import java.math.BigInteger;
import java.security.interfaces.DSAParams;
import java.security.interfaces.DSAPrivateKey;
import java.util.Arrays;

/**
 * A Carbide DSA private key. {@link #getX} reads the value out of native memory on each call rather
 * than caching a BigInteger that {@code destroy()} could not erase.
 */
final class DsaPrivateKeyImpl extends NativePrivateKey implements DSAPrivateKey {
  private static final long serialVersionUID = 1L;

  private final transient DSAParams params;

  /** Takes ownership of native key {@code handle}; {@code known} are its parameters, or null. */
  DsaPrivateKeyImpl(long handle, DSAParams known) {
    super("DSA", handle);
    this.params = known != null ? known : DsaKeys.paramsOf(handle);
  }

  /** The public key of a generated pair, sharing this key's native key until {@link #destroy}. */
  DsaPublicKeyImpl generatedPublicKey() {
    return sharedWith(new DsaPublicKeyImpl(this));
  }

  @Override
  public BigInteger getX() {
    byte[] x = query(DsaNative::privateValue);
    try {
      return new BigInteger(1, x);
    } finally {
      Arrays.fill(x, (byte) 0);
    }
  }

  @Override
  public DSAParams getParams() {
    return params;
  }

  @Override
  public String toString() {
    return "Carbide DSA private key, " + params.getP().bitLength() + " bits";
  }
}
