package dev.carbide.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.Random;
import javax.crypto.Mac;

/**
 * Feeds a message to an engine in random pieces, each through a randomly chosen update form:
 * arrays, single bytes, and heap, direct and read-only ByteBuffers at nonzero offsets. Pieces are
 * mostly short (they stay in a provider's Java buffer) with some long enough to cross a pinned
 * chunk.
 */
public final class RandomFeeds {
  private RandomFeeds() {}

  /** The update forms that Mac, MessageDigest and Signature share. */
  public interface Sink {
    void update(byte input) throws Exception;

    void update(byte[] input, int offset, int length) throws Exception;

    void update(ByteBuffer input) throws Exception;
  }

  public static Sink of(Mac mac) {
    return new Sink() {
      @Override
      public void update(byte input) {
        mac.update(input);
      }

      @Override
      public void update(byte[] input, int offset, int length) {
        mac.update(input, offset, length);
      }

      @Override
      public void update(ByteBuffer input) {
        mac.update(input);
      }
    };
  }

  public static void feed(Sink sink, byte[] message, Random random) throws Exception {
    int position = 0;
    while (position < message.length) {
      int length = Math.min(message.length - position, pieceLength(random));
      switch (random.nextInt(7)) {
        case 0 -> sink.update(message, position, length);
        case 1 -> {
          length = Math.min(length, 200);
          for (int i = 0; i < length; i++) {
            sink.update(message[position + i]);
          }
        }
        case 2 -> update(sink, heap(message, position, length, random));
        case 3 -> update(sink, heap(message, position, length, random).asReadOnlyBuffer());
        case 4 -> update(sink, direct(message, position, length, random));
        case 5 -> update(sink, direct(message, position, length, random).asReadOnlyBuffer());
        default -> {
          byte[] copy = new byte[length];
          System.arraycopy(message, position, copy, 0, length);
          sink.update(copy, 0, length);
        }
      }
      position += length;
    }
  }

  private static int pieceLength(Random random) {
    return switch (random.nextInt(10)) {
      case 0 -> random.nextInt(300_000);
      case 1, 2 -> random.nextInt(5000);
      default -> random.nextInt(200);
    };
  }

  private static void update(Sink sink, ByteBuffer buffer) throws Exception {
    int limit = buffer.limit();
    sink.update(buffer);
    assertEquals(limit, buffer.position(), "update(ByteBuffer) consumes the buffer");
    assertEquals(limit, buffer.limit());
  }

  /** A heap buffer whose array has bytes before and after the piece. */
  private static ByteBuffer heap(byte[] message, int position, int length, Random random) {
    int before = random.nextInt(9);
    byte[] array = new byte[before + length + random.nextInt(9)];
    System.arraycopy(message, position, array, before, length);
    return ByteBuffer.wrap(array, before, length).slice();
  }

  /** A direct buffer whose piece starts at a nonzero position. */
  private static ByteBuffer direct(byte[] message, int position, int length, Random random) {
    int before = random.nextInt(9);
    ByteBuffer buffer = ByteBuffer.allocateDirect(before + length + random.nextInt(9));
    buffer.position(before);
    buffer.put(message, position, length);
    buffer.limit(before + length).position(before);
    return buffer;
  }
}
