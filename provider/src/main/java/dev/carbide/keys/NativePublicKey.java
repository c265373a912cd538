package dev.carbide.keys;

import dev.carbide.internal.NativeFootprint;
import java.security.KeyRep;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.function.LongSupplier;

/** A native public key in X.509 SubjectPublicKeyInfo form; equal to any key with its encoding. */
public abstract class NativePublicKey extends NativeKey implements PublicKey {
  private static final long serialVersionUID = 1L;

  protected NativePublicKey(String algorithm, long handle) {
    super(algorithm, handle, false);
  }

  /** As {@link #NativePublicKey(String, long)}, for a key holding what {@code footprint} says. */
  protected NativePublicKey(String algorithm, long handle, NativeFootprint footprint) {
    super(algorithm, handle, footprint);
  }

  /**
   * A key sharing {@code owner}'s native reference; see {@link NativeKey#NativeKey(String,
   * NativeKey)}.
   */
  protected NativePublicKey(String algorithm, NativeKey owner) {
    super(algorithm, owner);
  }

  /**
   * Stops sharing the native reference of the private key of its generated pair (see {@link
   * NativePrivateKey#sharedWith}): {@link #detach} reads what this key needs from the shared key,
   * and the key gets a native key of its own only if an operation needs one later. Does nothing for
   * a key that shares nothing.
   */
  protected final void endSharing() {
    unshare(this::detach);
  }

  /**
   * For a key that shares its pair's native key: reads what this key keeps (its point, its y) from
   * native key {@code shared} and returns how to make a native key of its own from that, without
   * capturing this key. Keys that never share need not override it.
   */
  protected LongSupplier detach(long shared) {
    throw new UnsupportedOperationException("this key shares no native key");
  }

  /**
   * A key made natively on first native use; see {@link NativeKey#NativeKey(String, LongSupplier)}.
   */
  protected NativePublicKey(String algorithm, LongSupplier materialize) {
    super(algorithm, materialize);
  }

  /** As {@link #NativePublicKey(String, LongSupplier)}, with the key's {@code footprint}. */
  protected NativePublicKey(String algorithm, LongSupplier materialize, NativeFootprint footprint) {
    super(algorithm, materialize, footprint);
  }

  @Override
  public final String getFormat() {
    return "X.509";
  }

  @Override
  protected final byte[] encode(long handle) {
    return PkeyNative.encodePublic(handle);
  }

  @Override
  protected final KeyRep.Type repType() {
    return KeyRep.Type.PUBLIC;
  }

  @Override
  public final boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    return other instanceof PublicKey key
        && "X.509".equalsIgnoreCase(key.getFormat())
        && Arrays.equals(encoding(), key.getEncoded());
  }

  @Override
  public final int hashCode() {
    return Arrays.hashCode(encoding());
  }
}
