package dev.carbide.cipher;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * Triple DES (three-key EDE) for one mode, with SunJCE's key rules: 24 key bytes whatever their
 * parity (SunJCE's cipher neither checks nor fixes it), and a key named "DESede" or "TripleDES".
 * Two-key keys come as 24 bytes with the third DES key equal to the first, as SunJCE's KeyGenerator
 * makes them for 112 bits. The KeyGenerator and the SecretKeyFactory set each byte's parity bit, as
 * SunJCE's do.
 */
record DesedeKeys(long cipher) implements BlockKeys {
  static final int KEY_BYTES = 24;

  /** The cipher of {@code mode} ("CBC" fetches DES-EDE3-CBC, "ECB" DES-EDE3-ECB), or null. */
  static DesedeKeys fetch(String mode) {
    long handle = CipherNative.find("DES-EDE3-" + mode);
    return handle == 0 ? null : new DesedeKeys(handle);
  }

  /**
   * New key bytes for a {@code bits} key (168 or 112), as SunJCE's KeyGenerator makes them: three
   * random DES keys, or two with the first repeated as the third, parity set. Zero them after use.
   */
  static byte[] draw(int bits, SecureRandom random) {
    byte[] key = new byte[KEY_BYTES];
    if (bits == 168) {
      random.nextBytes(key);
    } else {
      byte[] two = new byte[16];
      random.nextBytes(two);
      System.arraycopy(two, 0, key, 0, 16);
      System.arraycopy(two, 0, key, 16, 8);
      Arrays.fill(two, (byte) 0);
    }
    setParity(key);
    return key;
  }

  /**
   * Makes the low bit of each of the 24 bytes the odd-parity bit of the other seven, as SunJCE's
   * DESede keys are (the cipher ignores these bits).
   */
  static void setParity(byte[] key) {
    for (int i = 0; i < KEY_BYTES; i++) {
      int high = key[i] & 0xfe;
      key[i] = (byte) (high | ((Integer.bitCount(high) & 1) ^ 1));
    }
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
