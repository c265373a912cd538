package dev.carbide.dh;

import dev.carbide.keys.NativePrivateKey;
import java.math.BigInteger;
import java.util.Arrays;
import javax.crypto.interfaces.DHPrivateKey;
import javax.crypto.spec.DHParameterSpec;

/**
 * A Carbide DH private key. {@link #getX} reads the value out of native memory on each call rather
 * than caching a BigInteger that {@code destroy()} could not erase.
 */
final class DhPrivateKeyImpl extends NativePrivateKey implements DHPrivateKey {
  private static final long serialVersionUID = 1L;

  private final transient DHParameterSpec params;

  /** Takes ownership of native key {@code handle}. */
  DhPrivateKeyImpl(long handle) {
    this(handle, null);
  }

  /**
   * As above, with the parameters the key was made from, if known: OpenSSL keeps a private value
   * length but does not report it, so only a key parsed from an encoding reads l as 0.
   */
  DhPrivateKeyImpl(long handle, DHParameterSpec known) {
    super("DH", handle);
    this.params = known != null ? known : DhKeys.paramsOf(handle);
  }

  /** The public key of a generated pair, sharing this key's native key until {@link #destroy}. */
  DhPublicKeyImpl generatedPublicKey() {
    return sharedWith(new DhPublicKeyImpl(this));
  }

  /** OpenSSL's name for the key's group ("ffdhe2048", "modp_3072"), or "" if it has none. */
  String groupName() {
    return query(DhNative::groupName);
  }

  @Override
  public BigInteger getX() {
    byte[] x = query(DhNative::privateValue);
    try {
      return new BigInteger(1, x);
    } finally {
      Arrays.fill(x, (byte) 0);
    }
  }

  @Override
  public DHParameterSpec getParams() {
    return params;
  }

  @Override
  public String toString() {
    return "Carbide DH private key, " + params.getP().bitLength() + " bits";
  }
}
