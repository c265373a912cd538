package dev.carbide.kdf;

import java.security.InvalidAlgorithmParameterException;

/**
 * The KDF family's natives (native/jni/kdf). Handle {@code hkdf} is a native HKDF over one digest,
 * built once per digest and kept for the life of the process, so it is never freed and calls on it
 * need no reachability fence. Handle {@code kdf} is an OpenSSL EVP_KDF, fetched once and likewise
 * kept. The native side is thread-safe.
 */
final class KdfNative {
  private KdfNative() {}

  // Modes of derive(); the values are the native HkdfMode's.
  static final int EXTRACT = 0;
  static final int EXPAND = 1;
  static final int EXTRACT_THEN_EXPAND = 2;

  /**
   * The most IKM, salt and info together, and the most output, that one HKDF derivation by a
   * critical downcall takes (HkdfCalls, Java 22 and later); kInputLimit and kOutputLimit in
   * native/jni/kdf/hkdf_critical.cc. Longer ones cross by JNI.
   */
  static final int CRITICAL_INPUT_LIMIT = 4096;

  static final int CRITICAL_OUTPUT_LIMIT = 1024;

  /** The HKDF over the EVP_MD handle {@code md}, or 0 if md is 0 or OpenSSL lacks the HKDF. */
  static native long find(long md);

  /** HashLen, the length of a PRK. */
  static native int hashSize(long hkdf);

  /** The longest info accepted: Integer.MAX_VALUE unless OpenSSL's HKDF (FIPS) caps it. */
  static native int maxInfoSize(long hkdf);

  /**
   * Fills {@code out} (whose length is L) with the HKDF output of {@code mode}. {@code key} is the
   * IKM, or the PRK for EXPAND; a null key, salt or info counts as empty. Throws
   * InvalidAlgorithmParameterException if L is out of range, the PRK shorter than HashLen or the
   * info too long.
   */
  static native void derive(long hkdf, int mode, byte[] key, byte[] salt, byte[] info, byte[] out);

  /** The EVP_KDF called {@code name} ("SCRYPT", "KBKDF"), or 0 if the loaded OpenSSL lacks it. */
  static native long fetchKdf(String name);

  /**
   * A native KdfTemplate: EVP_KDF {@code kdf} with {@code count} parameters fixed, kept for the
   * life of the process. {@code packed} starts with one 12-byte record per parameter,
   * little-endian: the id (the native KdfParamId, 4 bytes) and a number (8 bytes), a number
   * parameter's value or a byte parameter's length; a byte parameter (an octet string or a name)
   * then takes the next that many bytes after the records, which hold them one after another and
   * nothing else. Throws InvalidAlgorithmParameterException if OpenSSL refuses them.
   */
  static native long newTemplate(long kdf, int count, byte[] packed)
      throws InvalidAlgorithmParameterException;

  /**
   * Fills {@code out} with the output of KdfTemplate {@code template} under its fixed parameters
   * and these, given as to newTemplate: one array crossing in and one out. Throws
   * InvalidAlgorithmParameterException with OpenSSL's reason if OpenSSL refuses them.
   */
  static native void deriveEvpKdf(long template, int count, byte[] packed, byte[] out)
      throws InvalidAlgorithmParameterException;
}
