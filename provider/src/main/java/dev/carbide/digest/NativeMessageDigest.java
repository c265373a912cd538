package dev.carbide.digest;

import dev.carbide.internal.NativeCleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * A MessageDigest over one reusable native context.
 *
 * <p>Updates that fit stay in the session's scratch memory, written from Java through a direct
 * ByteBuffer; the native side sees them only when the buffer fills or at {@code digest()}. So a
 * short message costs one JNI crossing with primitive arguments, and {@code update(byte)} costs
 * none.
 */
final class NativeMessageDigest extends MessageDigestSpi implements Cloneable {
  private static final int CAPACITY = DigestNative.SCRATCH_CAPACITY;

  private final int size;
  private long session;
  private ByteBuffer scratch;
  private int pendingLen;
  /** True once data has reached the native context since the last digest or reset. */
  private boolean nativeDirty;

  NativeMessageDigest(long md, int size) {
    this.size = size;
    attach(DigestNative.newSession(md));
  }

  private void attach(long newSession) {
    session = newSession;
    NativeCleaner.register(this, newSession, DigestNative::freeSession);
    scratch = DigestNative.scratch(newSession);
  }

  @Override
  protected int engineGetDigestLength() {
    return size;
  }

  @Override
  protected void engineUpdate(byte input) {
    if (pendingLen == CAPACITY) {
      flush(null, 0, 0);
    }
    scratch.put(pendingLen++, input);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    // MessageDigest checks only that the range ends inside the array. The rest is checked here,
    // before any state changes, as SUN does: an empty update is not checked at all.
    if (len == 0) {
      return;
    }
    if (offset < 0 || len < 0 || offset > input.length - len) {
      throw new ArrayIndexOutOfBoundsException(
          "Range [" + offset + ", " + offset + " + " + len + ") out of bounds for length "
              + input.length);
    }
    if (len <= CAPACITY - pendingLen) {
      scratch.put(pendingLen, input, offset, len);
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
    if (len <= CAPACITY - pendingLen) {
      scratch.put(pendingLen, input, position, len); // small updates never cross JNI
      input.position(position + len);
      pendingLen += len;
      return;
    }
    try {
      DigestNative.updateDirect(session, pendingLen, input, position, len);
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
      DigestNative.update(session, pendingLen, input, offset, len);
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
    // SUN's checks: a bad output range is a DigestException, and the message is kept.
    if (len < size) {
      throw new DigestException(
          "the output length " + len + " is less than the digest length " + size);
    }
    if (offset < 0 || offset > buf.length - len) {
      throw new DigestException(
          "the output range [" + offset + ", " + offset + " + " + len
              + ") does not fit an array of length " + buf.length);
    }
    finish(buf, offset);
    return size;
  }

  private void finish(byte[] out, int offset) {
    try {
      DigestNative.finish(session, pendingLen);
    } finally {
      Reference.reachabilityFence(this);
    }
    scratch.get(0, out, offset, size);
    pendingLen = 0;
    nativeDirty = false;
  }

  @Override
  protected void engineReset() {
    pendingLen = 0;
    if (nativeDirty) {
      try {
        DigestNative.reset(session);
      } finally {
        Reference.reachabilityFence(this);
      }
      nativeDirty = false;
    }
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    NativeMessageDigest copy = (NativeMessageDigest) super.clone();
    try {
      copy.attach(DigestNative.copySession(session));
    } finally {
      Reference.reachabilityFence(this);
    }
    return copy;
  }
}
