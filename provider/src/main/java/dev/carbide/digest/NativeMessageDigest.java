package dev.carbide.digest;

import dev.carbide.internal.MessageSession;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * A MessageDigest over one reusable native context: SUN's range checks here, the buffering and the
 * crossings in {@link MessageSession}. A short message costs one JNI crossing with primitive
 * arguments, and {@code update(byte)} costs none.
 */
final class NativeMessageDigest extends MessageDigestSpi implements Cloneable {
  private final int size;
  private MessageSession session;

  NativeMessageDigest(long md, int size) {
    this.size = size;
    this.session = new MessageSession(DigestNative.newSession(md, size));
  }

  @Override
  protected int engineGetDigestLength() {
    return size;
  }

  @Override
  protected void engineUpdate(byte input) {
    session.update(input);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    // MessageDigest checks only that the range ends inside the array. The rest is checked here,
    // before any state changes, as SUN does: an empty update is not checked at all.
    if (len == 0) {
      return;
    }
    if (offset < 0 || len < 0 || offset > input.length - len) {
      throw outOfBounds(offset, len, input.length);
    }
    session.update(input, offset, len);
  }

  // Apart from the hot path, which then stays small enough to inline.
  private static ArrayIndexOutOfBoundsException outOfBounds(int offset, int len, int length) {
    return new ArrayIndexOutOfBoundsException(
        "Range [" + offset + ", " + offset + " + " + len + ") out of bounds for length " + length);
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    session.update(input);
  }

  @Override
  protected byte[] engineDigest() {
    return session.finish(size);
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
          String.format(
              "the output range [%d, %d + %d) does not fit an array of length %d",
              offset, offset, len, buf.length));
    }
    session.finish(buf, offset, size);
    return size;
  }

  @Override
  protected void engineReset() {
    session.reset();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    NativeMessageDigest copy = (NativeMessageDigest) super.clone();
    copy.session = session.copy();
    return copy;
  }
}
