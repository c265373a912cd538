package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;

/**
 * The SPI face of every cipher: init, the array and ByteBuffer forms of update and doFinal, sizes,
 * IV and wrapping, as SunJCE's CipherCore offers them over {@link CipherSteps}. Mode classes say
 * only where modes differ: their parameters, how much of the buffered input an update may release
 * ({@link #updateLength}) and how long the final output is ({@link #finalLength}).
 */
abstract class CipherCore extends CipherSteps {
  private final String modeName;
  private final String paddingName;

  CipherCore(String modeName, String paddingName) {
    this.modeName = modeName;
    this.paddingName = paddingName;
  }

  /** Validates and applies key and parameters through {@link #accept}; changes nothing on error. */
  abstract void setup(
      boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException;

  /** The parameter spec class that {@code init(AlgorithmParameters)} asks for. */
  abstract Class<? extends AlgorithmParameterSpec> parameterSpecClass();

  @Override
  protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
    if (!modeName.equalsIgnoreCase(mode)) {
      throw new NoSuchAlgorithmException("Unsupported mode " + mode);
    }
  }

  @Override
  protected void engineSetPadding(String padding) throws NoSuchPaddingException {
    if (!paddingName.equalsIgnoreCase(padding)) {
      throw new NoSuchPaddingException("Unsupported padding " + padding);
    }
  }

  @Override
  protected byte[] engineGetIV() {
    return iv == null ? null : iv.clone();
  }

  @Override
  protected int engineGetOutputSize(int inputLen) {
    return finalLength(Math.addExact(buffered, inputLen));
  }

  @Override
  protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
    try {
      engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
    } catch (InvalidAlgorithmParameterException e) {
      throw new InvalidKeyException(e.getMessage(), e);
    }
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    byte[] raw = CipherKeys.raw(key);
    try {
      setup(CipherKeys.encrypting(opmode), raw, params, random);
    } catch (InvalidKeyException | InvalidAlgorithmParameterException | RuntimeException e) {
      Arrays.fill(raw, (byte) 0);
      throw e;
    }
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    AlgorithmParameterSpec spec = null;
    if (params != null) {
      try {
        spec = params.getParameterSpec(parameterSpecClass());
      } catch (InvalidParameterSpecException e) {
        throw new InvalidAlgorithmParameterException("Wrong parameter type: " + e.getMessage(), e);
      }
    }
    engineInit(opmode, key, spec, random);
  }

  @Override
  protected byte[] engineUpdate(byte[] input, int offset, int len) {
    byte[] out = new byte[updateLength(Math.addExact(buffered, len))];
    try {
      int n = update(input, offset, len, out, 0, out.length);
      return n == out.length ? out : Arrays.copyOf(out, n);
    } catch (ShortBufferException e) {
      throw new AssertionError("output sized by updateLength", e);
    }
  }

  @Override
  protected int engineUpdate(byte[] input, int offset, int len, byte[] out, int outOffset)
      throws ShortBufferException {
    return update(input, offset, len, out, outOffset, capacity(out, outOffset));
  }

  @Override
  protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
    try {
      return BufferForms.run(this, input, output, false);
    } catch (IllegalBlockSizeException | BadPaddingException e) {
      throw new AssertionError("update does not end the message", e);
    }
  }

  @Override
  protected byte[] engineDoFinal(byte[] input, int offset, int len)
      throws IllegalBlockSizeException, BadPaddingException {
    byte[] out = new byte[Math.max(0, finalLength(Math.addExact(buffered, len)))];
    try {
      int n = doFinal(input, offset, len, out, 0, out.length);
      return n == out.length ? out : Arrays.copyOf(out, n);
    } catch (ShortBufferException e) {
      throw new AssertionError("output sized by finalLength", e);
    }
  }

  @Override
  protected int engineDoFinal(byte[] input, int offset, int len, byte[] out, int outOffset)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return doFinal(input, offset, len, out, outOffset, capacity(out, outOffset));
  }

  @Override
  protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return BufferForms.run(this, input, output, true);
  }

  @Override
  protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
    byte[] encoded = CipherKeys.encodedForWrap(key);
    try {
      return engineDoFinal(encoded, 0, encoded.length);
    } catch (BadPaddingException e) {
      throw new InvalidKeyException("wrapping failed", e);
    } finally {
      Arrays.fill(encoded, (byte) 0);
    }
  }

  @Override
  protected Key engineUnwrap(byte[] wrapped, String algorithm, int type)
      throws InvalidKeyException, NoSuchAlgorithmException {
    byte[] encoded;
    try {
      encoded = engineDoFinal(wrapped, 0, wrapped.length);
    } catch (IllegalBlockSizeException | BadPaddingException e) {
      throw new InvalidKeyException("Unwrapping failed", e);
    }
    return CipherKeys.unwrapped(encoded, algorithm, type);
  }

  private static int capacity(byte[] out, int outOffset) {
    if (out == null || outOffset < 0 || outOffset > out.length) {
      throw new IllegalArgumentException("Bad output offset");
    }
    return out.length - outOffset;
  }
}
