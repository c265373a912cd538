package dev.carbide.internal;

import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Accounts for the native memory held by objects registered with {@link NativeCleaner}, and prompts
 * a collection when too much of it may be waiting for one.
 *
 * <p>A Carbide key or engine is a few hundred bytes of heap over a few kilobytes of native memory,
 * so the collector, which sees only the heap, has no reason to run while dropped keys pile up: a
 * loop making EC key pairs with a 64 MB heap reached over 600 MB of resident memory before a young
 * collection came. As the JDK does for direct buffers (java.nio.Bits), each registration adds its
 * estimated size ({@link NativeFootprint}) to a running total and each release takes it off; past
 * the limit, a daemon thread runs {@code System.gc()}, after which the Cleaner frees what became
 * unreachable. That thread then pauses for nine times the collection's length (at least 100 ms)
 * before it may run another, so the collections it adds take at most a tenth of the time. The
 * allocating thread only adds to the total and, past the limit, wakes that thread: it never waits.
 *
 * <p>If live objects alone hold near the limit, prompting a collection each time would free little,
 * so the next cycle waits until the total doubles what survived the last one (the least total seen
 * since it began).
 */
public final class NativeMemory {
  /** The setting that sets the limit: bytes, or with a suffix k, m or g; 0 turns prompting off. */
  public static final String LIMIT_PROPERTY = "carbide.native.memoryLimit";

  static final long DEFAULT_LIMIT = 64L << 20;

  private static final long LIMIT = configuredLimit();

  private static final AtomicLong RESERVED = new AtomicLong();
  private static final AtomicBoolean CYCLE_REQUESTED = new AtomicBoolean();
  private static final AtomicLong CYCLES = new AtomicLong();

  /** The total past which a cycle starts: the limit, or twice what survived the last cycle. */
  private static volatile long threshold = LIMIT == 0 ? Long.MAX_VALUE : LIMIT;

  /** The least total seen since the last cycle began (0 before the first). */
  private static final AtomicLong LOW_WATER = new AtomicLong();

  /** The shortest pause between two cycles. */
  private static final long MIN_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  /** The longest pause between two cycles. */
  private static final long MAX_PAUSE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private NativeMemory() {}

  /** Accounts for {@code bytes} of new native memory; wakes the reclaimer past the threshold. */
  static void reserve(long bytes) {
    if (bytes != 0 && RESERVED.addAndGet(bytes) > threshold) {
      if (CYCLE_REQUESTED.compareAndSet(false, true)) {
        LockSupport.unpark(Reclaimer.THREAD);
      }
    }
  }

  /** Accounts for {@code bytes} of native memory freed. */
  static void release(long bytes) {
    if (bytes != 0) {
      long total = RESERVED.addAndGet(-bytes);
      if (total < LOW_WATER.get()) {
        LOW_WATER.accumulateAndGet(total, Math::min);
      }
    }
  }

  /** The estimated native bytes held by registered objects not yet freed. */
  public static long reserved() {
    return RESERVED.get();
  }

  /** The configured limit in bytes; 0 when prompting is off. */
  public static long limit() {
    return LIMIT;
  }

  /** How many collections this class has prompted. */
  public static long cycles() {
    return CYCLES.get();
  }

  /** The thread that runs the cycles, started on the first one. */
  private static final class Reclaimer {
    static final Thread THREAD = start();

    private static Thread start() {
      Thread thread = new Thread(NativeMemory::reclaimForever, "carbide-native-reclaimer");
      thread.setDaemon(true);
      thread.setContextClassLoader(null);
      thread.start();
      return thread;
    }
  }

  private static void reclaimForever() {
    while (true) {
      while (!CYCLE_REQUESTED.get()) {
        LockSupport.park(NativeMemory.class);
      }
      // The least total since the last cycle began is about what survived it: if live objects
      // alone came near the limit, let the total double that before the next cycle.
      long survived = LOW_WATER.getAndSet(RESERVED.get());
      threshold = Math.max(LIMIT, survived > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * survived);
      long start = System.nanoTime();
      System.gc();
      long collection = System.nanoTime() - start;
      CYCLES.incrementAndGet();
      // The pause also gives the Cleaner time to free what the collection found unreachable.
      pause(Math.max(MIN_PAUSE_NANOS, Math.min(MAX_PAUSE_NANOS, 9 * collection)));
      CYCLE_REQUESTED.set(false);
      if (RESERVED.get() > threshold) {
        // Allocations during the pause found a cycle still requested; start the next one for them.
        CYCLE_REQUESTED.set(true);
      }
    }
  }

  /** Sleeps for {@code nanos}; parkNanos alone may return early (an unpark's permit, or none). */
  private static void pause(long nanos) {
    long end = System.nanoTime() + nanos;
    for (long left = nanos; left > 0; left = end - System.nanoTime()) {
      LockSupport.parkNanos(NativeMemory.class, left);
    }
  }

  private static long configuredLimit() {
    String value = Config.get(LIMIT_PROPERTY);
    if (value == null) {
      return DEFAULT_LIMIT;
    }
    try {
      return parseSize(value);
    } catch (IllegalArgumentException e) {
      Config.logger()
          .log(
              Level.WARNING,
              LIMIT_PROPERTY + "=" + value + " is not a size (" + e.getMessage() + "); using 64m");
      return DEFAULT_LIMIT;
    }
  }

  /** Parses a size as -Xmx does: a byte count, or a number followed by k, m or g (any case). */
  static long parseSize(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    int shift =
        switch (text.isEmpty() ? ' ' : text.charAt(text.length() - 1)) {
          case 'k' -> 10;
          case 'm' -> 20;
          case 'g' -> 30;
          default -> 0;
        };
    String digits = shift == 0 ? text : text.substring(0, text.length() - 1);
    long number;
    try {
      number = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected bytes or a number with k, m or g");
    }
    if (number < 0 || number > (Long.MAX_VALUE >> shift)) {
      throw new IllegalArgumentException("out of range");
    }
    return number << shift;
  }
}
