package dev.carbide.random;

import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * DRBG output held in Java so that a small request costs no JNI crossing: a RAND_bytes call costs
 * about three times what the JDK spends on a 16-byte nextBytes, while one call of a few kilobytes
 * serves hundreds of small requests.
 *
 * <p>The pool is split into stripes, each a buffer with its own lock, and a thread uses the stripe
 * its id selects, so threads rarely wait for one another. Every instance of the SecureRandom shares
 * the pool, so a fresh instance is as cheap as a reused one.
 *
 * <p>Rules that keep it a faithful view of the DRBG's output (docs/security-random.md argues them):
 *
 * <ul>
 *   <li>Every byte is handed out at most once: it is zeroed as it is copied out, under the stripe's
 *       lock, so a byte handed out is also no longer in the buffer.
 *   <li>{@link #discard()} zeroes every stripe, so that output requested after a seed or a reseed
 *       comes from the DRBG after it.
 *   <li>Bytes older than {@code maxAgeNanos} are zeroed unserved, so a buffered byte is never much
 *       staler than one fetched from the DRBG on demand.
 * </ul>
 */
final class RandomPool {
  /** Fills the whole of {@code buffer} with DRBG output. */
  @FunctionalInterface
  interface Source {
    void fill(byte[] buffer);
  }

  private static final class Stripe {
    final byte[] bytes;

    /** bytes[position, length) are unserved; everything before position is zero. */
    int position;

    long filledAt;

    Stripe(int capacity) {
      bytes = new byte[capacity];
      position = capacity;
    }

    void clear() {
      Arrays.fill(bytes, position, bytes.length, (byte) 0);
      position = bytes.length;
    }
  }

  private final Stripe[] stripes;
  private final Source source;
  private final LongSupplier clock;
  private final long maxAgeNanos;

  /**
   * @param stripes the number of stripes, a power of two
   * @param capacity the size of each stripe's buffer, and so of each call to {@code source}
   * @param clock nanoseconds, as {@link System#nanoTime()}
   */
  RandomPool(int stripes, int capacity, Source source, LongSupplier clock, long maxAgeNanos) {
    if (Integer.bitCount(stripes) != 1) {
      throw new IllegalArgumentException("stripes must be a power of two: " + stripes);
    }
    this.stripes = new Stripe[stripes];
    for (int i = 0; i < stripes; i++) {
      this.stripes[i] = new Stripe(capacity);
    }
    this.source = source;
    this.clock = clock;
    this.maxAgeNanos = maxAgeNanos;
  }

  /** Twice the processors as a power of two, at most 64: enough that threads rarely meet. */
  static int defaultStripes() {
    int wanted = Math.min(64, 2 * Runtime.getRuntime().availableProcessors());
    return Integer.highestOneBit(Math.max(1, wanted - 1)) << 1;
  }

  /** Fills out[offset, offset + length) with bytes no other request has received or will. */
  void take(byte[] out, int offset, int length) {
    long thread = Thread.currentThread().getId(); // threadId() is the same number, from Java 19
    Stripe stripe = stripes[(int) thread & (stripes.length - 1)];
    synchronized (stripe) {
      if (stripe.position < stripe.bytes.length
          && clock.getAsLong() - stripe.filledAt > maxAgeNanos) {
        stripe.clear();
      }
      int done = 0;
      while (done < length) {
        if (stripe.position == stripe.bytes.length) {
          refill(stripe);
        }
        int n = Math.min(length - done, stripe.bytes.length - stripe.position);
        System.arraycopy(stripe.bytes, stripe.position, out, offset + done, n);
        Arrays.fill(stripe.bytes, stripe.position, stripe.position + n, (byte) 0);
        stripe.position += n;
        done += n;
      }
    }
  }

  private void refill(Stripe stripe) {
    try {
      source.fill(stripe.bytes);
    } catch (RuntimeException | Error e) {
      Arrays.fill(stripe.bytes, (byte) 0); // a failed fill may have written part of its output
      throw e;
    }
    stripe.position = 0;
    stripe.filledAt = clock.getAsLong();
  }

  /**
   * Zeroes every unserved byte. Each stripe is cleared under its lock, so a refill that was running
   * when this was called is cleared too, and every byte handed out after this returns was produced
   * after it was called.
   */
  void discard() {
    for (Stripe stripe : stripes) {
      synchronized (stripe) {
        stripe.clear();
      }
    }
  }
}
