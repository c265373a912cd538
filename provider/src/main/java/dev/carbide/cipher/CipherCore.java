package dev.carbide.cipher;

import dev.carbide.internal.EntryGuard;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;

/**
 * The SPI face of every cipher: init, the array and ByteBuffer forms of update and doFinal, sizes,
 * IV and wrapping, as SunJCE's CipherCore offers them over {@link CipherSteps}. Mode classes say
 * only where modes differ: their parameters, how much of the buffered input an update may release
 * ({@link #updateLength}) and how long the final output is ({@link #finalLength}).
 *
 * <p>Every call that reads or changes the message state (init, updateAAD, update, doFinal) holds
 * {@link #guard}: a Cipher shared between threads then throws IllegalStateException instead of
 * running two steps on one native context, or sizing an output for one state and filling it in
 * another. Only getters stay outside it.
 */
abstract class CipherCore extends CipherSteps {
  final EntryGuard guard = new EntryGuard();
  private final String modeName;
  private final String paddingName;

  /** Input bytes the current message has taken so far; see {@link #messageLimit}. */
  private long messageInput;

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

  /**
   * The most input bytes one message may take, counting every update and the doFinal: a mode whose
   * counter would run past its end (ChaCha20's 32-bit block counter) says where that is. An
   * operation that would pass it is refused before it changes anything.
   */
  long messageLimit() {
    return Long.MAX_VALUE;
  }

  /** Throws if {@code len} more input would run this message past {@link #messageLimit}. */
  private void checkMessageLimit(int len) {
    if (len > 0 && messageInput + len > messageLimit()) {
      throw new IllegalStateException(
          "Counter exhausted: this message may take "
              + (messageLimit() - messageInput)
              + " more bytes, not "
              + len
              + ". Reinitialize with a new key or nonce");
    }
  }

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
    boolean encrypt = CipherKeys.encrypting(opmode);
    guard.enter(); // before the key is copied, so that a refused init leaves no copy behind
    try {
      setupOwning(encrypt, CipherKeys.raw(key), params, random);
    } finally {
      guard.exit();
    }
  }

  /**
   * Initializes with key bytes the caller already holds (a key PBES2 derived from a password),
   * taking ownership of {@code raw}: it is kept, or zeroed if refused.
   */
  final void initWithRawKey(
      boolean encrypt, byte[] raw, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    guard.enter();
    try {
      setupOwning(encrypt, raw, params, random);
    } finally {
      guard.exit();
    }
  }

  private void setupOwning(
      boolean encrypt, byte[] raw, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    try {
      setup(encrypt, raw, params, random);
    } catch (InvalidKeyException | InvalidAlgorithmParameterException | RuntimeException e) {
      Arrays.fill(raw, (byte) 0);
      throw e;
    }
    messageInput = 0;
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
    guard.enter();
    try {
      checkMessageLimit(len);
      byte[] out = new byte[updateLength(Math.addExact(buffered, len))];
      int n = update(input, offset, len, out, 0, out.length);
      messageInput += len;
      // Bouncy Castle's one-shot ciphers (CCM, GCM-SIV) return null from an update.
      return oneShot() ? null : trimmed(out, n);
    } catch (ShortBufferException e) {
      throw new ProviderException("Output sized by updateLength was too short", e);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineUpdate(byte[] input, int offset, int len, byte[] out, int outOffset)
      throws ShortBufferException {
    checkOutputOffset(outOffset);
    if (out == null) {
      out = EMPTY; // as SunJCE's CipherCore: a short buffer, if the update writes anything
    }
    outOffset = Math.min(outOffset, out.length);
    guard.enter();
    try {
      checkMessageLimit(len);
      int n = update(input, offset, len, out, outOffset, out.length - outOffset);
      messageInput += len;
      return n;
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
    int len = input.remaining();
    guard.enter();
    try {
      checkMessageLimit(len);
      int n = BufferForms.run(this, input, output, false);
      messageInput += len;
      return n;
    } catch (IllegalBlockSizeException | BadPaddingException e) {
      throw new ProviderException("An update does not end the message", e);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected byte[] engineDoFinal(byte[] input, int offset, int len)
      throws IllegalBlockSizeException, BadPaddingException {
    guard.enter();
    try {
      checkMessageLimit(len);
      byte[] out = new byte[Math.max(0, finalLength(Math.addExact(buffered, len)))];
      messageInput = 0; // whatever the outcome: doFinal ends the message but for a short buffer
      int n;
      try {
        // Nobody else holds `out`, so an AEAD decryption may write its plaintext straight into it
        // instead of staging it natively: a failed tag check cleanses it, and it is never returned.
        n = doFinalIntoPrivate(input, offset, len, out, out.length);
      } catch (BadPaddingException | RuntimeException e) {
        Arrays.fill(out, (byte) 0);
        throw e;
      }
      return trimmed(out, n);
    } catch (ShortBufferException e) {
      throw new ProviderException("Output sized by finalLength was too short", e);
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineDoFinal(byte[] input, int offset, int len, byte[] out, int outOffset)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    checkOutputOffset(outOffset);
    Objects.requireNonNull(out, "output"); // as SunJCE
    outOffset = Math.min(outOffset, out.length);
    guard.enter();
    try {
      checkMessageLimit(len);
      int n = doFinal(input, offset, len, out, outOffset, out.length - outOffset);
      messageInput = 0;
      return n;
    } catch (IllegalBlockSizeException | BadPaddingException | RuntimeException e) {
      messageInput = 0; // the message ended; only a short buffer keeps it for a retry
      throw e;
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    int len = input.remaining();
    guard.enter();
    try {
      checkMessageLimit(len);
      int n = BufferForms.run(this, input, output, true);
      messageInput = 0;
      return n;
    } catch (IllegalBlockSizeException | BadPaddingException | RuntimeException e) {
      messageInput = 0;
      throw e;
    } finally {
      guard.exit();
    }
  }

  /** {@code out} cut to its first {@code n} bytes; the longer array is zeroed, not dropped. */
  private static byte[] trimmed(byte[] out, int n) {
    if (n == out.length) {
      return out;
    }
    byte[] result = Arrays.copyOf(out, n);
    Arrays.fill(out, (byte) 0);
    return result;
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

  /**
   * An offset past the end of the output is a short buffer (ShortBufferException if anything is
   * written), as the JCA says and SunJCE does; only a negative one is a bad argument.
   */
  private static void checkOutputOffset(int outOffset) {
    if (outOffset < 0) {
      throw new IllegalArgumentException("Bad output offset");
    }
  }
}
