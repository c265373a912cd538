package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * The message mechanics that every cipher shares: Java-side buffering with SunJCE's exact output
 * sizes, short-buffer checks that leave the state unchanged, and reuse after doFinal.
 *
 * <p>Every native step goes through {@link #run}, which carries a pending restart (new IV, and the
 * key only when it changed), the buffered AAD and the buffered input in the same crossing. So
 * {@code init} itself never crosses JNI, and a TLS record (init, updateAAD, doFinal) crosses once.
 */
abstract class CipherSteps extends CipherSpi {
  static final byte[] EMPTY = new byte[0];

  /**
   * Made at the first native step, not with the cipher: {@code Cipher.getInstance(transformation)}
   * makes an instance only to check the mode and padding and drops it (the JCA makes another at
   * init), and SunJSSE makes Ciphers it may never use, so a cipher costs no native memory and no
   * Cleaner until it transforms something.
   */
  private NativeCipherContext nativeContext;

  // Set by init through accept(); read by the mode classes.
  boolean initialized;
  boolean encrypting;
  long cipher;
  byte[] iv;
  int tagLen;

  /** The key bytes: held once, zeroed on replacement and when this cipher is collected. */
  final CipherSecrets secrets = new CipherSecrets();

  /** True until a step has keyed the native context with the key, cipher and direction of now. */
  private boolean keyPending = true;

  private boolean startPending;

  private byte[] buffer = new byte[64];
  int buffered;
  byte[] aad = new byte[32];
  int aadLen;

  /** True once data has been given since the message started (AAD is then refused). */
  boolean dataStarted;

  /** Bytes of {@code total} pending input that an update transforms now; the rest stays. */
  abstract int updateLength(int total);

  /** Output length of doFinal over {@code total} pending bytes; an upper bound when unpadding. */
  abstract int finalLength(int total);

  /** Throws if doFinal cannot take {@code total} pending bytes (block alignment, tag). */
  abstract void checkFinalLength(int total) throws IllegalBlockSizeException, AEADBadTagException;

  /** True for padded block modes that strip padding when decrypting. */
  boolean padded() {
    return false;
  }

  /** True for key wrapping, which transforms the whole message in one native step at doFinal. */
  boolean wholeMessage() {
    return false;
  }

  /**
   * True for the ciphers that OpenSSL runs over a whole message in one call (CCM, GCM-SIV, XTS):
   * their updates only buffer, and doFinal transforms everything in one native step, as the prefix
   * if anything was buffered, else straight from the input.
   */
  boolean oneShot() {
    return false;
  }

  /** Throws IllegalStateException if the cipher may not process data now (beyond init). */
  void checkUsable() {}

  /** Called after every doFinal, successful or not. */
  void afterFinal() {}

  /**
   * Called by setup() once everything is valid; takes ownership of {@code rawKey}, which it keeps
   * or, when it repeats the key in use (every TLS record), zeroes.
   */
  final void accept(boolean encrypt, byte[] rawKey, long newCipher, byte[] newIv, int newTagLen) {
    byte[] current = secrets.key();
    boolean sameKey = CipherKeys.sameBytes(rawKey, current);
    // A key, cipher or direction not yet in the native context waits for the next step.
    keyPending |= !sameKey || newCipher != cipher || encrypt != encrypting;
    if (!sameKey) {
      secrets.watch(this);
      secrets.setKey(rawKey);
    } else if (rawKey != current) {
      Arrays.fill(rawKey, (byte) 0);
    }
    encrypting = encrypt;
    cipher = newCipher;
    iv = newIv;
    tagLen = newTagLen;
    startPending = true;
    initialized = true;
    resetMessage();
  }

  /** Sends the key again with the next step (CCM, whose key schedule fixes its lengths). */
  final void rekeyAtNextStep() {
    keyPending = true;
  }

  private void resetMessage() {
    buffered = 0;
    aadLen = 0;
    dataStarted = false;
    startPending = true;
  }

  private void checkReady() {
    if (!initialized) {
      throw new IllegalStateException("Cipher not initialized");
    }
    checkUsable();
  }

  /** An update from {@code in} (byte[] or direct ByteBuffer) into {@code out} (the same kind). */
  final int update(Object in, int inOff, int inLen, Object out, int outOff, int outCap)
      throws ShortBufferException {
    checkReady();
    int total = Math.addExact(buffered, inLen);
    int n = updateLength(total);
    if (n > outCap) {
      throw new ShortBufferException("Output buffer too short: need " + n + " bytes");
    }
    if (inLen > 0) {
      dataStarted = true;
    }
    if (n == 0) {
      append(in, inOff, inLen);
      return 0;
    }
    int written;
    if (n >= buffered) {
      int used = n - buffered;
      // The rest of the input is saved before output can overwrite it (in place).
      byte[] rest = BufferForms.copyOf(in, inOff + used, inLen - used);
      written = run(0, buffered, in, inOff, used, out, outOff, outCap);
      buffered = 0;
      append(rest, 0, rest.length);
    } else {
      byte[] rest = BufferForms.copyOf(in, inOff, inLen);
      written = run(0, n, out, outOff, 0, out, outOff, outCap);
      System.arraycopy(buffer, n, buffer, 0, buffered - n);
      buffered -= n;
      append(rest, 0, rest.length);
    }
    return written;
  }

  /** A doFinal from {@code in} into {@code out}, as {@link #update}. */
  final int doFinal(Object in, int inOff, int inLen, Object out, int outOff, int outCap)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return doFinal(in, inOff, inLen, out, outOff, outCap, 0);
  }

  /**
   * A doFinal into {@code out[0, outCap)}, a new array that the caller returns only if this
   * succeeds and never shows anyone otherwise: see {@link CipherNative#PRIVATE_OUTPUT}.
   */
  final int doFinalIntoPrivate(Object in, int inOff, int inLen, byte[] out, int outCap)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    return doFinal(in, inOff, inLen, out, 0, outCap, CipherNative.PRIVATE_OUTPUT);
  }

  private int doFinal(
      Object in, int inOff, int inLen, Object out, int outOff, int outCap, int outputFlags)
      throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
    checkReady();
    int total = Math.addExact(buffered, inLen);
    checkFinalLength(total);
    int outLen = finalLength(total);
    boolean unpadding = padded() && !encrypting;
    int flags = CipherNative.FINISH | (padded() ? CipherNative.PAD : 0) | outputFlags;
    if (unpadding && total == 0) {
      // SunJCE decrypts an empty padded message to nothing rather than failing on the padding.
      resetMessage();
      afterFinal();
      return 0;
    }
    if (unpadding && outCap < outLen) {
      return doFinalUnpaddingShort(in, inOff, inLen, out, outOff, outCap, flags);
    }
    if (outLen > outCap) {
      throw new ShortBufferException("Output buffer too short: need " + outLen + " bytes");
    }
    dataStarted |= inLen > 0;
    if (wholeMessage() || (oneShot() && buffered != 0)) {
      // The native cipher takes the message in one piece: all of it goes as the prefix.
      append(in, inOff, inLen);
      in = out;
      inOff = outOff;
      inLen = 0;
    }
    // A one-shot message with nothing buffered (the usual doFinal(input)) is the input alone, read
    // where it lies: no copy into the buffer here, and no staging of the output natively but where
    // a check or a bounded pin needs it (native/jni/cipher/cipher_step.h).
    flags |= wholeMessage() ? CipherNative.WRAP : oneShot() ? CipherNative.ONE_SHOT : 0;
    try {
      return run(flags, buffered, in, inOff, inLen, out, outOff, outCap);
    } finally {
      resetMessage();
      afterFinal();
    }
  }

  /**
   * Unpadding into a buffer that may be too short: the length is known only after decrypting, so
   * this decrypts into a temporary buffer, rewinding the native state, and copies out only if the
   * result fits. Otherwise ShortBufferException leaves everything as it was, for a retry.
   */
  private int doFinalUnpaddingShort(
      Object in, int inOff, int inLen, Object out, int outOff, int outCap, int flags)
      throws ShortBufferException {
    int total = buffered + inLen;
    if (outCap < total - 16) {
      throw new ShortBufferException("Output buffer too short");
    }
    byte[] input = BufferForms.copyOf(in, inOff, inLen);
    byte[] temp = new byte[total];
    int n;
    try {
      n = run(flags | CipherNative.REWIND, buffered, input, 0, inLen, temp, 0, total);
    } catch (RuntimeException e) {
      resetMessage();
      afterFinal();
      throw e;
    }
    if (n > outCap) {
      Arrays.fill(temp, (byte) 0);
      throw new ShortBufferException("Output buffer too short: need " + n + " bytes");
    }
    if (out instanceof byte[] array) {
      System.arraycopy(temp, 0, array, outOff, n);
    } else {
      ((ByteBuffer) out).put(outOff, temp, 0, n);
    }
    Arrays.fill(temp, (byte) 0);
    resetMessage();
    afterFinal();
    return n;
  }

  /** One native step; see {@link CipherNative}. */
  private int run(
      int flags, int prefixLen, Object in, int inOff, int inLen, Object out, int outOff, int cap) {
    if (in == null) {
      in = EMPTY; // doFinal() with no input: the array path, whatever the output
      inOff = 0;
      inLen = 0;
    }
    flags |= encrypting ? CipherNative.ENCRYPT : 0;
    byte[] startKey = null;
    byte[] startIv = null;
    if (startPending) {
      flags |= CipherNative.START;
      startIv = iv;
      if (keyPending) {
        startKey = secrets.key();
      }
    }
    NativeCipherContext context = nativeContext;
    if (context == null) {
      context = nativeContext = new NativeCipherContext(); // keyPending is still true: keyed below
    }
    int n =
        context.step(
            cipher, flags, startKey, startIv, aad, aadLen, buffer, prefixLen, in, inOff, inLen, out,
            outOff, cap, tagLen);
    if (startKey != null) {
      keyPending = false; // only once the step succeeded: a failed one may have left no key
    }
    startPending = false;
    aadLen = 0;
    return n;
  }

  /** The Java-side buffer's size, for tests that a message went past it. */
  final int bufferCapacity() {
    return buffer.length;
  }

  /** Appends input to the Java-side buffer. */
  private void append(Object in, int inOff, int inLen) {
    if (inLen == 0) {
      return;
    }
    ensureBuffer(buffered + inLen);
    BufferForms.copy(in, inOff, buffer, buffered, inLen);
    buffered += inLen;
  }

  private void ensureBuffer(int size) {
    if (size > buffer.length) {
      byte[] bigger = Arrays.copyOf(buffer, Math.max(size, buffer.length * 2));
      Arrays.fill(buffer, (byte) 0);
      buffer = bigger;
    }
  }
}
