package dev.carbide.ssl;

import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.net.ssl.SSLException;

/**
 * How an engine's {@code wrap} and {@code unwrap} hand the caller's buffers to the record natives
 * ({@link TlsNative#feed}, {@code take}, {@code read}, {@code write}): a direct buffer by its
 * address, a heap buffer by its array (pinned for the native call), so records and plaintext travel
 * between OpenSSL and the caller's memory with no Java array allocated and no copy in between. Only
 * what the natives cannot reach goes through one staging array, kept per engine: a read-only heap
 * buffer (its array is hidden) and plaintext spread over several source buffers (one record is made
 * of it, as SunJSSE makes one). Once the handshake is complete, a record whose buffers allow it
 * goes through one call ({@link #seal}, {@link #open}) in which libssl writes it into, or reads it
 * from, the caller's buffer itself rather than the engine's queue; between two heap buffers on Java
 * 22 and later that call is a critical downcall ({@link TlsCalls}), with no pinning. Used under the
 * engine's lock.
 */
final class RecordBuffers {
  // Allocated on first need; plaintext in it is cleansed after each use.
  private byte[] staging;

  /** Feeds the {@code len} bytes at {@code src}'s position to the engine and moves past them. */
  void feed(long engine, ByteBuffer src, int len) throws SSLException {
    int at = src.position();
    if (src.isDirect()) {
      TlsNative.feed(engine, null, src, at, len);
    } else if (src.hasArray()) {
      TlsNative.feed(engine, src.array(), null, src.arrayOffset() + at, len);
    } else {
      byte[] copy = staging(len);
      src.get(at, copy, 0, len);
      TlsNative.feed(engine, copy, null, 0, len); // records are ciphertext: nothing to cleanse
    }
    src.position(at + len);
  }

  /** Moves up to {@code max} bytes of queued records into {@code dst}; returns how many. */
  int take(long engine, ByteBuffer dst, int max) {
    int at = dst.position();
    int n =
        dst.isDirect()
            ? TlsNative.take(engine, null, dst, at, max)
            : TlsNative.take(engine, dst.array(), null, dst.arrayOffset() + at, max);
    dst.position(at + n);
    return n;
  }

  /**
   * Encrypts the next {@code n} bytes of {@code srcs} (which hold at least that many) into one
   * record, and moves the sources past them.
   */
  void write(long engine, ByteBuffer[] srcs, int offset, int length, int n) throws SSLException {
    ByteBuffer first = firstWithRemaining(srcs, offset, length);
    if (first != null && first.remaining() >= n && (first.isDirect() || first.hasArray())) {
      int at = first.position();
      if (first.isDirect()) {
        TlsNative.write(engine, null, first, at, n);
      } else {
        TlsNative.write(engine, first.array(), null, first.arrayOffset() + at, n);
      }
      first.position(at + n);
      return;
    }
    byte[] plaintext = staging(n);
    try {
      int at = 0;
      for (int i = offset; i < offset + length && at < n; i++) {
        int k = Math.min(srcs[i].remaining(), n - at);
        srcs[i].get(plaintext, at, k);
        at += k;
      }
      TlsNative.write(engine, plaintext, null, 0, n);
    } finally {
      Arrays.fill(plaintext, 0, n, (byte) 0);
    }
  }

  /** {@link #open}'s answer when the buffers need the general path (feed, then read). */
  static final int NOT_OPENED = Integer.MIN_VALUE;

  /**
   * Decrypts the whole record of {@code recordLength} bytes at {@code src}'s position into the
   * first of {@code dsts} with room, in one native call that reads the record where it lies, and
   * moves both buffers past what was used: the bytes produced, 0 for a record without application
   * data, -1 for close_notify. {@link #NOT_OPENED}, having done nothing, unless {@code src} and
   * that destination are reachable by address or array and the destination has room for any
   * plaintext the record can carry.
   */
  int open(long engine, ByteBuffer src, int recordLength, ByteBuffer[] dsts, int offset, int length)
      throws SSLException {
    ByteBuffer dst = firstWithRemaining(dsts, offset, length);
    if (dst == null
        || dst.remaining() < Math.min(recordLength - 5, CarbideSslEngine.MAX_PLAINTEXT)
        || !reachable(src)
        || !reachable(dst)) {
      return NOT_OPENED;
    }
    int from = src.position();
    int at = dst.position();
    int n = oneRecord(true, engine, src, recordLength, dst);
    src.position(from + recordLength);
    if (n > 0) {
      dst.position(at + n);
    }
    return n;
  }

  /**
   * Encrypts the next {@code n} bytes of {@code srcs} into a record written straight into {@code
   * dst}, in one native call, and moves the buffers past what was used: the bytes of records placed
   * in {@code dst} (anything that did not fit stays pending). -1, having done nothing, unless the
   * first source with bytes holds all {@code n} and both buffers are reachable by address or array.
   */
  int seal(long engine, ByteBuffer[] srcs, int offset, int length, int n, ByteBuffer dst)
      throws SSLException {
    ByteBuffer src = firstWithRemaining(srcs, offset, length);
    if (src == null || src.remaining() < n || !reachable(src) || !reachable(dst)) {
      return -1;
    }
    int from = src.position();
    int at = dst.position();
    int produced = oneRecord(false, engine, src, n, dst);
    src.position(from + n);
    dst.position(at + produced);
    return produced;
  }

  /** The first of {@code buffers[offset..offset+length)} with bytes remaining, or null. */
  private static ByteBuffer firstWithRemaining(ByteBuffer[] buffers, int offset, int length) {
    for (int i = offset; i < offset + length; i++) {
      if (buffers[i].hasRemaining()) {
        return buffers[i];
      }
    }
    return null;
  }

  /**
   * {@link TlsNative#open} ({@code open}) or {@link TlsNative#seal} of the {@code len} bytes at
   * {@code src}'s position into {@code dst}'s room, neither buffer moved. Between two heap buffers
   * on Java 22 and later by a critical downcall ({@link TlsCalls}), which reads and writes the
   * arrays where they lie with no pinning; otherwise by JNI, which needs no pinning for a direct
   * buffer.
   */
  private static int oneRecord(boolean open, long engine, ByteBuffer src, int len, ByteBuffer dst)
      throws SSLException {
    int from = src.position();
    int at = dst.position();
    if (TlsCalls.critical() && !src.isDirect() && !dst.isDirect()) {
      byte[] in = src.array();
      byte[] out = dst.array();
      int inOff = src.arrayOffset() + from;
      int outOff = dst.arrayOffset() + at;
      return open
          ? TlsCalls.open(engine, in, inOff, len, out, outOff, dst.remaining())
          : TlsCalls.seal(engine, in, inOff, len, out, outOff, dst.remaining());
    }
    byte[] in = src.isDirect() ? null : src.array();
    ByteBuffer inDirect = src.isDirect() ? src : null;
    int inOff = src.isDirect() ? from : src.arrayOffset() + from;
    byte[] out = dst.isDirect() ? null : dst.array();
    ByteBuffer outDirect = dst.isDirect() ? dst : null;
    int outOff = dst.isDirect() ? at : dst.arrayOffset() + at;
    return open
        ? TlsNative.open(engine, in, inDirect, inOff, len, out, outDirect, outOff, dst.remaining())
        : TlsNative.seal(engine, in, inDirect, inOff, len, out, outDirect, outOff, dst.remaining());
  }

  /** Whether the natives can reach the buffer's bytes: by address, or by its (writable) array. */
  private static boolean reachable(ByteBuffer buffer) {
    return buffer.isDirect() || buffer.hasArray();
  }

  /**
   * Decrypts the record fed last into {@code dsts}, in order, and moves them past what was written:
   * the bytes produced, 0 for a record without application data, -1 for close_notify. The caller
   * has checked that the buffers hold the record's plaintext.
   */
  int read(long engine, ByteBuffer[] dsts, int offset, int length) throws SSLException {
    int produced = 0;
    boolean asked = false;
    for (int i = offset; i < offset + length; i++) {
      ByteBuffer dst = dsts[i];
      int room = dst.remaining();
      if (room == 0) {
        continue;
      }
      asked = true;
      int at = dst.position();
      int n =
          dst.isDirect()
              ? TlsNative.read(engine, null, dst, at, room)
              : TlsNative.read(engine, dst.array(), null, dst.arrayOffset() + at, room);
      if (n <= 0) {
        return produced > 0 ? produced : n;
      }
      dst.position(at + n);
      produced += n;
      if (n < room) {
        return produced; // the record is used up
      }
    }
    if (asked) {
      return produced;
    }
    // No room at all: the record still has to be processed (an empty record, say); the caller's
    // room check lets through only records whose plaintext is empty, so nothing is dropped here.
    byte[] none = staging(1);
    int n = TlsNative.read(engine, none, null, 0, 1);
    none[0] = 0;
    return Math.min(n, 0);
  }

  private byte[] staging(int len) {
    if (staging == null || staging.length < len) {
      staging = new byte[Math.max(len, CarbideSslEngine.PACKET_BUFFER_SIZE)];
    }
    return staging;
  }

  /**
   * The whole record at the front of {@code src} (header included), or -1 if its header is short.
   */
  static int recordLength(ByteBuffer src) throws SSLException {
    if (src.remaining() < 5) {
      return -1;
    }
    int at = src.position();
    int type = src.get(at) & 0xff;
    int major = src.get(at + 1) & 0xff;
    if (type < 20 || type > 24 || major != 3) {
      throw new SSLException("Unsupported or unrecognized SSL message");
    }
    int length = ((src.get(at + 3) & 0xff) << 8) | (src.get(at + 4) & 0xff);
    if (length > CarbideSslEngine.PACKET_BUFFER_SIZE - 5) {
      throw new SSLException("The size of the TLS record exceeds its limit: " + length);
    }
    return 5 + length;
  }

  /** The checks SunJSSE makes of an array of buffers and its range. */
  static void checkBuffers(ByteBuffer[] buffers, int offset, int length) {
    if (buffers == null) {
      throw new IllegalArgumentException("buffers is null");
    }
    if (offset < 0 || length < 0 || offset > buffers.length - length) {
      throw new IndexOutOfBoundsException();
    }
    for (int i = offset; i < offset + length; i++) {
      if (buffers[i] == null) {
        throw new IllegalArgumentException("a buffer is null");
      }
    }
  }

  /** The bytes remaining in {@code buffers[offset..offset+length)}, at most Integer.MAX_VALUE. */
  static int remaining(ByteBuffer[] buffers, int offset, int length) {
    long total = 0;
    for (int i = offset; i < offset + length; i++) {
      total += buffers[i].remaining();
    }
    return (int) Math.min(total, Integer.MAX_VALUE);
  }
}
