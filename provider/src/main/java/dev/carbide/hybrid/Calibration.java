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
 * <p>A probe's size classes are measured from the largest down while the JDK wins them, and if it
 * loses the largest, from the smallest up while it wins them: a route key goes to the JDK from the
 * smallest class from which it wins every larger one, or below the smallest class it loses (see
 * {@link #measure}: the JDK's advantage moves one way with the size, so one span per key is the
 * whole answer and the classes past a loss need no race). Each class is a sequential race: the two
 * engines run in alternating short slices, timed in thread CPU time, and the race stops as soon as
 * every round so far clearly clears the margin or clearly misses it; a close race runs its full
 * length and is then decided by the median. The JDK takes a class only if it is at least {@link
 * #MARGIN} times as fast, at every size: noise never flips a decision, and a close race stays on
 * OpenSSL. (A margin of 2 below 1 KiB, from when a routed 64-byte cipher operation paid both
 * engines' init, went with RoutedCipher's predicted init; docs/hybrid.md.) A probe whose every
 * route key the built-in default sends to the JDK at every size (ML-DSA with AVX-512 on JDK 25) is
 * not measured: the default's rule is certain, and measuring it would cost a second of the JDK's
 * JIT warm-up.
 */
public final class Calibration {
  /** The JDK must be this much faster (median over the rounds) to take an operation. */
  static final double MARGIN = 1.15;

  /** A race stops early once every round is this factor past the margin, either way. */
  private static final double CLEAR = 1.1;

  private static final int MIN_ROUNDS = 3;
  private static final int MAX_ROUNDS = 7;
  private static final long SLICE_NANOS = 1_000_000L;
  private static final long SLOW_SLICE_NANOS = 4_000_000L;
  private static final double COMPILED_FLOOR = 0.5;
  private static final long WARMUP_CAP_NANOS = 150_000_000L;
  private static final long SLOW_WARMUP_CAP_NANOS = 800_000_000L;
  private static final long JIT_WAIT_NANOS = 3_000_000_000L;

  /** The outcome: what the profile now says (each routed key's span, as written) and its cost. */
  public record Result(
      Path profile, Map<String, String> routes, long elapsedMillis, long cpuMillis) {}

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
    long cpuStart = CLOCK.getAsLong();
    Machine machine = Machine.current();
    Path target = path != null ? path : Profile.defaultPath(machine);
    Provider carbide = Routing.unrouted();
    RouteTable certain = BuiltInDefault.forMachine(machine);
    Probes.Setup setup = new Probes.Setup(carbide);
    Map<String, RouteTable.Span> routes = new LinkedHashMap<>();
    for (Probes.Probe probe : Probes.ALL) {
      Provider jdk = Routable.jdkProvider(type(probe), probe.algorithm());
      if (jdk == null || carbide.getService(type(probe), probe.algorithm()) == null) {
        log.printf("  %-22s OpenSSL (not served by both engines)%n", probe.name());
        continue;
      }
      if (probe.keys().stream().allMatch(key -> certain.span(key).equals(RouteTable.Span.ALL))) {
        probe.keys().forEach(key -> routes.put(key, RouteTable.Span.ALL));
        log.printf("  %-22s JDK (not measured: %s)%n", probe.name(), certain.source());
        continue;
      }
      StringBuilder ratios = new StringBuilder();
      long probeStart = CLOCK.getAsLong();
      RouteTable.Span span;
      try {
        span = measure(probe, jdk, carbide, setup, ratios);
      } catch (Exception e) {
        log.printf("  %-22s OpenSSL (cannot measure: %s)%n", probe.name(), e);
        continue;
      }
      if (!span.equals(RouteTable.Span.NONE)) {
        for (String key : probe.keys()) {
          routes.put(key, span);
        }
      }
      log.printf(
          "  %-22s JDK/OpenSSL speed%s -> %s (%d ms)%n",
          probe.name(),
          ratios,
          span.equals(RouteTable.Span.NONE) ? "OpenSSL" : "JDK " + span,
          (CLOCK.getAsLong() - probeStart) / 1_000_000);
    }
    Profile.write(target, machine, routes);
    Map<String, String> written = new LinkedHashMap<>();
    routes.forEach((key, span) -> written.put(key, span.toString()));
    return new Result(
        target,
        written,
        (System.nanoTime() - start) / 1_000_000,
        (CLOCK.getAsLong() - cpuStart) / 1_000_000);
  }

  /**
   * The sizes at which the JDK serves the probe's keys ({@link RouteTable.Span#ALL} for a probe
   * without sizes), or {@link RouteTable.Span#NONE}; appends each measured ratio to {@code ratios},
   * smallest size first. Size class i holds the sizes from {@code sizes[i]} below {@code
   * sizes[i+1]}, the smallest from 0 and the largest without bound. The largest is raced first and
   * the measuring goes down while the JDK wins: a route from that class up. If the JDK loses the
   * largest, the measuring goes up from the smallest while the JDK wins: a route below the first
   * class it loses. With a cost per message that is a fixed part plus a part per byte on each side,
   * the ratio moves one way with the size, so the classes not raced cannot change the answer.
   */
  static RouteTable.Span measure(
      Probes.Probe probe, Provider jdk, Provider carbide, Probes.Setup setup, StringBuilder ratios)
      throws Exception {
    int[] sizes = probe.sizes();
    // Signing is a thousand times slower than a cipher call: its warm-up may need longer and its
    // slices must hold enough calls to be timed.
    boolean slow = sizes.length == 1;
    long slice = slow ? SLOW_SLICE_NANOS : SLICE_NANOS;
    long cap = slow ? SLOW_WARMUP_CAP_NANOS : WARMUP_CAP_NANOS;
    // The JDK's intrinsics exist only in C2's code, which HotSpot asks for once a method has been
    // called thousands of times (more while the compile queue is long): cheapest at the probe's
    // smallest size, so the JIT is driven there, and its code then serves every size. Driving it
    // with large inputs instead only gets the loops compiled on their own, without the intrinsics.
    Probes.Operation smallest = probe.builder().build(jdk, sizes[0], setup);
    double smallestRate = warm(smallest, probe.compileCalls(), 0, cap, slice);
    Race race =
        i -> {
          Probes.Operation onJdk = i == 0 ? smallest : probe.builder().build(jdk, sizes[i], setup);
          Probes.Operation onCarbide = probe.builder().build(carbide, sizes[i], setup);
          // A compiled engine moves at least as many bytes per second through a larger input as
          // through a smaller one, where the per-call work weighs more: until the JDK's does at
          // half that, its code for the larger input is not compiled yet (a long compile queue
          // raises HotSpot's thresholds), and timing it then would send the route to OpenSSL by
          // mistake.
          double floor = sizes[0] == 0 ? 0 : smallestRate * sizes[0] / sizes[i] * COMPILED_FLOOR;
          warm(onJdk, 0, floor, cap, slice);
          warm(onCarbide, 0, 0, WARMUP_CAP_NANOS, slice);
          return race(onJdk, onCarbide, MARGIN, slice);
        };
    int top = sizes.length - 1;
    double[] measured = new double[sizes.length];
    Arrays.fill(measured, Double.NaN);
    // Down from the largest class while the JDK wins: the route is from the last class it won.
    int from = top + 1;
    while (from > 0) {
      measured[from - 1] = race.ratio(from - 1);
      if (measured[from - 1] < MARGIN) {
        break;
      }
      from--;
    }
    // It lost the largest: up from the smallest while it wins, the route is below the first loss.
    int below = 0;
    while (from > top && below < top) {
      measured[below] = race.ratio(below);
      if (measured[below] < MARGIN) {
        break;
      }
      below++;
    }
    for (int i = 0; i <= top; i++) {
      if (!Double.isNaN(measured[i])) {
        ratios.append(String.format(" %s:%.2f", label(sizes[i]), measured[i]));
      }
    }
    if (from == 0) {
      return RouteTable.Span.ALL;
    } else if (from <= top) {
      return RouteTable.Span.from(sizes[from]);
    }
    return below == 0 ? RouteTable.Span.NONE : RouteTable.Span.below(sizes[below]);
  }

  /** One size class raced: the JDK's speed over Carbide's there. */
  @FunctionalInterface
  private interface Race {
    double ratio(int sizeClass) throws Exception;
  }

  private static String type(Probes.Probe probe) {
    return probe.keys().get(0).substring(0, probe.keys().get(0).indexOf('.'));
  }

  /**
   * The JDK's speed over Carbide's, from rounds of alternating slices: once at least {@link
   * #MIN_ROUNDS} rounds are in and every one of them clears the margin by {@link #CLEAR}, or misses
   * it by that factor, the smallest (or largest) round ratio; otherwise, after {@link #MAX_ROUNDS},
   * the median, or at most 1.0 if the JDK won fewer than most rounds (a median that a single
   * outlier could carry is not trusted).
   */
  static double race(Probes.Operation jdk, Probes.Operation carbide, double margin, long slice)
      throws Exception {
    double[] ratios = new double[MAX_ROUNDS];
    double lowest = Double.MAX_VALUE;
    double highest = 0;
    int jdkWins = 0;
    int rounds = 0;
    while (rounds < MAX_ROUNDS) {
      double jdkRate;
      double carbideRate;
      if (rounds % 2 == 0) {
        jdkRate = rate(jdk, slice);
        carbideRate = rate(carbide, slice);
      } else {
        carbideRate = rate(carbide, slice);
        jdkRate = rate(jdk, slice);
      }
      double ratio = jdkRate / carbideRate;
      ratios[rounds++] = ratio;
      lowest = Math.min(lowest, ratio);
      highest = Math.max(highest, ratio);
      jdkWins += ratio > 1.0 ? 1 : 0;
      if (rounds >= MIN_ROUNDS && lowest >= margin * CLEAR) {
        return lowest;
      }
      if (rounds >= MIN_ROUNDS && highest * CLEAR <= margin) {
        return highest;
      }
    }
    Arrays.sort(ratios, 0, rounds);
    double median = ratios[rounds / 2];
    return jdkWins > rounds / 2 ? median : Math.min(median, 1.0);
  }

  /**
   * Runs an operation in slices until it has made {@code calls} calls at a best rate of at least
   * {@code floor} calls per nanosecond, the JIT is idle and the rate has stopped improving (three
   * slices in a row no faster than the best one before), or for at most {@code cap} nanoseconds of
   * this thread's CPU time; returns the best rate. While the JIT compiles, the thread sleeps
   * instead: on a loaded machine the compiler threads queue for the CPU like everyone else, and a
   * warm-up that only spins would be timed before its code is compiled. Sleeping costs wall time,
   * not CPU.
   */
  private static double warm(
      Probes.Operation operation, int calls, double floor, long cap, long slice) throws Exception {
    long start = CLOCK.getAsLong();
    long made = 0;
    double best = 0;
    int flat = 0;
    while (CLOCK.getAsLong() - start < cap) {
      long before = CLOCK.getAsLong();
      long count = slice(operation, slice);
      double rate = (double) count / (CLOCK.getAsLong() - before);
      made += count;
      flat = rate <= best * 1.05 ? flat + 1 : 0;
      best = Math.max(best, rate);
      if (made >= calls && flat >= 3 && best >= floor) {
        if (!Jit.busy()) {
          return best;
        }
        long waited = System.nanoTime();
        while (Jit.busy() && System.nanoTime() - waited < JIT_WAIT_NANOS) {
          Thread.sleep(5);
        }
        flat = 0;
      }
    }
    return best;
  }

  /** Operations per nanosecond of this thread's CPU time over about {@code nanos}. */
  private static double rate(Probes.Operation operation, long nanos) throws Exception {
    long start = CLOCK.getAsLong();
    long count = slice(operation, nanos);
    return (double) count / (CLOCK.getAsLong() - start);
  }

  /**
   * Runs an operation for about {@code nanos} of this thread's CPU time and returns the calls made.
   * CPU time, not wall time: on a loaded machine a slice that loses the CPU to another process
   * would otherwise count that time against whichever engine happened to be running.
   */
  private static long slice(Probes.Operation operation, long nanos) throws Exception {
    long sink = 0;
    long count = 0;
    long start = CLOCK.getAsLong();
    int batch = 1;
    do {
      for (int i = 0; i < batch; i++) {
        sink += operation.run();
      }
      count += batch;
      batch = Math.min(batch * 2, 256);
    } while (CLOCK.getAsLong() - start < nanos);
    if (sink == 42) {
      // Keeps the results alive without a measurable cost.
      Thread.onSpinWait();
    }
    return count;
  }

  private static String label(int bytes) {
    return bytes == 0 ? "any" : bytes >= 1024 ? bytes / 1024 + "KB" : bytes + "B";
  }
}
