package dev.carbide.cli;

import java.util.Arrays;
import java.util.List;

/**
 * Times operations side by side: each is warmed up (long enough for C2 by default), then the
 * operations take turns over several rounds, so that a load change on the machine hits all of them
 * alike, and each one's median round is reported.
 */
final class Measurement {
  private Measurement() {}

  /** How long to warm up each operation, how long one timed round lasts, how many rounds. */
  record Timing(int warmupMs, int timeMs, int rounds) {
    static final Timing DEFAULT = new Timing(500, 200, 5);
  }

  // Reading the clock costs ~25 ns, so an operation runs in batches of at least this long.
  private static final long MIN_BATCH_NANOS = 20_000;

  // Every result is folded into this field, so the JIT cannot drop an operation as dead code.
  private static volatile long sink;

  /** Returns the median operations per millisecond of each operation, in the same order. */
  static double[] opsPerMs(List<SpeedCatalogue.Operation> operations, Timing timing)
      throws Exception {
    int count = operations.size();
    int[] batches = new int[count];
    for (int i = 0; i < count; i++) {
      batches[i] = warmUp(operations.get(i), timing.warmupMs());
    }
    double[][] rounds = new double[count][timing.rounds()];
    for (int round = 0; round < timing.rounds(); round++) {
      for (int i = 0; i < count; i++) {
        rounds[i][round] = timedRound(operations.get(i), batches[i], timing.timeMs());
      }
    }
    double[] medians = new double[count];
    for (int i = 0; i < count; i++) {
      medians[i] = median(rounds[i]);
    }
    return medians;
  }

  /** Runs the operation for the warm-up time and returns a batch size that fills the minimum. */
  private static int warmUp(SpeedCatalogue.Operation operation, int millis) throws Exception {
    int batch = 1;
    long acc = 0;
    long deadline = System.nanoTime() + millis * 1_000_000L;
    long now;
    do {
      long start = System.nanoTime();
      for (int i = 0; i < batch; i++) {
        acc += operation.run();
      }
      now = System.nanoTime();
      if (now - start < MIN_BATCH_NANOS && batch < (1 << 20)) {
        batch *= 2;
      }
    } while (now < deadline);
    sink += acc;
    return batch;
  }

  private static double timedRound(SpeedCatalogue.Operation operation, int batch, int millis)
      throws Exception {
    long acc = 0;
    long done = 0;
    long start = System.nanoTime();
    long deadline = start + millis * 1_000_000L;
    long now;
    do {
      for (int i = 0; i < batch; i++) {
        acc += operation.run();
      }
      done += batch;
      now = System.nanoTime();
    } while (now < deadline);
    sink += acc;
    return done / ((now - start) / 1e6);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
