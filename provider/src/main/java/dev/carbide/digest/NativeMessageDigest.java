package dev.carbide.digest;

import dev.carbide.internal.MessageContext;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * A MessageDigest over one reusable native context, re-initialised in place for every message. The
 * buffering that makes a short message one JNI crossing is in {@link MessageContext}.
 */
final class NativeMessageDigest extends MessageDigestSpi implements Cloneable {
  private final int size;
  private MessageContext context;

  NativeMessageDigest(long md, int size) {
    this.size = size;
    this.context = new MessageContext(DigestNative.newContext(md));
  }

  @Override
  protected int engineGetDigestLength() {
    return size;
  }

  @Override
  protected void engineUpdate(byte input) {
    context.update(input);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    context.update(input, offset, len);
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    context.update(input);
  }

  @Override
  protected byte[] engineDigest() {
    byte[] out = new byte[size];
    context.finish(out, 0);
    return out;
  }

  @Override
  protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
    // The same checks and messages as MessageDigestSpi's default.
    if (len < size) {
      throw new DigestException("partial digests not returned");
    }
    if (buf.length - offset < size) {
      throw new DigestException("insufficient space in the output buffer to store the digest");
    }
    context.finish(buf, offset);
    return size;
  }

  @Override
  protected void engineReset() {
    context.reset();
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    NativeMessageDigest copy = (NativeMessageDigest) super.clone();
    copy.context = context.copy();
    return copy;
  }
}
