package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES key wrapping: AES/KW/NoPadding (RFC 3394, "AESWrap") and AES/KWP/NoPadding (RFC 5649), as
 * SunJCE's KeyWrapCipher: the whole input is buffered and wrapped or unwrapped at doFinal; an
 * unwrap whose integrity check fails throws IllegalBlockSizeException.
 */
final class KeyWrapCipher extends CipherCore {
  private static final int SEMIBLOCK = 8;
  private static final byte[] KW_IV = {
    (byte) 0xa6, (byte) 0xa6, (byte) 0xa6, (byte) 0xa6,
    (byte) 0xa6, (byte) 0xa6, (byte) 0xa6, (byte) 0xa6
  };
  private static final byte[] KWP_IV = {(byte) 0xa6, (byte) 0x59, (byte) 0x59, (byte) 0xa6};

  private final boolean padded;
  private final AesKeys keys;
  private byte[] givenIv;

  KeyWrapCipher(boolean padded, AesKeys keys) {
    super(padded ? "KWP" : "KW", "NoPadding");
    this.padded = padded;
    this.keys = keys;
  }

  @Override
  boolean wholeMessage() {
    return true;
  }

  @Override
  int updateLength(int total) {
    return 0;
  }

  @Override
  int finalLength(int total) {
    if (!encrypting) {
      return total - SEMIBLOCK; // negative for short input, as SunJCE says
    }
    int padding = padded ? (SEMIBLOCK - total % SEMIBLOCK) % SEMIBLOCK : 0;
    return Math.addExact(total, padding + SEMIBLOCK);
  }

  @Override
  void checkFinalLength(int total) throws IllegalBlockSizeException {
    if (encrypting && padded) {
      if (total == 0) {
        throw new IllegalBlockSizeException("data should have at least 1 byte");
      }
      return;
    }
    int minimum = (encrypting ? 2 : padded ? 2 : 3) * SEMIBLOCK;
    if (total < minimum || total % SEMIBLOCK != 0) {
      throw new IllegalBlockSizeException(
          "data should be at least " + minimum + " bytes and multiples of 8");
    }
  }

  @Override
  protected byte[] engineUpdate(byte[] input, int offset, int len) {
    super.engineUpdate(input, offset, len);
    return null; // SunJCE's key wrap returns no array until doFinal
  }

  @Override
  protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
    // An update writes nothing, but SunJCE's ByteBuffer form asks room for the whole output.
    int need = engineGetOutputSize(input.remaining());
    if (output.remaining() < need) {
      throw new ShortBufferException("Need at least " + need + " bytes of space in output buffer");
    }
    return super.engineUpdate(input, output);
  }

  @Override
  void setup(boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    long cipher = keys.cipherFor(rawKey.length);
    byte[] iv = null;
    if (params instanceof IvParameterSpec spec) {
      iv = spec.getIV();
      if (iv.length != (padded ? KWP_IV : KW_IV).length) {
        throw new InvalidAlgorithmParameterException("Invalid IV length: " + iv.length);
      }
      // RFC 5649 fixes the 4-byte ICV; SunJCE refuses any other at init rather than failing
      // every unwrap later.
      if (padded && !Arrays.equals(iv, KWP_IV)) {
        HexFormat hex = HexFormat.of().withUpperCase();
        throw new InvalidAlgorithmParameterException(
            "Invalid IV, got 0x" + hex.formatHex(iv) + " instead of 0x" + hex.formatHex(KWP_IV));
      }
    } else if (params != null) {
      throw new InvalidAlgorithmParameterException("Only IvParameterSpec is accepted");
    }
    givenIv = iv;
    accept(encrypt, rawKey, cipher, iv != null ? iv : padded ? KWP_IV : KW_IV, 0);
  }

  @Override
  Class<? extends AlgorithmParameterSpec> parameterSpecClass() {
    return IvParameterSpec.class;
  }

  @Override
  protected byte[] engineGetIV() {
    return givenIv == null ? null : givenIv.clone();
  }

  @Override
  protected int engineGetBlockSize() {
    return SEMIBLOCK;
  }

  @Override
  protected int engineGetKeySize(Key key) throws InvalidKeyException {
    return keys.keySizeOf(key);
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    return null;
  }
}
