package dev.carbide.cipher;

import java.nio.ByteBuffer;

/**
 * The cipher family's natives (native/jni/cipher). Handles: {@code cipher} is a fetched EVP_CIPHER
 * owned by the native algorithm cache; {@code context} is a native cipher context owned by one Java
 * object.
 *
 * <p>One {@link #process} call is one step of a message: if {@link #START} is set it first starts
 * the message (with {@code key} if non-null, else keeping the key schedule, and with the IV in
 * {@code scratch[0, ivLen)}), absorbs the AAD in {@code scratch[ivLen, ivLen + aadLen)}, transforms
 * {@code prefix[0, prefixLen)} followed by the input, and with {@link #FINISH} ends the message: an
 * encryption appends its tag, a decryption takes the last {@code tagLen} bytes of prefix and input
 * as the tag and verifies it. It returns the number of bytes written to the output, which must have
 * room for {@code outCapacity} bytes.
 */
final class CipherNative {
  private CipherNative() {}

  static final int ENCRYPT = 1;
  static final int START = 2;
  static final int FINISH = 4;

  /** PKCS#5 padding, added or checked and stripped by this final step. */
  static final int PAD = 8;

  /** Leaves the chaining state as it was before this step (a retry after a short buffer). */
  static final int REWIND = 16;

  /** Key wrapping: the whole message goes in this one step, with no input beside the prefix. */
  static final int WRAP = 32;

  /**
   * The output is a fresh array that nobody sees unless the step succeeds (the allocating {@code
   * doFinal}): a checked decryption other than an unwrap may write its plaintext there straight
   * away, and a failed check cleanses it, rather than staging it in native memory first.
   */
  static final int PRIVATE_OUTPUT = 64;

  /**
   * A cipher that takes the whole message in one call (CCM, GCM-SIV, XTS): all of it goes in this
   * one final step, either as the prefix (with no input beside it) or as the input (with no
   * prefix).
   */
  static final int ONE_SHOT = 128;

  /** The cipher called {@code name} in OpenSSL ("AES-128-GCM"), or 0 if absent. */
  static native long find(String name);

  static native long newContext();

  static native void freeContext(long context);

  /**
   * The context's scratch memory, grown to at least {@code minSize} bytes, as a direct buffer. A
   * call invalidates every view that an earlier call returned.
   */
  static native ByteBuffer scratch(long context, int minSize);

  static native int process(
      long context,
      long cipher,
      int flags,
      byte[] key,
      int ivLen,
      int aadLen,
      byte[] prefix,
      int prefixLen,
      byte[] in,
      int inOffset,
      int inLen,
      byte[] out,
      int outOffset,
      int outCapacity,
      int tagLen);

  /**
   * As {@link #process} for an encryption whose input is in {@code scratch[ivLen + aadLen, +
   * inLen)} and whose output overwrites it there, for at most {@code outCapacity} bytes.
   */
  static native int processScratch(
      long context,
      long cipher,
      int flags,
      byte[] key,
      int ivLen,
      int aadLen,
      byte[] prefix,
      int prefixLen,
      int inLen,
      int outCapacity,
      int tagLen);

  /** As {@link #process} over direct buffers, at the given positions. */
  static native int processDirect(
      long context,
      long cipher,
      int flags,
      byte[] key,
      int ivLen,
      int aadLen,
      byte[] prefix,
      int prefixLen,
      ByteBuffer in,
      int inPosition,
      int inLen,
      ByteBuffer out,
      int outPosition,
      int outCapacity,
      int tagLen);

  /**
   * Raises the failure that the last critical call on {@code context} parked
   * (native/jni/cipher/cipher_critical.cc), as the JNI natives raise theirs. Always throws.
   */
  static native void throwDeferred(long context);
}
