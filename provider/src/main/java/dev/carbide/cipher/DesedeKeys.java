package dev.carbide.cipher;

import java.security.InvalidKeyException;
import java.security.Key;
import java.util.Arrays;

/**
 * Triple DES (three-key EDE) for one mode, with SunJCE's key rules: 24 key bytes whatever their
 * parity (SunJCE's cipher neither checks nor fixes it), and a key named "DESede" or "TripleDES".
 * Two-key keys come as 24 bytes with the third DES key equal to the first, as SunJCE's KeyGenerator
 * makes them for 112 bits.
 */
record DesedeKeys(long cipher) implements BlockKeys {
  static final int KEY_BYTES = 24;

  /** The cipher of {@code mode} ("CBC" fetches DES-EDE3-CBC, "ECB" DES-EDE3-ECB), or null. */
  static DesedeKeys fetch(String mode) {
    long handle = CipherNative.find("DES-EDE3-" + mode);
    return handle == 0 ? null : new DesedeKeys(handle);
  }

  @Override
  public int blockSize() {
    return 8;
  }

  @Override
  public String parametersAlgorithm() {
    return "DESede";
  }

  @Override
  public long cipherFor(int length) throws InvalidKeyException {
    if (length != KEY_BYTES) {
      throw new InvalidKeyException("Wrong key size");
    }
    return cipher;
  }

  /** 112, for any 24-byte key, as SunJCE's DESedeCipher reports the effective strength. */
  @Override
  public int keySizeOf(Key key) throws InvalidKeyException {
    byte[] raw = CipherKeys.raw(key);
    Arrays.fill(raw, (byte) 0);
    if (raw.length != KEY_BYTES) {
      throw new InvalidKeyException("Invalid key length: " + raw.length + " bytes");
    }
    return 112;
  }

  @Override
  public void checkAlgorithm(Key key) throws InvalidKeyException {
    String algorithm = key == null ? null : key.getAlgorithm();
    if (key != null
        && !"DESede".equalsIgnoreCase(algorithm)
        && !"TripleDES".equalsIgnoreCase(algorithm)) {
      throw new InvalidKeyException("Wrong algorithm: DESede or TripleDES required");
    }
  }
}
