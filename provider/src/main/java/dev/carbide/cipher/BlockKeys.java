package dev.carbide.cipher;

import java.security.InvalidKeyException;
import java.security.Key;

/**
 * What a block cipher's modes ({@link BlockModeCipher}) need to know of the cipher under them: its
 * block size, its native cipher for a key, and the key rules of SunJCE's implementation of it.
 */
interface BlockKeys {
  /** The block size in bytes: 16 (AES) or 8 (DESede). */
  int blockSize();

  /** The AlgorithmParameters type that getParameters() reports the IV as ("AES", "DESede"). */
  String parametersAlgorithm();

  /** The native cipher for a key of {@code length} bytes; InvalidKeyException if none. */
  long cipherFor(int length) throws InvalidKeyException;

  /** The key size in bits that engineGetKeySize reports for {@code key}, if usable. */
  int keySizeOf(Key key) throws InvalidKeyException;

  /** Throws if {@code key}'s algorithm name does not fit, as SunJCE checks it; AES checks none. */
  default void checkAlgorithm(Key key) throws InvalidKeyException {}
}
