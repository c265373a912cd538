package dev.carbide.digest;

import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * A SHA-1 or SHA-2 MessageDigest whose whole state is a Java array (OpenSSL's low-level SHA struct)
 * that critical FFM downcalls update and finish in place ({@link ShaCalls}, Java 22 and later,
 * outside FIPS mode). It owns no native memory: {@code getInstance} allocates two small arrays
 * instead of a native session with a Cleaner, and {@code clone()} copies the state array, as SUN's
 * digests do. SunJSSE makes one digest per handshake for its transcript and clones and finishes it
 * at every point it reads it, where a native session per digest cost several times the JDK's.
 *
 * <p>Short updates are buffered here and cross with the next call, so a short message costs one
 * crossing and {@code update(byte)} none; longer ones cross at once, in steps of at most {@link
 * #STEP} bytes, since a critical call must be short. A clone first absorbs this digest's buffered
 * bytes into its state, so they are hashed once however many clones follow.
 *
 * <p>The state crosses only when it holds part of the message. A digest that is new, finished or
 * reset is {@code empty}: its next crossing starts a new message natively instead of reading the
 * array, and finishing never writes the array back. So a reused digest's short message is one
 * crossing that copies no state, as cheap as a native session's, where copying the state in and out
 * of every call cost a 64-byte SHA-256 about a tenth of its time (docs/hybrid.md).
 *
 * <p>Not thread-safe, like the JCA engine that owns it. Misuse gives wrong digests, as SUN's do,
 * never a crash: there is no native object to free under another thread, the native side checks
 * every range and the state's own buffered count, and it works on a copy of the state. A state or
 * buffer that racing threads left inconsistent is refused with an IllegalStateException, and the
 * digest starts over, so it is right again for the next thread that uses it alone.
 */
final class HeapShaDigest extends MessageDigestSpi implements Cloneable {
  /** The most bytes of buffered or of new input one crossing absorbs (sha_critical.cc). */
  static final int STEP = 16 * 1024;

  /**
   * Updates that fit in what is left of this buffer wait for the next crossing. 1 KiB, so that a
   * message up to 1 KiB (a digest(input) call, a TLS handshake message) crosses once, at its
   * finish: copying 1 KiB costs less than a second crossing with the state written back and read
   * again (SHA-256 at 512 B and 1 KiB, 0.86 and 0.91-0.94 of the JDK with 256 bytes here, 0.94 and
   * 0.96-0.98 with 1 KiB; docs/hybrid.md, session 13).
   */
  private static final int BUFFER = 1024;

  private final long functions;
  private final int size;

  /** The message's state, absorbed input only; stale, and never read, while {@code empty}. */
  private byte[] state;

  /**
   * True while nothing of the message has been absorbed into {@code state} (buffered bytes may
   * wait): the native side then starts from a new message's state.
   */
  private boolean empty = true;

  /** Bytes of the message not yet in the state, at buffer[0, pendingLen); null until needed. */
  private byte[] buffer;

  private int pendingLen;

  /**
   * A digest over the SHA functions {@code functions} (DigestNative.snapshotFunctions) with output
   * of {@code size} bytes, with a state as long as {@code initial}, the state of an empty message
   * (DigestNative.initialState).
   */
  HeapShaDigest(long functions, int size, byte[] initial) {
    this.functions = functions;
    this.size = size;
    this.state = initial.clone(); // never read while empty, but a valid state all the same
  }

  @Override
  protected int engineGetDigestLength() {
    return size;
  }

  @Override
  protected void engineUpdate(byte input) {
    if (buffer == null) {
      buffer = new byte[BUFFER];
    } else if (pendingLen == BUFFER) {
      absorb(null, 0, 0);
    }
    buffer[pendingLen++] = input;
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    if (len == 0) {
      return;
    }
    DigestRanges.checkUpdate(input, offset, len);
    if (len <= BUFFER - pendingLen) {
      if (buffer == null) {
        buffer = new byte[BUFFER];
      }
      System.arraycopy(input, offset, buffer, pendingLen, len);
      pendingLen += len;
      return;
    }
    for (int end = offset + len; offset < end; ) {
      int step = Math.min(end - offset, STEP);
      absorb(input, offset, step);
      offset += step;
    }
  }

  /** Absorbs the buffered bytes and then input[offset, offset + len) into the state. */
  private void absorb(byte[] input, int offset, int len) {
    try {
      ShaCalls.update(functions, state, empty, buffer, pendingLen, input, offset, len);
    } catch (IllegalStateException e) {
      engineReset(); // another thread raced this one; what was hashed is lost either way
      throw e;
    }
    pendingLen = 0;
    empty = false;
  }

  @Override
  protected byte[] engineDigest() {
    byte[] out = new byte[size];
    finish(out, 0);
    return out;
  }

  @Override
  protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
    DigestRanges.checkOutput(buf, offset, len, size);
    finish(buf, offset);
    return size;
  }

  private void finish(byte[] out, int offset) {
    try {
      ShaCalls.finish(functions, state, empty, buffer, pendingLen, out, offset);
    } catch (IllegalStateException e) {
      engineReset();
      throw e;
    }
    pendingLen = 0;
    empty = true;
  }

  @Override
  protected void engineReset() {
    pendingLen = 0;
    empty = true;
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    if (pendingLen != 0) {
      absorb(null, 0, 0);
    }
    HeapShaDigest copy = (HeapShaDigest) super.clone();
    copy.state = state.clone();
    copy.buffer = null; // made at the copy's first short update
    return copy;
  }
}
