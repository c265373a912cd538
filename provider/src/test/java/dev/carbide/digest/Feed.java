package dev.carbide.digest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Random;

/**
 * The ways a message can reach {@link MessageDigest#update}: each is a different path through the
 * SPI (Java-side buffering, array pinning, heap and direct buffers). A message is split into random
 * chunks, some tiny, some around the SPI's 1024-byte buffer, some large.
 */
enum Feed {
  /** update(byte[], offset, length) from the middle of a larger array. */
  ARRAYS,
  /** update(byte), one byte at a time. */
  SINGLE_BYTES,
  /** Heap ByteBuffer slices with a non-zero arrayOffset and a non-zero position. */
  HEAP_BUFFERS,
  DIRECT_BUFFERS,
  READ_ONLY_HEAP_BUFFERS,
  READ_ONLY_DIRECT_BUFFERS,
  /** Each chunk through a randomly chosen one of the feeds above. */
  MIXED;

  /** Space around the message in the arrays and buffers, so offsets are never zero. */
  private static final int PAD = 13;

  /** Feeds message[from, to) to {@code digest} in random chunks. */
  void feed(MessageDigest digest, byte[] message, int from, int to, Random random) {
    Source source = new Source(message);
    for (int position = from; position < to; ) {
      int length = chunkLength(random, to - position);
      pick(random).feedChunk(digest, source, position, length);
      position += length;
    }
    if (from == to && random.nextBoolean()) {
      pick(random).feedChunk(digest, source, from, 0); // an empty update must change nothing
    }
  }

  private Feed pick(Random random) {
    return this == MIXED ? values()[random.nextInt(MIXED.ordinal())] : this;
  }

  /** Feeds the whole message. */
  void feed(MessageDigest digest, byte[] message, Random random) {
    feed(digest, message, 0, message.length, random);
  }

  private static int chunkLength(Random random, int remaining) {
    int length;
    switch (random.nextInt(5)) {
      case 0:
        length = random.nextInt(9); // may be empty
        break;
      case 1:
        length = random.nextInt(200);
        break;
      case 2:
        length = 1000 + random.nextInt(100); // around the SPI's buffer
        break;
      case 3:
        length = random.nextInt(70_000);
        break;
      default:
        length = remaining;
    }
    return Math.min(length, remaining);
  }

  private void feedChunk(MessageDigest digest, Source source, int position, int length) {
    switch (this) {
      case ARRAYS:
        digest.update(source.array, PAD + position, length);
        return;
      case SINGLE_BYTES:
        for (int i = 0; i < length; i++) {
          digest.update(source.array[PAD + position + i]);
        }
        return;
      case HEAP_BUFFERS:
        update(digest, source.heap(), position, length);
        return;
      case DIRECT_BUFFERS:
        update(digest, source.direct(), position, length);
        return;
      case READ_ONLY_HEAP_BUFFERS:
        update(digest, source.heap().asReadOnlyBuffer(), position, length);
        return;
      case READ_ONLY_DIRECT_BUFFERS:
        update(digest, source.direct().asReadOnlyBuffer(), position, length);
        return;
      default:
        throw new AssertionError(this);
    }
  }

  /** Updates from buffer[position, position + length) and checks that all of it was consumed. */
  private static void update(MessageDigest digest, ByteBuffer buffer, int position, int length) {
    buffer.limit(position + length).position(position);
    digest.update(buffer);
    assertEquals(buffer.limit(), buffer.position(), "update(ByteBuffer) must consume the buffer");
  }

  /** The message laid out once per feed in an array and, on demand, in heap and direct buffers. */
  private static final class Source {
    final byte[] array;
    private ByteBuffer heap;
    private ByteBuffer direct;

    Source(byte[] message) {
      array = new byte[PAD + message.length + PAD];
      System.arraycopy(message, 0, array, PAD, message.length);
    }

    /** A view whose index 0 is the message's first byte and whose arrayOffset is PAD. */
    ByteBuffer heap() {
      if (heap == null) {
        heap = ByteBuffer.wrap(array).position(PAD).slice();
      }
      return heap.duplicate();
    }

    /** A slice of a larger direct buffer whose index 0 is the message's first byte. */
    ByteBuffer direct() {
      if (direct == null) {
        direct = ByteBuffer.allocateDirect(array.length).put(array).position(PAD).slice();
      }
      return direct.duplicate();
    }
  }
}
