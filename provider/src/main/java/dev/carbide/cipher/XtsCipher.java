package dev.carbide.cipher;

import dev.carbide.internal.FipsMode;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES/XTS/NoPadding (IEEE 1619, NIST SP 800-38E), which neither the JDK nor Bouncy Castle serves as
 * a Cipher, so the contract is Carbide's own: the key is two AES keys (32 or 64 bytes), the tweak a
 * 16-byte IvParameterSpec (required in both directions: it names the data unit, usually a sector
 * number), and each doFinal is one data unit of 16 bytes to 2^20 blocks, any length in between
 * (ciphertext stealing), transformed in one native call; update only buffers. Two equal key halves
 * are refused for encryption, and in FIPS mode for decryption too, as OpenSSL does.
 */
final class XtsCipher extends CipherCore {
  private static final int BLOCK = 16;
  private static final int MAX_DATA_UNIT = BLOCK << 20;

  private final long xts128;
  private final long xts256;

  XtsCipher(long xts128, long xts256) {
    super("XTS", "NoPadding");
    this.xts128 = xts128;
    this.xts256 = xts256;
  }

  @Override
  boolean oneShot() {
    return true;
  }

  @Override
  int updateLength(int total) {
    return 0;
  }

  @Override
  int finalLength(int total) {
    return total;
  }

  @Override
  void checkFinalLength(int total) throws IllegalBlockSizeException {
    if (total < BLOCK || total > MAX_DATA_UNIT) {
      throw new IllegalBlockSizeException(
          "An XTS data unit is 16 bytes to 2^20 blocks long, not " + total + " bytes");
    }
  }

  @Override
  void setup(boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    if (!(params instanceof IvParameterSpec spec)) {
      throw new InvalidAlgorithmParameterException(
          params == null
              ? "XTS needs its tweak: an IvParameterSpec of 16 bytes"
              : "Wrong parameter type: IV expected");
    }
    byte[] tweak = spec.getIV();
    if (tweak.length != BLOCK) {
      throw new InvalidAlgorithmParameterException("Wrong IV length: must be 16 bytes long");
    }
    long cipher = cipherFor(rawKey.length);
    if ((encrypt || FipsMode.enabled()) && halvesEqual(rawKey)) {
      throw new InvalidKeyException("The two halves of an AES-XTS key must differ");
    }
    accept(encrypt, rawKey, cipher, tweak, 0);
  }

  private long cipherFor(int length) throws InvalidKeyException {
    return switch (length) {
      case 32 -> xts128;
      case 64 -> xts256;
      default ->
          throw new InvalidKeyException(
              "Invalid AES-XTS key length: " + length + " bytes (two AES keys: 32 or 64)");
    };
  }

  private static boolean halvesEqual(byte[] key) {
    byte[] first = Arrays.copyOfRange(key, 0, key.length / 2);
    byte[] second = Arrays.copyOfRange(key, key.length / 2, key.length);
    try {
      return CipherKeys.sameBytes(first, second);
    } finally {
      Arrays.fill(first, (byte) 0);
      Arrays.fill(second, (byte) 0);
    }
  }

  @Override
  Class<IvParameterSpec> parameterSpecClass() {
    return IvParameterSpec.class;
  }

  @Override
  protected int engineGetBlockSize() {
    return BLOCK;
  }

  @Override
  protected int engineGetKeySize(Key key) throws InvalidKeyException {
    byte[] raw = CipherKeys.raw(key);
    Arrays.fill(raw, (byte) 0);
    cipherFor(raw.length);
    return raw.length * 8;
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    return iv == null ? null : CipherParameters.of("AES", new IvParameterSpec(iv));
  }
}
