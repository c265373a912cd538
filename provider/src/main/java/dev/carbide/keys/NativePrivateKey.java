package dev.carbide.keys;

import dev.carbide.internal.NativeFootprint;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.util.Arrays;
import javax.security.auth.Destroyable;

/**
 * A native private key in PKCS#8 form. Equality compares encodings in constant time. {@link
 * #destroy} zeroes the cached encoding and drops the key's native reference.
 */
public abstract class NativePrivateKey extends NativeKey implements PrivateKey, Destroyable {
  private static final long serialVersionUID = 1L;

  // The public half of a generated pair, while it shares this key's native reference.
  private transient volatile NativePublicKey sharingPublicKey;

  protected NativePrivateKey(String algorithm, long handle) {
    super(algorithm, handle, true);
  }

  /** As {@link #NativePrivateKey(String, long)}, for a key holding what {@code footprint} says. */
  protected NativePrivateKey(String algorithm, long handle, NativeFootprint footprint) {
    super(algorithm, handle, footprint);
  }

  /**
   * Returns {@code publicKey}, made with the sharing constructor over this key, as the public half
   * of a generated pair: it then costs no import of its own, only the reference this key holds.
   * {@link #destroy} ends the sharing first, so that no secret outlives it.
   */
  protected final <K extends NativePublicKey> K sharedWith(K publicKey) {
    sharingPublicKey = publicKey;
    return publicKey;
  }

  @Override
  public final String getFormat() {
    return "PKCS#8";
  }

  /**
   * OpenSSL's PKCS#8 encoding. A family overrides it where its reference provider writes another of
   * the forms a standard allows (the JDK 25's ML-KEM and ML-DSA keys).
   */
  @Override
  protected byte[] encode(long handle) {
    return PkeyNative.encodePrivate(handle);
  }

  @Override
  protected final KeyRep.Type repType() {
    return KeyRep.Type.PRIVATE;
  }

  @Override
  public void destroy() {
    NativePublicKey publicKey = sharingPublicKey;
    if (publicKey != null) {
      publicKey.endSharing();
      sharingPublicKey = null;
    }
    destroyKey();
  }

  @Override
  public boolean isDestroyed() {
    return destroyed();
  }

  @Override
  public final boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof PrivateKey key) || !"PKCS#8".equalsIgnoreCase(key.getFormat())) {
      return false;
    }
    byte[] theirs = key.getEncoded();
    try {
      return theirs != null && MessageDigest.isEqual(encoding(), theirs);
    } finally {
      if (theirs != null) {
        Arrays.fill(theirs, (byte) 0);
      }
    }
  }

  @Override
  public final int hashCode() {
    // Over the algorithm only, so the hash leaks nothing about the secret.
    return getAlgorithm().hashCode();
  }
}
