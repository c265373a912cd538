package dev.carbide.fuzz;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random inputs, and random ways of handing them to an engine, drawn once and replayed on both. */
public final class Inputs {
  private Inputs() {}

  /** How one piece of input reaches the engine. */
  public enum Carrier {
    ARRAY, // inside a larger array, at an offset
    HEAP_BUFFER, // a heap ByteBuffer slice at a position
    DIRECT_BUFFER,
    READ_ONLY_BUFFER,
    SINGLE_BYTE // update(byte), for a piece of one byte
  }

  /** One piece of a split input: its length, its carrier and the offset it sits at. */
  public record Piece(int length, Carrier carrier, int offset) {}

  /** Receives the pieces of an input. */
  public interface Sink {
    void array(byte[] array, int offset, int length) throws Exception;

    void buffer(ByteBuffer buffer) throws Exception;

    void single(byte b) throws Exception;
  }

  /** An update taking part of an array. */
  @FunctionalInterface
  public interface ArrayUpdate {
    void update(byte[] array, int offset, int length) throws Exception;
  }

  /** An update taking a buffer's remaining bytes. */
  @FunctionalInterface
  public interface BufferUpdate {
    void update(ByteBuffer buffer) throws Exception;
  }

  /** An update taking one byte. */
  @FunctionalInterface
  public interface ByteUpdate {
    void update(byte b) throws Exception;
  }

  /** A sink from an engine's three update methods. */
  public static Sink sink(ArrayUpdate array, BufferUpdate buffer, ByteUpdate single) {
    return new Sink() {
      @Override
      public void array(byte[] bytes, int offset, int length) throws Exception {
        array.update(bytes, offset, length);
      }

      @Override
      public void buffer(ByteBuffer bytes) throws Exception {
        buffer.update(bytes);
      }

      @Override
      public void single(byte b) throws Exception {
        single.update(b);
      }
    };
  }

  public static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  /** A length biased to the edges that matter: 0, around block sizes, and a few KiB. */
  public static int length(Random random, int max) {
    return switch (random.nextInt(6)) {
      case 0 -> random.nextInt(4);
      case 1 -> Math.min(max, 16 * random.nextInt(8) + random.nextInt(3) - 1 + 1);
      case 2 -> Math.min(max, 64 * random.nextInt(5) + random.nextInt(3));
      default -> random.nextInt(max + 1);
    };
  }

  /** A random split of {@code total} bytes into pieces, each with a random carrier and offset. */
  public static List<Piece> split(Random random, int total) {
    List<Piece> pieces = new ArrayList<>();
    int pieceCount = random.nextInt(4) == 0 ? 1 : 1 + random.nextInt(6);
    int left = total;
    for (int i = 0; i < pieceCount || left > 0; i++) {
      int length = i >= pieceCount - 1 ? left : random.nextInt(left + 1);
      if (i > 12) {
        length = left;
      }
      Carrier carrier = Carrier.values()[random.nextInt(Carrier.values().length)];
      if (carrier == Carrier.SINGLE_BYTE && length != 1) {
        carrier = Carrier.ARRAY;
      }
      pieces.add(new Piece(length, carrier, random.nextInt(3) == 0 ? 0 : random.nextInt(40)));
      left -= length;
    }
    return pieces;
  }

  /** Hands {@code data} to {@code sink} piece by piece, each in a fresh carrier. */
  public static void feed(List<Piece> pieces, byte[] data, Sink sink) throws Exception {
    int at = 0;
    for (Piece piece : pieces) {
      switch (piece.carrier()) {
        case ARRAY -> {
          byte[] array = new byte[piece.offset() + piece.length() + 7];
          System.arraycopy(data, at, array, piece.offset(), piece.length());
          sink.array(array, piece.offset(), piece.length());
        }
        case SINGLE_BYTE -> sink.single(data[at]);
        default -> sink.buffer(buffer(piece, data, at));
      }
      at += piece.length();
    }
  }

  /** data[at, + piece.length) in the piece's kind of buffer, at its offset as position. */
  public static ByteBuffer buffer(Piece piece, byte[] data, int at) {
    int capacity = piece.offset() + piece.length() + 5;
    ByteBuffer buffer =
        piece.carrier() == Carrier.DIRECT_BUFFER
            ? ByteBuffer.allocateDirect(capacity)
            : ByteBuffer.allocate(capacity);
    buffer.position(piece.offset());
    buffer.put(data, at, piece.length());
    buffer.flip().position(piece.offset());
    return piece.carrier() == Carrier.READ_ONLY_BUFFER ? buffer.asReadOnlyBuffer() : buffer;
  }

  /** Flips, inserts, drops or overwrites a byte of {@code encoding}; says what it did. */
  public static Mutation mutate(Random random, byte[] encoding) {
    int at = random.nextInt(Math.max(1, encoding.length));
    return switch (random.nextInt(6)) {
      case 0 -> {
        byte[] out = encoding.clone();
        int bit = random.nextInt(8);
        out[at] ^= (byte) (1 << bit);
        yield new Mutation(out, "flip bit " + bit + " of byte " + at);
      }
      case 1 -> {
        byte[] out = encoding.clone();
        byte value = (byte) random.nextInt(256);
        out[at] = value;
        yield new Mutation(out, "byte " + at + " := " + (value & 0xff));
      }
      case 2 -> {
        byte[] out = new byte[encoding.length + 1];
        System.arraycopy(encoding, 0, out, 0, at);
        out[at] = (byte) random.nextInt(256);
        System.arraycopy(encoding, at, out, at + 1, encoding.length - at);
        yield new Mutation(out, "insert a byte at " + at);
      }
      case 3 -> {
        byte[] out = new byte[Math.max(0, encoding.length - 1)];
        System.arraycopy(encoding, 0, out, 0, Math.min(at, out.length));
        System.arraycopy(encoding, at + 1, out, at, Math.max(0, encoding.length - at - 1));
        yield new Mutation(out, "drop byte " + at);
      }
      case 4 -> {
        byte[] out = java.util.Arrays.copyOf(encoding, at);
        yield new Mutation(out, "truncate to " + at);
      }
      default -> {
        byte[] out = java.util.Arrays.copyOf(encoding, encoding.length + 1 + random.nextInt(3));
        yield new Mutation(out, "append " + (out.length - encoding.length) + " zero bytes");
      }
    };
  }

  /** A mutated encoding and a description of the change. */
  public record Mutation(byte[] bytes, String what) {}
}
