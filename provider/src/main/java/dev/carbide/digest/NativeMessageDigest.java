package dev.carbide.digest;

import dev.carbide.internal.MessageSession;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * A MessageDigest over one reusable native context: SUN's range checks here, the buffering and the
 * crossings in {@link MessageSession}. A short message costs one JNI crossing with primitive
 * arguments, and {@code update(byte)} costs none.
 *
 * <p>A clone of a digest on the SHA shortcut (SHA-1, SHA-2 and MD5 outside FIPS mode) holds a
 * snapshot of the state in a Java array instead of a native session: SunJSSE clones its transcript
 * hash at every point it reads it and finishes the clone at once, and a whole session (allocation,
 * Cleaner, later free) cost ten times the JDK's clone. The clone makes its session at its first
 * update.
 *
 * <p>On Java 22 and later, SHA-1, SHA-2 and MD5 outside FIPS mode are {@link HeapShaDigest}s
 * instead, with no native session at all; this class serves them on Java 17 to 21.
 */
final class NativeMessageDigest extends MessageDigestSpi implements Cloneable {
  private final long md;
  private final int size;

  /** DigestNative.snapshotFunctions(md): 0 when the state cannot be snapshot. */
  private final long snapshots;

  /** The native session, or null in a clone until it needs one (then the message is snapshot). */
  private MessageSession session;

  /**
   * The message so far as an immutable snapshot of the state, when session is null; null with a
   * null session too means an empty message.
   */
  private byte[] snapshot;

  NativeMessageDigest(long md, int size, long snapshots) {
    this.md = md;
    this.size = size;
    this.snapshots = snapshots;
    this.session = new MessageSession(DigestNative.newSession(md, size));
  }

  private MessageSession session() {
    MessageSession current = session;
    return current != null ? current : newSession();
  }

  private MessageSession newSession() {
    MessageSession created = new MessageSession(DigestNative.newSession(md, size));
    byte[] state = snapshot;
    if (state != null) {
      created.resume(handle -> DigestNative.restore(handle, state));
      snapshot = null;
    }
    session = created;
    return created;
  }

  @Override
  protected int engineGetDigestLength() {
    return size;
  }

  @Override
  protected void engineUpdate(byte input) {
    session().update(input);
  }

  @Override
  protected void engineUpdate(byte[] input, int offset, int len) {
    if (len == 0) {
      return;
    }
    DigestRanges.checkUpdate(input, offset, len);
    session().update(input, offset, len);
  }

  @Override
  protected void engineUpdate(ByteBuffer input) {
    session().update(input);
  }

  @Override
  protected byte[] engineDigest() {
    byte[] state = snapshot;
    if (state != null) {
      byte[] out = new byte[size];
      finishSnapshot(state, out, 0);
      return out;
    }
    return session().finish(size);
  }

  @Override
  protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
    DigestRanges.checkOutput(buf, offset, len, size);
    byte[] state = snapshot;
    if (state != null) {
      finishSnapshot(state, buf, offset);
    } else {
      session().finish(buf, offset, size);
    }
    return size;
  }

  /**
   * Finishes the snapshot's message; this digest then holds an empty one, still without session.
   */
  private void finishSnapshot(byte[] state, byte[] out, int offset) {
    DigestNative.finishSnapshot(snapshots, state, out, offset);
    snapshot = null;
  }

  @Override
  protected void engineReset() {
    snapshot = null;
    if (session != null) {
      session.reset();
    }
  }

  @Override
  public Object clone() throws CloneNotSupportedException {
    NativeMessageDigest copy = (NativeMessageDigest) super.clone();
    if (session != null) {
      if (snapshots != 0) {
        copy.session = null;
        copy.snapshot = session.flushAndRead(DigestNative::snapshot);
      } else {
        copy.session = session.copy();
      }
    } // else the copy shares this one's snapshot, which nothing changes, or its empty message
    return copy;
  }
}
