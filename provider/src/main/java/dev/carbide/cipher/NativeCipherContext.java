package dev.carbide.cipher;

import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;

/**
 * One Cipher's native context and its scratch memory: every native step crosses here. By JNI, the
 * IV and AAD travel in the scratch memory, as lengths. A small encryption between arrays goes there
 * too and is encrypted in place, so a TLS record crosses with no array at all: no range checks, no
 * pinning. On Java 22 and later a small step between arrays instead takes a critical FFM downcall
 * ({@link CipherCalls}) that works in the Java arrays themselves, IV and AAD included, if it is an
 * encryption or a decryption with no tag or padding to check (which must not release plaintext
 * before the check passes). Decryptions never use the scratch memory for data, which would keep
 * plaintext there.
 */
final class NativeCipherContext {
  /** Encryptions of up to this many bytes run in the scratch memory. */
  static final int SCRATCH_DATA_LIMIT = 1024;

  /**
   * Encryptions of up to this many bytes (prefix and input) between arrays take the critical
   * downcall where there is one; keep in step with kCriticalLimit in cipher_critical.cc.
   */
  static final int CRITICAL_DATA_LIMIT = 16 * 1024;

  /** What a step may add to its input in the scratch memory: a padding block and a tag. */
  private static final int MAX_GROWTH = 32;

  private final long context;

  /**
   * Java's view of the scratch memory, made when a JNI step first needs it: the critical downcall
   * (Java 22 and later, every TLS record sealed between arrays) never does.
   */
  private ByteBuffer scratch;

  NativeCipherContext() {
    context = CipherNative.newContext();
    NativeCleaner.register(
        this, context, CipherNative::freeContext, NativeFootprint.CIPHER_CONTEXT);
  }

  /**
   * Runs one step (see {@link CipherNative}) with {@code iv} (null when not starting) and {@code
   * aad[0, aadLen)}, from {@code in} into {@code out}: both byte arrays or both direct buffers.
   */
  int step(
      long cipher,
      int flags,
      byte[] key,
      byte[] iv,
      byte[] aad,
      int aadLen,
      byte[] prefix,
      int prefixLen,
      Object in,
      int inOff,
      int inLen,
      Object out,
      int outOff,
      int cap,
      int tagLen) {
    boolean arrays = in instanceof byte[] && out instanceof byte[];
    // Key wrapping takes its whole message by JNI, staged natively. A one-shot cipher's message
    // (CCM, GCM-SIV, XTS) is a step like the others: up to the critical bound it is transformed
    // between the Java arrays themselves.
    int wrap = CipherNative.WRAP;
    boolean encryption = (flags & (CipherNative.ENCRYPT | wrap)) == CipherNative.ENCRYPT;
    boolean uncheckedDecryption =
        (flags & (CipherNative.ENCRYPT | wrap | CipherNative.PAD)) == 0 && tagLen == 0;
    // A checked decryption into a private array may write before its check: nobody sees it.
    boolean privateOutput =
        (flags & (CipherNative.PRIVATE_OUTPUT | wrap)) == CipherNative.PRIVATE_OUTPUT;
    boolean critical =
        arrays
            && (encryption || uncheckedDecryption || privateOutput)
            && CipherCalls.critical()
            && inLen <= CRITICAL_DATA_LIMIT
            && prefixLen <= CRITICAL_DATA_LIMIT - inLen;
    if (!critical) {
      return stepByJni(
          cipher,
          flags,
          key,
          iv,
          aad,
          aadLen,
          prefix,
          prefixLen,
          in,
          inOff,
          inLen,
          out,
          outOff,
          cap,
          tagLen,
          arrays && encryption);
    }
    try {
      // The critical call reads the IV and AAD where they lie: no scratch memory at all.
      return CipherCalls.step(
          context,
          cipher,
          flags,
          key,
          iv,
          aad,
          aadLen,
          prefix,
          prefixLen,
          (byte[]) in,
          inOff,
          inLen,
          (byte[]) out,
          outOff,
          cap,
          tagLen);
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  /**
   * {@link #step} by JNI: the IV and AAD in the scratch memory, and with them the data of a small
   * encryption between arrays ({@code arrayEncryption}). Apart from {@link #step}, so that the
   * critical path, every small message's on Java 22 and later, stays small enough for the JIT to
   * inline into its caller.
   */
  private int stepByJni(
      long cipher,
      int flags,
      byte[] key,
      byte[] iv,
      byte[] aad,
      int aadLen,
      byte[] prefix,
      int prefixLen,
      Object in,
      int inOff,
      int inLen,
      Object out,
      int outOff,
      int cap,
      int tagLen,
      boolean arrayEncryption) {
    boolean small =
        arrayEncryption && inLen <= SCRATCH_DATA_LIMIT && prefixLen <= SCRATCH_DATA_LIMIT;
    try {
      // By JNI the IV and AAD travel in scratch, ahead of a small encryption's data.
      int ivLen = iv == null ? 0 : iv.length;
      int header = Math.addExact(ivLen, aadLen);
      int need = small ? header + prefixLen + inLen + MAX_GROWTH : header;
      if (need > (scratch == null ? 0 : scratch.capacity())) {
        scratch = viewScratch(need);
      }
      if (ivLen != 0) {
        scratch.put(0, iv, 0, ivLen);
      }
      if (aadLen != 0) {
        scratch.put(ivLen, aad, 0, aadLen);
      }
      if (small) {
        scratch.put(header, (byte[]) in, inOff, inLen);
        int n =
            CipherNative.processScratch(
                context, cipher, flags, key, ivLen, aadLen, prefix, prefixLen, inLen, cap, tagLen);
        scratch.get(header, (byte[]) out, outOff, n);
        return n;
      }
      return in instanceof byte[] inArray
          ? CipherNative.process(
              context,
              cipher,
              flags,
              key,
              ivLen,
              aadLen,
              prefix,
              prefixLen,
              inArray,
              inOff,
              inLen,
              (byte[]) out,
              outOff,
              cap,
              tagLen)
          : CipherNative.processDirect(
              context,
              cipher,
              flags,
              key,
              ivLen,
              aadLen,
              prefix,
              prefixLen,
              (ByteBuffer) in,
              inOff,
              inLen,
              (ByteBuffer) out,
              outOff,
              cap,
              tagLen);
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  private ByteBuffer viewScratch(int minSize) {
    try {
      return CipherNative.scratch(context, minSize);
    } finally {
      Reference.reachabilityFence(this);
    }
  }
}
