package dev.carbide.internal;

import java.lang.ref.Cleaner;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The main class of a child JVM that registers Java-only stand-ins for native objects (the free
 * action only counts), so NativeMemory's accounting and prompting can be watched without any native
 * memory, and without other tests' objects in the total. Modes:
 *
 * <ul>
 *   <li>{@code limit}: prints the configured "limit".
 *   <li>{@code drop N}: registers and drops stand-ins of an EC key's footprint until the total has
 *       passed the limit or N have been registered, then waits up to 10 s for it to come back under
 *       the limit; prints "registered", "cycles", "reserved" (bytes) and "freed".
 *   <li>{@code clean}: registers one, cleans it twice; prints "freed" (how often the free action
 *       ran) and "reserved" before ("held") and after.
 * </ul>
 */
final class PromptedCollectionProbe {
  private static final LongAdder FREED = new LongAdder();

  private PromptedCollectionProbe() {}

  public static void main(String[] args) throws Exception {
    if (args[0].equals("limit")) {
      System.out.println("limit\t" + NativeMemory.limit());
      return;
    }
    if (args[0].equals("clean")) {
      Cleaner.Cleanable cleanable =
          NativeCleaner.register(
              new Object(), 42, handle -> FREED.add(handle), NativeFootprint.EC_KEY);
      System.out.println("held\t" + NativeMemory.reserved());
      cleanable.clean();
      cleanable.clean();
      System.out.println("freed\t" + FREED.sum());
      System.out.println("reserved\t" + NativeMemory.reserved());
      return;
    }
    long most = Long.parseLong(args[1]);
    long limit = NativeMemory.limit() == 0 ? Long.MAX_VALUE : NativeMemory.limit();
    long registered = 0;
    while (registered < most && NativeMemory.reserved() <= limit) {
      NativeCleaner.register(new Object(), 1, handle -> FREED.add(handle), NativeFootprint.EC_KEY);
      registered++;
    }
    // No more allocation, of heap or of native memory: only the prompted cycle can free them.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (NativeMemory.reserved() > limit && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    if (limit == Long.MAX_VALUE) {
      Thread.sleep(500); // time for a cycle that should not come
    }
    System.out.println("registered\t" + registered);
    System.out.println("cycles\t" + NativeMemory.cycles());
    System.out.println("reserved\t" + NativeMemory.reserved());
    System.out.println("freed\t" + FREED.sum());
  }
}
