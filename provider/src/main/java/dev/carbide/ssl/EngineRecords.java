package dev.carbide.ssl;

import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;

/**
 * The record path of a {@link CarbideSslEngine}: what {@code wrap} does once any handshake step has
 * run (seal the next record of plaintext, then hand out the records the native engine queued) and
 * what {@code unwrap} does with a whole record (open it straight into the caller's buffers, or feed
 * it and read what it carried), with what a read leaves behind (a TLS 1.3 ticket taken in). The
 * buffers travel as {@link RecordBuffers} hands them to the natives. The engine keeps its state
 * (closed, failed, the handshake) and calls these under its lock; {@link #consumed}, {@link
 * #produced} and {@link #pending} are what the last {@link #wrap} left, read by the engine right
 * after it.
 */
final class EngineRecords {
  /** A read's answer for the peer's close_notify. */
  static final int PEER_CLOSED = -1;

  // What a record adds to its plaintext at most with the suites OpenSSL enables: header, explicit
  // IV or content type, tag or MAC and padding.
  private static final int RECORD_OVERHEAD = 5 + 16 + 48 + 16;

  private final RecordBuffers buffers = new RecordBuffers();
  private final CarbideSslContext context;
  private final CarbideSslSession session;

  /**
   * Set by {@link #wrap}: plaintext bytes consumed, record bytes produced, records still queued.
   */
  int consumed;

  int produced;
  int pending;

  EngineRecords(CarbideSslContext context, CarbideSslSession session) {
    this.context = context;
    this.session = session;
  }

  /**
   * wrap's records: with {@code seal} (the handshake is complete and the engine open) and nothing
   * queued, the next record of {@code srcs} (at most 16 KiB of plaintext) is sealed, straight into
   * {@code dst} when the buffers allow it, else into the engine's queue; then queued records move
   * into {@code dst}. Returns BUFFER_OVERFLOW when {@code dst} has no room for the next record
   * (having sealed nothing, or taken nothing of the queue), else OK.
   */
  Status wrap(long engine, boolean seal, ByteBuffer[] srcs, int offset, int length, ByteBuffer dst)
      throws SSLException {
    consumed = 0;
    produced = 0;
    pending = engine == 0 ? 0 : TlsNative.pending(engine);
    if (seal && pending == 0) {
      int available = RecordBuffers.remaining(srcs, offset, length);
      int n =
          Math.min(
              Math.min(available, CarbideSslEngine.MAX_PLAINTEXT),
              dst.remaining() - RECORD_OVERHEAD);
      if (n <= 0 && available > 0) {
        return Status.BUFFER_OVERFLOW;
      }
      if (n > 0) {
        int sealed = buffers.seal(engine, srcs, offset, length, n, dst);
        if (sealed < 0) {
          buffers.write(engine, srcs, offset, length, n);
        } else {
          produced = sealed;
        }
        consumed = n;
        pending = TlsNative.pending(engine); // what did not fit dst waits in the queue
      }
    }
    if (pending > 0
        && produced == 0
        && dst.remaining() < Math.min(pending, CarbideSslEngine.PACKET_BUFFER_SIZE)) {
      return Status.BUFFER_OVERFLOW;
    }
    if (pending > 0 && dst.hasRemaining()) {
      int taken = buffers.take(engine, dst, Math.min(pending, dst.remaining()));
      produced += taken;
      pending -= taken;
    }
    return Status.OK;
  }

  /** Feeds the {@code len} bytes at {@code src}'s position to the engine and moves past them. */
  void feed(long engine, ByteBuffer src, int len) throws SSLException {
    buffers.feed(engine, src, len);
  }

  /**
   * The record of {@code recordLength} bytes at {@code src}'s front decrypted into {@code dsts} in
   * one native call ({@link RecordBuffers#open}): the bytes produced, 0 for a record without
   * application data, {@link #PEER_CLOSED}, or {@link RecordBuffers#NOT_OPENED} (nothing done) when
   * the buffers need the general path (feed, then read).
   */
  int open(
      long engine,
      boolean client,
      ByteBuffer src,
      int recordLength,
      ByteBuffer[] dsts,
      int offset,
      int length)
      throws SSLException {
    int n = buffers.open(engine, src, recordLength, dsts, offset, length);
    return n == RecordBuffers.NOT_OPENED ? n : afterRead(engine, client, n);
  }

  /**
   * Decrypts the record fed last into {@code dsts}: the bytes produced, 0 for a record without
   * application data, or {@link #PEER_CLOSED}.
   */
  int read(long engine, boolean client, ByteBuffer[] dsts, int offset, int length)
      throws SSLException {
    return afterRead(engine, client, buffers.read(engine, dsts, offset, length));
  }

  // A record without application data may have been a TLS 1.3 ticket for a client to keep.
  private int afterRead(long engine, boolean client, int n) {
    if (n == 0 && client) {
      Resumption.recordRead(context, session, engine);
    }
    return n < 0 ? PEER_CLOSED : n;
  }
}
