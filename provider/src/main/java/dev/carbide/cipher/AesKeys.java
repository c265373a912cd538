package dev.carbide.cipher;

import java.security.InvalidKeyException;

/**
 * The native AES ciphers of one mode, one per key size, and the key-length rule: any AES key
 * length, or only one for the key-size-specific names (AES_128/GCM/NoPadding and the rest).
 */
record AesKeys(long aes128, long aes192, long aes256, int fixedKeyBytes) implements BlockKeys {
  /**
   * The three ciphers of {@code mode} ("GCM" fetches AES-128-GCM ...), or null if any is absent.
   */
  static AesKeys fetch(String mode) {
    long a = CipherNative.find("AES-128-" + mode);
    long b = CipherNative.find("AES-192-" + mode);
    long c = CipherNative.find("AES-256-" + mode);
    return a == 0 || b == 0 || c == 0 ? null : new AesKeys(a, b, c, 0);
  }

  /** The same ciphers, accepting only keys of {@code bytes}. */
  AesKeys only(int bytes) {
    return new AesKeys(aes128, aes192, aes256, bytes);
  }

  @Override
  public int blockSize() {
    return 16;
  }

  @Override
  public String parametersAlgorithm() {
    return "AES";
  }

  /** The size in bits of {@code key}, if this rule accepts it (engineGetKeySize). */
  @Override
  public int keySizeOf(java.security.Key key) throws InvalidKeyException {
    byte[] raw = CipherKeys.raw(key);
    java.util.Arrays.fill(raw, (byte) 0);
    cipherFor(raw.length);
    return raw.length * 8;
  }

  /** The cipher for a key of {@code length} bytes. */
  @Override
  public long cipherFor(int length) throws InvalidKeyException {
    if (fixedKeyBytes != 0 && length != fixedKeyBytes) {
      throw new InvalidKeyException(
          "The key must be " + fixedKeyBytes + " bytes, not " + length + " bytes");
    }
    switch (length) {
      case 16:
        return aes128;
      case 24:
        return aes192;
      case 32:
        return aes256;
      default:
        throw new InvalidKeyException("Invalid AES key length: " + length + " bytes");
    }
  }
}
