package dev.carbide.pqc;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;

/**
 * The natives of the post-quantum family (native/jni/pqc). Keys, their encodings and signing go
 * through the key model's {@link dev.carbide.keys.PkeyNative}; this adds what it lacks.
 */
final class PqcNative {
  private PqcNative() {}

  /** True if the loaded OpenSSL has the key type {@code name} ("ML-KEM-768"). */
  static native boolean available(String name);

  /**
   * The public key of native {@code key} as its TLS key share: for the hybrid KEMs, the only
   * encoding OpenSSL offers for every set.
   */
  static native byte[] keyShare(long key) throws InvalidKeyException;

  /**
   * A KEM context over its own reference to {@code key}: an encapsulator, or a decapsulator if
   * {@code encapsulate} is false (which needs a private key). Freed with {@link #freeKem}.
   */
  static native long newKem(long key, boolean encapsulate) throws InvalidKeyException;

  static native void freeKem(long kem);

  /** A fresh ciphertext followed by its shared secret; the caller zeroes the array. */
  static native byte[] encapsulate(long kem);

  /**
   * The shared secret of ciphertext in[offset, offset + length), which must have the parameter
   * set's ciphertext length; a malformed ML-KEM ciphertext gives a pseudo-random secret.
   */
  static native byte[] decapsulate(long kem, byte[] in, int offset, int length);

  /**
   * A signer (freed with PkeyNative.freeSigner) for ML-DSA or SLH-DSA with a FIPS 204/205 context
   * (null for the empty one) and, if {@code deterministic}, no fresh randomness.
   */
  static native long newSigner(long key, boolean sign, byte[] context, boolean deterministic)
      throws InvalidKeyException, InvalidAlgorithmParameterException;
}
