package dev.carbide.dh;

import dev.carbide.keys.NativePublicKey;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.util.function.LongSupplier;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;

/** A Carbide DH public key: a native key whose y is read out once, on first use. */
final class DhPublicKeyImpl extends NativePublicKey implements DHPublicKey {
  private static final long serialVersionUID = 1L;

  private final transient DHParameterSpec params;
  private transient volatile BigInteger y;
  private transient volatile boolean subgroupChecked;

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

  /**
   * The public half of a generated pair, sharing the native key of {@code pairedWith} (see {@link
   * dev.carbide.keys.NativePrivateKey#sharedWith}), so that generating a pair imports nothing.
   */
  DhPublicKeyImpl(DhPrivateKeyImpl pairedWith) {
    super("DH", pairedWith);
    this.params = pairedWith.getParams();
  }

  /** y is read out now, and imported as a key of its own only if an operation needs it. */
  @Override
  protected LongSupplier detach(long shared) {
    byte[] value = DhNative.component(shared, DhNative.Y);
    if (y == null) {
      y = new BigInteger(1, value);
    }
    DHParameterSpec group = params;
    return () -> {
      try {
        return DhKeys.publicHandle(group, value);
      } catch (InvalidKeyException e) {
        throw new ProviderException("a generated DH public value was refused", e);
      }
    };
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

  /**
   * InvalidKeyException unless y lies in the group's prime-order subgroup, where its order is
   * known; once per key object, since the key cannot change.
   */
  void checkSubgroup() throws java.security.InvalidKeyException {
    if (subgroupChecked) {
      return;
    }
    java.security.InvalidKeyException[] refused = {null};
    query(
        handle -> {
          try {
            DhNative.checkPeerSubgroup(handle);
          } catch (java.security.InvalidKeyException e) {
            refused[0] = e;
          }
          return null;
        });
    if (refused[0] != null) {
      throw refused[0];
    }
    subgroupChecked = true;
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
