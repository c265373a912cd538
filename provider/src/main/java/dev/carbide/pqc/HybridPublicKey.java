package dev.carbide.pqc;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.PkeyNative;
import java.security.InvalidKeyException;
import java.security.KeyRep;
import java.security.ProviderException;
import java.security.PublicKey;
import java.util.Arrays;

/**
 * A public key of a hybrid KEM (X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024). No X.509
 * form is standard for these yet, so its format is "RAW" and its encoding the key share of the TLS
 * hybrid design, which is what a TLS peer sends and what {@link dev.carbide.RawEncodedKeySpec}
 * reads back. The bytes are kept in Java: the key is imported into OpenSSL only when an operation
 * needs it.
 */
final class HybridPublicKey extends NativeKey implements PublicKey, PqcKey {
  private static final long serialVersionUID = 1L;

  private final transient PqcAlgorithm parameterSet;
  private final transient byte[] share;

  /** A key over the checked native key {@code handle}, whose key share is {@code share}. */
  HybridPublicKey(PqcAlgorithm parameterSet, long handle, byte[] share) {
    super(parameterSet.family.jcaName, handle, parameterSet.footprint());
    this.parameterSet = parameterSet;
    this.share = share;
  }

  /** A generated key, imported natively from {@code share} on first use. */
  HybridPublicKey(PqcAlgorithm parameterSet, byte[] share) {
    super(
        parameterSet.family.jcaName,
        () -> importShare(parameterSet, share),
        parameterSet.footprint());
    this.parameterSet = parameterSet;
    this.share = share;
  }

  private static long importShare(PqcAlgorithm parameterSet, byte[] share) {
    try {
      return PkeyNative.newRawKey(parameterSet.opensslName(), share, false);
    } catch (InvalidKeyException e) {
      throw new ProviderException("generated public key refused", e);
    }
  }

  @Override
  public String getFormat() {
    return "RAW";
  }

  @Override
  public byte[] getEncoded() {
    return share.clone();
  }

  @Override
  protected byte[] encode(long handle) {
    return share.clone();
  }

  @Override
  protected KeyRep.Type repType() {
    return KeyRep.Type.PUBLIC;
  }

  /**
   * The key share in Carbide's own serial form ({@link HybridKeyRep}), which KeyRep cannot carry.
   */
  @Override
  protected Object serialForm() {
    return new HybridKeyRep(parameterSet.jcaName, false, share.clone());
  }

  @Override
  public PqcAlgorithm parameterSet() {
    return parameterSet;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PublicKey key
        && parameterSet.jcaName.equalsIgnoreCase(key.getAlgorithm())
        && "RAW".equalsIgnoreCase(key.getFormat())
        && Arrays.equals(share, key.getEncoded());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(share);
  }

  @Override
  public String toString() {
    return "Carbide " + parameterSet.jcaName + " public key";
  }
}
