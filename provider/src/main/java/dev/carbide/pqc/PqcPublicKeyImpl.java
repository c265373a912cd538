package dev.carbide.pqc;

import dev.carbide.keys.NativePublicKey;
import dev.carbide.keys.PkeyNative;

/**
 * A Carbide ML-KEM, ML-DSA or SLH-DSA public key. Its algorithm is the family's name ("ML-KEM"), as
 * the JDK 25 names its keys; the X.509 encoding names the parameter set.
 */
final class PqcPublicKeyImpl extends NativePublicKey implements PqcKey {
  private static final long serialVersionUID = 1L;

  private final transient PqcAlgorithm parameterSet;

  PqcPublicKeyImpl(PqcAlgorithm parameterSet, long handle) {
    super(parameterSet.family.jcaName, handle);
    this.parameterSet = parameterSet;
  }

  /**
   * A generated key, from its raw bytes: imported into OpenSSL only if it is used natively, since a
   * key share is often only encoded and sent.
   */
  PqcPublicKeyImpl(PqcAlgorithm parameterSet, byte[] raw) {
    super(
        parameterSet.family.jcaName,
        () -> {
          try {
            return PkeyNative.newRawKey(parameterSet.opensslName(), raw, false);
          } catch (java.security.InvalidKeyException e) {
            throw new java.security.ProviderException("generated public key refused", e);
          }
        });
    this.parameterSet = parameterSet;
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
