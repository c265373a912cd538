package dev.carbide.rsa;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;

/**
 * The RSA natives (native/jni/rsa). Keys are handles of the shared key model ({@code
 * dev.carbide.keys.PkeyNative}); signers are PkeyNative signers.
 */
final class RsaNative {
  private RsaNative() {}

  /**
   * Component indexes, in RSAMultiPrimePrivateCrtKeySpec's order; other primes follow in triples.
   */
  static final int MODULUS = 0;

  static final int PUBLIC_EXPONENT = 1;
  static final int PRIVATE_EXPONENT = 2;
  static final int PRIME_P = 3;
  static final int PRIME_Q = 4;
  static final int PRIME_EXPONENT_P = 5;
  static final int PRIME_EXPONENT_Q = 6;
  static final int CRT_COEFFICIENT = 7;

  /** Encryption paddings, as native/include/carbide/rsa.h numbers them. */
  static final int NO_PADDING = 0;

  static final int PKCS1_PADDING = 1;
  static final int OAEP_PADDING = 2;

  /** Operations, as native/include/carbide/rsa.h numbers them. */
  static final int ENCRYPT = 0;

  static final int DECRYPT = 1;
  static final int SIGN = 2;
  static final int VERIFY_RECOVER = 3;

  /**
   * A key of OpenSSL type RSA, or RSA-PSS if {@code pss}, from big-endian components indexed as
   * above (null for absent). An RSA-PSS key is restricted to {@code digest}, {@code mgf1Digest} and
   * salts of at least {@code saltLength} bytes unless {@code digest} is null. InvalidKeyException
   * if OpenSSL refuses them.
   */
  static native long fromComponents(
      boolean pss, byte[][] parts, String digest, String mgf1Digest, int saltLength)
      throws InvalidKeyException;

  /** Component {@code part}, big-endian without leading zeros; zero secret ones when done. */
  static native byte[] component(long key, int part);

  /** True if the key carries every CRT component. */
  static native boolean hasCrt(long key);

  /** The number of primes of a private key (2 for an ordinary one). */
  static native int primeCount(long key);

  /** A generator of keys as {@link #fromComponents} describes them. */
  static native long newKeyGenerator(
      boolean pss,
      int bits,
      byte[] exponent,
      int primes,
      String digest,
      String mgf1Digest,
      int saltLength)
      throws InvalidAlgorithmParameterException;

  static native void freeKeyGenerator(long generator);

  static native long generate(long generator);

  /**
   * A PkeyNative signer over digest {@code md}, PKCS#1 v1.5, or PSS with MGF1 over {@code mgf1} and
   * a salt of exactly {@code saltLength} bytes.
   */
  static native long newSigner(
      long key, long md, boolean sign, boolean pss, long mgf1, int saltLength)
      throws InvalidKeyException, InvalidAlgorithmParameterException;

  /**
   * An {@code operation} with {@code padding}; OAEP takes its digests and label (null for none).
   * {@code implicitRejection} makes a PKCS#1 v1.5 decryption answer bad padding with a random
   * message rather than an exception (OpenSSL 3.2+).
   */
  static native long newCipher(
      long key,
      int operation,
      int padding,
      long oaepMd,
      long mgf1Md,
      byte[] label,
      boolean implicitRejection)
      throws InvalidKeyException, InvalidAlgorithmParameterException;

  static native void freeCipher(long cipher);

  /** Encrypts or decrypts in[offset, offset + length); BadPaddingException on bad padding. */
  static native byte[] run(long cipher, byte[] in, int offset, int length)
      throws javax.crypto.BadPaddingException, javax.crypto.IllegalBlockSizeException;
}
