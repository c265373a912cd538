package dev.carbide.cipher;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES in ECB, CBC (either with or without PKCS#5 padding), or one of the stream modes CTR, OFB, CFB
 * (128-bit feedback) and CFB8, as SunJCE's CipherCore; and DESede in ECB and CBC, the same
 * mechanics over a block of 8 bytes ({@link BlockKeys} says which cipher). {@link Pbes2Cipher} is
 * AES-CBC with PKCS#5 padding keyed from a password.
 */
sealed class BlockModeCipher extends CipherCore permits Pbes2Cipher {

  enum Mode {
    ECB,
    CBC,
    CTR,
    OFB,
    CFB,
    CFB8;

    /** True for the modes that take a message of any length (OpenSSL's block size 1). */
    boolean anyLength() {
      return this != ECB && this != CBC;
    }

    /**
     * True for the modes whose update releases every byte. SunJCE's OFB and CFB, which feed back
     * whole 128-bit blocks, release only whole blocks before doFinal, and Carbide matches them.
     */
    boolean releasesEveryByte() {
      return this == CTR || this == CFB8;
    }
  }

  private final Mode mode;
  private final boolean padding;
  private final BlockKeys keys;
  private final int block;

  BlockModeCipher(Mode mode, boolean padding, BlockKeys keys) {
    super(mode.name(), padding ? "PKCS5Padding" : "NoPadding");
    this.mode = mode;
    this.padding = padding;
    this.keys = keys;
    this.block = keys.blockSize();
  }

  @Override
  boolean padded() {
    return padding;
  }

  @Override
  int updateLength(int total) {
    if (mode.releasesEveryByte()) {
      return total;
    }
    // A padded decryption keeps its last block back: it may be all padding.
    int len = padding && !encrypting ? total - block : total;
    return len > 0 ? len - len % block : 0;
  }

  @Override
  int finalLength(int total) {
    return padding && encrypting ? Math.addExact(total, block - total % block) : total;
  }

  @Override
  void checkFinalLength(int total) throws IllegalBlockSizeException {
    if (mode.anyLength() || total % block == 0 || (padding && encrypting)) {
      return;
    }
    throw new IllegalBlockSizeException(
        padding
            ? "Input length must be multiple of " + block + " when decrypting with padded cipher"
            : "Input length not multiple of " + block + " bytes");
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    keys.checkAlgorithm(key);
    super.engineInit(opmode, key, params, random);
  }

  @Override
  void setup(boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    byte[] iv = null;
    if (mode == Mode.ECB) {
      if (params != null) {
        throw new InvalidAlgorithmParameterException("ECB mode cannot use IV");
      }
    } else if (params == null) {
      if (!encrypt) {
        throw new InvalidAlgorithmParameterException("Parameters missing");
      }
      iv = new byte[block];
      (random != null ? random : new SecureRandom()).nextBytes(iv);
    } else if (params instanceof IvParameterSpec spec) {
      iv = spec.getIV();
      if (iv.length != block) {
        throw new InvalidAlgorithmParameterException(
            "Wrong IV length: must be " + block + " bytes long");
      }
    } else {
      throw new InvalidAlgorithmParameterException("Wrong parameter type: IV expected");
    }
    // The key's length after its parameters, as SunJCE checks it (in the block cipher's init).
    accept(encrypt, rawKey, keys.cipherFor(rawKey.length), iv, 0);
  }

  @Override
  Class<? extends AlgorithmParameterSpec> parameterSpecClass() {
    return IvParameterSpec.class;
  }

  @Override
  protected int engineGetBlockSize() {
    return block;
  }

  @Override
  protected int engineGetKeySize(Key key) throws InvalidKeyException {
    return keys.keySizeOf(key);
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    return iv == null
        ? null
        : CipherParameters.of(keys.parametersAlgorithm(), new IvParameterSpec(iv));
  }
}
