package dev.carbide.dh;

import dev.carbide.keys.NativePublicKey;
import java.math.BigInteger;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;

/** A Carbide DH public key: a native key whose y is read out once, on first use. */
final class DhPublicKeyImpl extends NativePublicKey implements DHPublicKey {
  private static final long serialVersionUID = 1L;

  private final transient DHParameterSpec params;
  private transient volatile BigInteger y;

  /** Takes ownership of native key {@code handle}. */
  DhPublicKeyImpl(long handle) {
    this(handle, null);
  }

  /**
   * As above, with the parameters the key was made from, if known: OpenSSL keeps a private value
   * length but does not report it, so only a key parsed from an encoding reads l as 0.
   */
  DhPublicKeyImpl(long handle, DHParameterSpec known) {
    super("DH", handle);
    this.params = known != null ? known : DhKeys.paramsOf(handle);
  }

  @Override
  public BigInteger getY() {
    BigInteger result = y;
    if (result == null) {
      byte[] value = query(handle -> DhNative.component(handle, DhNative.Y));
      result = new BigInteger(1, value);
      y = result;
    }
    return result;
  }

  @Override
  public DHParameterSpec getParams() {
    return params;
  }

  @Override
  public String toString() {
    return "Carbide DH public key, " + params.getP().bitLength() + " bits";
  }
}
