package dev.carbide.hybrid;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.Provider;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Measures both engines on this machine and writes the profile that hybrid mode then follows.
 *
 * <p>Each probe runs the JDK's engine and Carbide's unrouted engine in alternating short rounds
 * after a warm-up, so that a load spike or a JIT recompilation hits both. The JDK takes a size
 * class only if its median speed over the rounds is at least {@link #MARGIN} times Carbide's and it
 * wins most rounds: noise never flips a decision, and a close race stays on OpenSSL. A route key
 * goes to the JDK from the smallest size class from which it wins at every larger class.
 */
public final class Calibration {
  /** The JDK must be this much faster (median over the rounds) to take an operation. */
  static final double MARGIN = 1.15;

  private static final int ROUNDS = 5;
  private static final int JDK_WARMUP_CALLS = 12_000;
  private static final long JDK_WARMUP_NANOS = 150_000_000L;
  private static final long SLOW_WARMUP_NANOS = 800_000_000L;
  private static final int CARBIDE_WARMUP_CALLS = 2_000;
  private static final long CARBIDE_WARMUP_NANOS = 20_000_000L;
  private static final long ROUND_NANOS = 3_000_000L;

  /** The outcome: what was measured and what the profile now says. */
  public record Result(Path profile, Map<String, Integer> routes, long elapsedMillis) {}

  private final PrintStream log;

  /** This thread's CPU time in nanoseconds, or wall time where java.management is absent. */
  private static final LongSupplier CLOCK = threadCpuClock();

  private static LongSupplier threadCpuClock() {
    try {
      java.lang.management.ThreadMXBean threads =
          java.lang.management.ManagementFactory.getThreadMXBean();
      if (threads.isCurrentThreadCpuTimeSupported()) {
        threads.setThreadCpuTimeEnabled(true);
        return threads::getCurrentThreadCpuTime;
      }
    } catch (LinkageError | UnsupportedOperationException | SecurityException e) {
      // No java.management in this runtime image: wall time it is.
    }
    return System::nanoTime;
  }

  public Calibration(PrintStream log) {
    this.log = log;
  }

  /** Calibrates and writes the profile to {@code path}, or to the default location if null. */
  public Result run(Path path) throws IOException {
    long start = System.nanoTime();
    Machine machine = Machine.current();
    Path target = path != null ? path : Profile.defaultPath(machine);
    Provider carbide = Routing.unrouted();
    Probes.Setup setup = new Probes.Setup(carbide);
    Map<String, Integer> routes = new LinkedHashMap<>();
    for (Probes.Probe probe : Probes.ALL) {
      Provider jdk = Routable.jdkProvider(probe.keys().get(0).split("\\.")[0], probe.algorithm());
      if (jdk == null || carbide.getService(type(probe), probe.algorithm()) == null) {
        log.printf("  %-22s OpenSSL (not served by both engines)%n", probe.name());
        continue;
      }
      int from = RouteTable.NEVER;
      StringBuilder ratios = new StringBuilder();
      int[] sizes = probe.sizes();
      double[] measured = new double[sizes.length];
      try {
        for (int i = 0; i < sizes.length; i++) {
          Probes.Operation onJdk = probe.builder().build(jdk, sizes[i], setup);
          Probes.Operation onCarbide = probe.builder().build(carbide, sizes[i], setup);
          // The JIT compiles the JDK's intrinsics (C2 only) after thousands of calls, and each
          // size takes its own paths: warm the JDK's engine at each size until it is compiled.
          // Signing is a thousand times slower than a cipher call, so its JIT needs more time.
          boolean slow = sizes.length == 1;
          warm(onJdk, JDK_WARMUP_CALLS, slow ? SLOW_WARMUP_NANOS : JDK_WARMUP_NANOS);
          warm(onCarbide, CARBIDE_WARMUP_CALLS, CARBIDE_WARMUP_NANOS);
          measured[i] = race(onJdk, onCarbide);
          ratios.append(String.format(" %s:%.2f", label(sizes[i]), measured[i]));
        }
      } catch (Exception e) {
        log.printf("  %-22s OpenSSL (cannot measure: %s)%n", probe.name(), e);
        continue;
      }
      // The JDK's route starts at the smallest size class from which it wins at every larger one.
      for (int i = sizes.length - 1; i >= 0 && measured[i] >= MARGIN; i--) {
        from = sizes[i];
      }
      if (from != RouteTable.NEVER) {
        // A probe without size classes measures at size 0: the JDK serves every call.
        for (String key : probe.keys()) {
          routes.put(key, sizes.length == 1 ? 0 : from);
        }
      }
      log.printf(
          "  %-22s JDK/OpenSSL speed%s -> %s%n",
          probe.name(), ratios, from == RouteTable.NEVER ? "OpenSSL" : "JDK from " + label(from));
    }
    Profile.write(target, machine, routes);
    return new Result(target, routes, (System.nanoTime() - start) / 1_000_000);
  }

  private static String type(Probes.Probe probe) {
    return probe.keys().get(0).substring(0, probe.keys().get(0).indexOf('.'));
  }

  /**
   * The JDK's speed over Carbide's: the median of the per-round ratios, or 0 if the JDK won fewer
   * than most rounds (a median that a single outlier could carry is not trusted).
   */
  static double race(Probes.Operation jdk, Probes.Operation carbide) throws Exception {
    run(jdk, ROUND_NANOS);
    run(carbide, ROUND_NANOS);
    double[] ratios = new double[ROUNDS];
    int jdkWins = 0;
    for (int round = 0; round < ROUNDS; round++) {
      double jdkRate;
      double carbideRate;
      if (round % 2 == 0) {
        jdkRate = run(jdk, ROUND_NANOS);
        carbideRate = run(carbide, ROUND_NANOS);
      } else {
        carbideRate = run(carbide, ROUND_NANOS);
        jdkRate = run(jdk, ROUND_NANOS);
      }
      ratios[round] = jdkRate / carbideRate;
      if (ratios[round] > 1.0) {
        jdkWins++;
      }
    }
    Arrays.sort(ratios);
    double median = ratios[ROUNDS / 2];
    return jdkWins > ROUNDS / 2 ? median : Math.min(median, 1.0);
  }

  /** Runs an operation {@code calls} times, or for at most {@code nanos} of CPU time. */
  private static void warm(Probes.Operation operation, int calls, long nanos) throws Exception {
    long start = CLOCK.getAsLong();
    long sink = 0;
    // The clock is read every 64 calls: reading a thread's CPU time is a system call.
    for (int i = 0; i < calls && (i % 64 != 0 || CLOCK.getAsLong() - start < nanos); i++) {
      sink += operation.run();
    }
    if (sink == 42) {
      Thread.onSpinWait();
    }
  }

  /**
   * Operations per nanosecond of this thread's CPU time over about {@code nanos}. CPU time, not
   * wall time: on a loaded machine a round that loses the CPU to another process would otherwise
   * count that time against whichever engine happened to be running.
   */
  private static double run(Probes.Operation operation, long nanos) throws Exception {
    long sink = 0;
    long count = 0;
    long start = CLOCK.getAsLong();
    long elapsed;
    int batch = 1;
    do {
      for (int i = 0; i < batch; i++) {
        sink += operation.run();
      }
      count += batch;
      batch = Math.min(batch * 2, 1024);
      elapsed = CLOCK.getAsLong() - start;
    } while (elapsed < nanos);
    if (sink == 42) {
      // Keeps the results alive without a measurable cost.
      Thread.onSpinWait();
    }
    return (double) count / elapsed;
  }

  private static String label(int bytes) {
    return bytes == 0 ? "any" : bytes >= 1024 ? bytes / 1024 + "KB" : bytes + "B";
  }
}
