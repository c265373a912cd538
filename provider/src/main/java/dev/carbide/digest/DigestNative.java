package dev.carbide.digest;

/**
 * The digest family's natives (native/jni/digest). Handles: {@code md} is a fetched EVP_MD owned by
 * the native algorithm cache; a session is a native digest context with scratch memory, run by a
 * {@link dev.carbide.internal.MessageSession}.
 */
final class DigestNative {
  private DigestNative() {}

  /** The EVP_MD called {@code opensslName}, or 0 if the loaded OpenSSL lacks it. */
  static native long fetch(String opensslName);

  static native int size(long md);

  /**
   * A new message session over digest {@code md} with output of {@code size} bytes (the digest's
   * own size, or any for an extendable-output function such as SHAKE), ready for a message.
   */
  static native long newSession(long md, int size);

  /**
   * The handle of {@code md}'s low-level functions when its state is a plain struct that {@link
   * #snapshot} can copy (SHA-1, SHA-2 and MD5 on OpenSSL's default provider), else 0.
   */
  static native long snapshotFunctions(long md);

  /**
   * Absorbs the {@code pendingLen} bytes buffered in a digest session's scratch into its message,
   * then returns the message's state as an array. Only for a digest with {@link
   * #snapshotFunctions}.
   */
  static native byte[] snapshot(long session, int pendingLen);

  /** Puts a {@link #snapshot}'s message into a digest session over the same digest. */
  static native void restore(long session, byte[] snapshot);

  /**
   * Writes the digest of a {@link #snapshot}'s message, made by the digest whose {@link
   * #snapshotFunctions} are {@code functions}, to out[offset, offset + the digest's size).
   */
  static native void finishSnapshot(long functions, byte[] snapshot, byte[] out, int offset);

  /**
   * The state of an empty message for the digest whose {@link #snapshotFunctions} are {@code
   * functions}, as a snapshot: where every {@link HeapShaDigest} starts.
   */
  static native byte[] initialState(long functions);
}
