package dev.carbide.pqc;

import dev.carbide.keys.NativePublicKey;
import dev.carbide.keys.PkeyNative;
import java.security.InvalidKeyException;
import java.security.ProviderException;

/**
 * A Carbide ML-KEM, ML-DSA or SLH-DSA public key. Its algorithm is the family's name ("ML-KEM"), as
 * the JDK 25 names its keys; the X.509 encoding names the parameter set.
 */
final class PqcPublicKeyImpl extends NativePublicKey implements PqcKey {
  private static final long serialVersionUID = 1L;

  private final transient PqcAlgorithm parameterSet;

  /** The raw public key of a generated pair, else null (the key is read natively). */
  private final transient byte[] raw;

  PqcPublicKeyImpl(PqcAlgorithm parameterSet, long handle) {
    super(parameterSet.family.jcaName, handle, parameterSet.footprint());
    this.parameterSet = parameterSet;
    this.raw = null;
  }

  /**
   * A generated key, from its raw bytes: imported into OpenSSL only when an operation needs it,
   * since a key share is often only encoded and sent; its encoding, equality and hash come from the
   * raw bytes.
   */
  PqcPublicKeyImpl(PqcAlgorithm parameterSet, byte[] raw) {
    super(
        parameterSet.family.jcaName, () -> importRaw(parameterSet, raw), parameterSet.footprint());
    this.parameterSet = parameterSet;
    this.raw = raw;
  }

  private static long importRaw(PqcAlgorithm parameterSet, byte[] raw) {
    try {
      return PkeyNative.newRawKey(parameterSet.opensslName(), raw, false);
    } catch (InvalidKeyException e) {
      throw new ProviderException("generated public key refused", e);
    }
  }

  /** A generated key encodes (and so compares and hashes) from its raw bytes, never imported. */
  @Override
  protected byte[] encodeWithoutHandle() {
    return raw != null ? PqcEncoding.subjectPublicKeyInfo(parameterSet, raw) : null;
  }

  @Override
  public PqcAlgorithm parameterSet() {
    return parameterSet;
  }

  @Override
  public String toString() {
    return "Carbide " + parameterSet.jcaName + " public key";
  }
}
