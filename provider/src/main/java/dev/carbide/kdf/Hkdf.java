package dev.carbide.kdf;

import dev.carbide.digest.DigestServices;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;

/**
 * HKDF (RFC 5869) over one digest, each derivation one crossing: a critical downcall on Java 22 and
 * later ({@link HkdfCalls}), else JNI. Immutable and thread-safe. This is the computation alone,
 * usable on Java 17; on Java 25 {@code HkdfKdfSpi} serves it as a {@code javax.crypto.KDF}.
 *
 * <p>A null salt or info counts as empty, and an empty salt as HashLen zero bytes (RFC 5869).
 */
final class Hkdf {
  private final String algorithm;
  private final long handle;
  private final int hashLength;
  private final int maxInfoLength;

  private Hkdf(String algorithm, long handle) {
    this.algorithm = algorithm;
    this.handle = handle;
    this.hashLength = KdfNative.hashSize(handle);
    this.maxInfoLength = KdfNative.maxInfoSize(handle);
  }

  /**
   * The HKDF called {@code algorithm} ("HKDF-SHA256") over the JCA digest {@code digest}
   * ("SHA-256"), or null if the loaded OpenSSL lacks the digest or HKDF. Needs the native library.
   */
  static Hkdf create(String algorithm, String digest) {
    long handle = KdfNative.find(DigestServices.fetch(digest));
    return handle != 0 ? new Hkdf(algorithm, handle) : null;
  }

  /** The JCA name, for example "HKDF-SHA256". */
  String algorithm() {
    return algorithm;
  }

  /** HashLen: the length of a PRK and of each HMAC block. */
  int hashLength() {
    return hashLength;
  }

  /** RFC 5869's limit on the output length: 255 * HashLen. */
  int maxLength() {
    return 255 * hashLength;
  }

  /**
   * The longest info accepted: Integer.MAX_VALUE, as RFC 5869 and SunJCE set no limit, unless the
   * digest comes from a FIPS provider, whose HKDF runs in OpenSSL and caps it (32 KiB or 1 KiB).
   */
  int maxInfoLength() {
    return maxInfoLength;
  }

  /** HKDF-Extract: the PRK, HashLen bytes. */
  byte[] extract(byte[] ikm, byte[] salt) {
    byte[] prk = new byte[hashLength];
    run(KdfNative.EXTRACT, ikm, salt, null, prk);
    return prk;
  }

  /**
   * HKDF-Expand: {@code length} bytes of output keying material.
   *
   * @throws InvalidKeyException if the PRK is shorter than HashLen
   * @throws InvalidAlgorithmParameterException if the length is not in [1, 255 * HashLen] or the
   *     info is longer than {@link #maxInfoLength()}
   */
  byte[] expand(byte[] prk, byte[] info, int length)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    checkExpand(info, length);
    if (prk.length < hashLength) {
      throw new InvalidKeyException("prk must be at least " + hashLength + " bytes");
    }
    return derive(KdfNative.EXPAND, prk, null, info, length);
  }

  /**
   * HKDF-Expand(HKDF-Extract(salt, ikm), info, length) in one call.
   *
   * @throws InvalidAlgorithmParameterException as {@link #expand}
   */
  byte[] extractThenExpand(byte[] ikm, byte[] salt, byte[] info, int length)
      throws InvalidAlgorithmParameterException {
    checkExpand(info, length);
    return derive(KdfNative.EXTRACT_THEN_EXPAND, ikm, salt, info, length);
  }

  private void checkExpand(byte[] info, int length) throws InvalidAlgorithmParameterException {
    // The messages are SunJCE's where it has the same check.
    if (length <= 0) {
      throw new InvalidAlgorithmParameterException("length must be > 0");
    }
    if (length > maxLength()) {
      throw new InvalidAlgorithmParameterException(
          "Requested length exceeds maximum allowed length");
    }
    if (info != null && info.length > maxInfoLength) {
      // Only a FIPS provider's HKDF gets here: refused as unsupported, so the JCA can fall back.
      throw new InvalidAlgorithmParameterException(
          "info longer than " + maxInfoLength + " bytes is not supported by the loaded OpenSSL");
    }
  }

  private byte[] derive(int mode, byte[] key, byte[] salt, byte[] info, int length) {
    byte[] out = new byte[length];
    run(mode, key, salt, info, out);
    return out;
  }

  private void run(int mode, byte[] key, byte[] salt, byte[] info, byte[] out) {
    if (!HkdfCalls.derive(handle, mode, key, salt, info, out)) {
      KdfNative.derive(handle, mode, key, salt, info, out);
    }
  }
}
