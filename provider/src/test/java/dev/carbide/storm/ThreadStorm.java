package dev.carbide.storm;

import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Several threads hammering one shared object with random operations for a fixed time, sorting what
 * each operation ended in. Run in a child JVM ({@link SharedEngineStorm}): before engines were
 * guarded, such a storm crashed the JVM.
 */
final class ThreadStorm {
  static final int THREADS = 8;

  /** One shared object under test. */
  interface Scenario {
    /** One random operation on the shared object, made by one of the racing threads. */
    void step(Random random) throws Exception;

    /** After the storm, on one thread: the shared object must still give right answers. */
    void checkAlone() throws Exception;
  }

  /** A result that is wrong although the call returned normally: the storm fails. */
  static final class WrongResult extends RuntimeException {
    WrongResult(String message) {
      super(message);
    }
  }

  /** How the operations of one storm ended. */
  static final class Tally {
    final LongAdder completed = new LongAdder();
    final LongAdder concurrentUse = new LongAdder();
    final LongAdder otherIllegalState = new LongAdder();
    final LongAdder jcaException = new LongAdder();
    final LongAdder outOfRange = new LongAdder();
    final AtomicReference<Throwable> unexpected = new AtomicReference<>();

    /**
     * What a racing call may end in. IllegalStateException: the engine's guard saw another thread
     * inside (or the engine's own state check fired). A GeneralSecurityException: the JCA's state
     * checks are not atomic either, so a call may find the engine in another thread's state ("not
     * initialized for signing"). IndexOutOfBoundsException: the short-message buffers that stay in
     * Java are unguarded by design (a race there costs no native memory), and a racing update can
     * push a position past the buffer's end, which the buffer's own bounds check or the native
     * range check refuses. Anything else (an Error, a ProviderException from a corrupted OpenSSL
     * context, a NullPointerException) is a defect.
     */
    void record(Throwable e) {
      if (e instanceof IllegalStateException) {
        String message = String.valueOf(e.getMessage());
        (message.contains("another thread") ? concurrentUse : otherIllegalState).increment();
      } else if (e instanceof GeneralSecurityException) {
        jcaException.increment();
      } else if (e instanceof IndexOutOfBoundsException) {
        outOfRange.increment();
      } else {
        unexpected.compareAndSet(null, e);
      }
    }

    @Override
    public String toString() {
      return String.format(
          "completed=%d concurrentUse=%d otherIllegalState=%d jca=%d outOfRange=%d",
          completed.sum(),
          concurrentUse.sum(),
          otherIllegalState.sum(),
          jcaException.sum(),
          outOfRange.sum());
    }
  }

  private ThreadStorm() {}

  /** Runs {@code scenario} on {@link #THREADS} threads released together, for {@code millis}. */
  static Tally run(Scenario scenario, long seed, long millis) throws InterruptedException {
    Tally tally = new Tally();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Random random = new Random(seed * 31 + t);
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                long deadline = System.nanoTime() + millis * 1_000_000;
                while (System.nanoTime() < deadline && tally.unexpected.get() == null) {
                  try {
                    scenario.step(random);
                    tally.completed.increment();
                  } catch (Throwable e) {
                    tally.record(e);
                  }
                }
              });
      thread.start();
      threads.add(thread);
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    return tally;
  }
}
