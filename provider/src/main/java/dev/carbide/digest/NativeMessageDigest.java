package dev.carbide.digest;

import dev.carbide.internal.NativeCleaner;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * A MessageDigest over one reusable native context.
 *
 * <p>Updates shorter than the pending buffer stay in Java; the native side sees them only when the
 * buffer fills or at {@code digest()}, so a short message costs one JNI crossing and
 * {@code update(byte)} costs none.
 */
final class NativeMessageDigest extends MessageDigestSpi implements Cloneable {
  /** Matches the native side's stack-copy limit, so flushing the buffer never pins the array. */
  private static final int PENDING_CAPACITY = 1024;

  private final int size;
  private long ctx;
  private Cleaner.Cleanable cleanable;
  private byte[] pending = new byte[PENDING_CAPACITY];
  private int pendingLen;
  /** True once data has reached the native context since the last digest or reset. */
  private boolean nativeDirty;

  NativeMessageDigest(long md, int size) {
    this.size = size;
    this.ctx = DigestNative.newContext(md);
    this.cleanable = NativeCleaner.register(this, ctx, DigestNative::freeContext);
  }

  @Override
  protected int engineGetDigestLength() {
    return size;
  }

  @Override
  protected void engineUpdate(byte input) {
    if (pendingLen == PENDING_CAPACITY) {
      flush(null, 0, 0);
    }
    pending[pendingLen++] = input;
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    if (len <= PENDING_CAPACITY - pendingLen) {
      System.arraycopy(input, offset, pending, pendingLen, len);
      pendingLen += len;
    } else {
      flush(input, offset, len);
    }
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    if (!input.isDirect()) {
      super.engineUpdate(input); // heap buffers arrive as arrays through engineUpdate(byte[])
      return;
    }
    int position = input.position();
    int len = input.limit() - position;
    try {
      DigestNative.updateDirect(ctx, pending, pendingLen, input, position, len);
    } finally {
      Reference.reachabilityFence(this);
      Reference.reachabilityFence(input);
    }
    pendingLen = 0;
    nativeDirty = true;
    input.position(position + len);
  }

  private void flush(byte[] input, int offset, int len) {
    try {
      DigestNative.update(ctx, pending, pendingLen, input, offset, len);
    } finally {
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = true;
  }

  @Override
  protected byte[] engineDigest() {
    byte[] out = new byte[size];
    finish(out, 0);
    return out;
  }

  @Override
  protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
    // The same checks and messages as MessageDigestSpi's default.
    if (len < size) {
      throw new DigestException("partial digests not returned");
    }
    if (buf.length - offset < size) {
      throw new DigestException(
          "insufficient space in the output buffer to store the digest");
    }
    finish(buf, offset);
    return size;
  }

  private void finish(byte[] out, int offset) {
    try {
      DigestNative.finish(ctx, pending, pendingLen, out, offset);
    } finally {
      Reference.reachabilityFence(this);
    }
    pendingLen = 0;
    nativeDirty = false;
  }

  @Override
  protected void engineReset() {
    pendingLen = 0;
    if (nativeDirty) {
      try {
        DigestNative.reset(ctx);
      } finally {
        Reference.reachabilityFence(this);
      }
      nativeDirty = false;
    }
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    NativeMessageDigest copy = (NativeMessageDigest) super.clone();
    copy.pending = pending.clone();
    try {
      copy.ctx = DigestNative.copyContext(ctx);
    } finally {
      Reference.reachabilityFence(this);
    }
    copy.cleanable = NativeCleaner.register(copy, copy.ctx, DigestNative::freeContext);
    return copy;
  }
}
