package dev.carbide.dsa;

import dev.carbide.keys.NativePublicKey;
import java.math.BigInteger;
import java.security.interfaces.DSAParams;
import java.security.interfaces.DSAPublicKey;

/** A Carbide DSA public key: a native key whose y is read out once, on first use. */
final class DsaPublicKeyImpl extends NativePublicKey implements DSAPublicKey {
  private static final long serialVersionUID = 1L;

  private final transient DSAParams params;
  private transient volatile BigInteger y;

  /** Takes ownership of native key {@code handle}; {@code known} are its parameters, or null. */
  DsaPublicKeyImpl(long handle, DSAParams known) {
    super("DSA", handle);
    this.params = known != null ? known : DsaKeys.paramsOf(handle);
  }

  @Override
  public BigInteger getY() {
    BigInteger result = y;
    if (result == null) {
      byte[] value = query(handle -> DsaNative.component(handle, DsaNative.Y));
      result = new BigInteger(1, value);
      y = result;
    }
    return result;
  }

  @Override
  public DSAParams getParams() {
    return params;
  }

  @Override
  public String toString() {
    return "Carbide DSA public key, " + params.getP().bitLength() + " bits";
  }
}
