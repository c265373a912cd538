package dev.carbide.dsa;

import dev.carbide.keys.NativePublicKey;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.interfaces.DSAParams;
import java.security.interfaces.DSAPublicKey;
import java.util.function.LongSupplier;

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

  /**
   * The public half of a generated pair, sharing the native key of {@code pairedWith} (see {@link
   * dev.carbide.keys.NativePrivateKey#sharedWith}), so that generating a pair imports nothing.
   */
  DsaPublicKeyImpl(DsaPrivateKeyImpl pairedWith) {
    super("DSA", pairedWith);
    this.params = pairedWith.getParams();
  }

  /** y is read out now, and imported as a key of its own only if an operation needs it. */
  @Override
  protected LongSupplier detach(long shared) {
    byte[] value = DsaNative.component(shared, DsaNative.Y);
    if (y == null) {
      y = new BigInteger(1, value);
    }
    DSAParams domain = params;
    return () -> {
      try {
        return DsaKeys.publicHandle(domain, value);
      } catch (InvalidKeyException e) {
        throw new ProviderException("a generated DSA public value was refused", e);
      }
    };
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
