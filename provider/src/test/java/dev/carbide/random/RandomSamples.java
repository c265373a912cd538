package dev.carbide.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;

/** Checks shared by the SecureRandom tests. */
final class RandomSamples {
  private RandomSamples() {}

  /** A call that may throw anything. */
  @FunctionalInterface
  interface Call {
    void run() throws Exception;
  }

  /**
   * True if every 64-byte block of {@code bytes} holds a non-zero byte: output left unwritten stays
   * zero, while 64 random zero bytes in a row do not happen.
   */
  static boolean everyBlockWritten(byte[] bytes) {
    // Every block is a whole 64 bytes: the last one ends at the end of the array and may overlap
    // the one before it, so that a short tail never stands alone (a 1-byte tail is zero once in
    // 256 runs by chance, 64 random bytes practically never).
    for (int at = 0; at < bytes.length; at += 64) {
      int start = Math.max(0, Math.min(at, bytes.length - 64));
      boolean written = false;
      for (int i = start; i < Math.min(start + 64, bytes.length); i++) {
        written |= bytes[i] != 0;
      }
      if (!written) {
        return false;
      }
    }
    return true;
  }

  /** Asserts that both calls throw, and throw the same exception class. */
  static void assertSameThrow(Call reference, Call underTest) {
    Exception expected = thrownBy(reference);
    Exception actual = thrownBy(underTest);
    if (expected == null || actual == null) {
      fail("expected both to throw: reference " + expected + ", under test " + actual);
    }
    assertEquals(expected.getClass(), actual.getClass(), "reference threw " + expected);
  }

  private static Exception thrownBy(Call call) {
    try {
      call.run();
      return null;
    } catch (Exception e) {
      return e;
    }
  }

  /**
   * Every 16-byte block ever added, asserting that none repeats: among random 128-bit values a
   * repeat never happens, so one means the same output was handed out twice.
   */
  static final class Blocks {
    private record Block(long high, long low) {}

    private final Set<Block> seen = new HashSet<>();

    /** Adds each whole 16-byte block of {@code bytes}. */
    void addAll(byte[] bytes) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.remaining() >= 16) {
        Block block = new Block(buffer.getLong(), buffer.getLong());
        assertTrue(seen.add(block), "repeated 16-byte block " + block);
      }
    }

    int count() {
      return seen.size();
    }
  }
}
