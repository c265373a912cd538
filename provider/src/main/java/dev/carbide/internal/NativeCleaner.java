package dev.carbide.internal;

import java.lang.ref.Cleaner;
import java.util.function.LongConsumer;

/**
 * Frees native objects when their Java owner becomes unreachable. Owners keep themselves reachable
 * across each native call with {@code Reference.reachabilityFence}, so a context is never freed in
 * the middle of a call. Each registration is accounted in {@link NativeMemory}, which prompts a
 * collection when too much native memory may be waiting for one.
 */
public final class NativeCleaner {
  private static final Cleaner CLEANER = Cleaner.create();

  private NativeCleaner() {}

  /**
   * Arranges for {@code free.accept(handle)} to run once {@code owner} is unreachable, or when the
   * returned Cleanable is cleaned, whichever is first. {@code footprint} says what the handle holds
   * in native memory.
   */
  public static Cleaner.Cleanable register(
      Object owner, long handle, LongConsumer free, NativeFootprint footprint) {
    return register(owner, handle, free, footprint.bytes());
  }

  /**
   * As {@link #register(Object, long, LongConsumer, NativeFootprint)}, for an object whose native
   * size depends on its parameters (a key, whose figure comes from a table by family and size).
   */
  public static Cleaner.Cleanable register(
      Object owner, long handle, LongConsumer free, long bytes) {
    // The action must not capture the owner, or the owner would never become unreachable.
    Cleaner.Cleanable cleanable =
        CLEANER.register(
            owner,
            () -> {
              try {
                free.accept(handle);
              } finally {
                NativeMemory.release(bytes);
              }
            });
    NativeMemory.reserve(bytes);
    return cleanable;
  }
}
