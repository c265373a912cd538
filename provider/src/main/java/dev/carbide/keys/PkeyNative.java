package dev.carbide.keys;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;

/**
 * The natives of the key model (native/jni/pkey), shared by every asymmetric family. A key handle
 * owns one reference to a native EVP_PKEY and is freed with {@link #free}; signers and derivations
 * take references of their own, so freeing a key handle never disturbs them.
 *
 * <p>Verification results: 1 valid, 0 invalid, -1 malformed signature.
 */
public final class PkeyNative {
  private PkeyNative() {}

  /** Drops one reference; 0 is ignored. */
  public static native void free(long key);

  /** A new reference to the same key, owned by the caller. */
  public static native long retain(long key) throws InvalidKeyException;

  /** Parses an X.509 SubjectPublicKeyInfo; InvalidKeyException if malformed. */
  public static native long parsePublic(byte[] der) throws InvalidKeyException;

  /** Parses a PKCS#8 PrivateKeyInfo; InvalidKeyException if malformed. */
  public static native long parsePrivate(byte[] der) throws InvalidKeyException;

  public static native byte[] encodePublic(long key);

  /** The PKCS#8 encoding; the caller must zero it when done. */
  public static native byte[] encodePrivate(long key);

  /** A key of OpenSSL type {@code type} (ED25519, X448, ...) from its raw bytes. */
  public static native long newRawKey(String type, byte[] raw, boolean isPrivate)
      throws InvalidKeyException;

  /** The raw public or private bytes of such a key; zero private ones when done. */
  public static native byte[] rawBytes(long key, boolean isPrivate);

  /** OpenSSL's key type, for example "EC" or "ED25519". */
  public static native String typeName(long key);

  /** The key's size in bits (an RSA modulus, a DH or DSA prime), 0 if OpenSSL reports none. */
  static native int bits(long key);

  /** A key-pair generator for OpenSSL's key type {@code algorithm} and curve {@code group}. */
  public static native long newKeyPairGenerator(String algorithm, String group);

  public static native void freeKeyPairGenerator(long generator);

  /** A new key pair, as one key handle holding both halves. */
  public static native long generate(long generator);

  /** A signer (or verifier) over digest {@code md} (0 for none) with its own key reference. */
  public static native long newSigner(long key, long md, boolean sign) throws InvalidKeyException;

  /**
   * As {@link #newSigner}, with OpenSSL signature parameters: RFC 6979 nonces, and an EdDSA
   * instance ("Ed25519ctx", "Ed448ph", ...) with its context; either may be null.
   * InvalidAlgorithmParameterException if OpenSSL refuses them.
   */
  public static native long newSignerWith(
      long key, long md, boolean sign, boolean deterministicNonce, String instance, byte[] context)
      throws InvalidKeyException, InvalidAlgorithmParameterException;

  /**
   * True if the loaded OpenSSL's signature {@code algorithm} ("ECDSA", "ED25519") takes the
   * parameter {@code param} ("nonce-type", "instance"); older versions ignore unknown ones.
   */
  public static native boolean signatureAccepts(String algorithm, String param);

  public static native void freeSigner(long signer);

  public static native void update(long signer, byte[] in, int offset, int length);

  /** Absorbs in[offset, offset + length), signs, and starts a new message. */
  public static native byte[] sign(long signer, byte[] in, int offset, int length);

  /** Absorbs in[offset, offset + length), verifies, and starts a new message. */
  public static native int verify(
      long signer, byte[] in, int offset, int length, byte[] sig, int sigOffset, int sigLength);

  /** Signs a precomputed digest. */
  public static native byte[] signDigest(long key, byte[] digest, int offset, int length)
      throws InvalidKeyException;

  public static native int verifyDigest(
      long key, byte[] digest, int offset, int length, byte[] sig);

  /** The shared secret of private {@code key} and public {@code peer}, which is validated. */
  public static native byte[] derive(long key, long peer) throws InvalidKeyException;
}
