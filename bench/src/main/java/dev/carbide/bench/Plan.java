package dev.carbide.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * How long each benchmark runs, and what a whole run will take. The full run is fitted to {@link
 * #FULL_BUDGET}: it starts from the most thorough shape and cuts iterations, then the 1 MiB inputs
 * of all but a few algorithms, until the planned time fits.
 *
 * @param forks JMH forks per benchmark (0 runs in the launcher's JVM)
 * @param warmups warmup iterations
 * @param measurements measurement iterations
 * @param iterationTime the length of each iteration
 * @param allMegabyte whether every algorithm is measured at 1 MiB, or only {@link
 *     #MEGABYTE_ALGORITHMS}
 */
record Plan(
    int forks, int warmups, int measurements, TimeValue iterationTime, boolean allMegabyte) {
  /**
   * The full run's JMH time on this machine (2 shared cores): under 45 minutes with the probes
   * (about 1 minute) and the native limit (about 3) added.
   */
  static final Duration FULL_BUDGET = Duration.ofMinutes(40);

  /** What a quick run aims at: "about 5 minutes". */
  static final Duration QUICK_BUDGET = Duration.ofMinutes(6);

  /** The input size that is measured only where it shows something 16 KiB does not. */
  static final String MEGABYTE = "1048576";

  /** At 1 MiB: one hash, one MAC and the two AEADs that bulk transfers use. */
  static final List<String> MEGABYTE_ALGORITHMS =
      List.of("SHA-256", "HmacSHA256", "AES-256-GCM", "ChaCha20-Poly1305");

  /** The full run's shapes, most thorough first. */
  private static final List<Plan> FULL_SHAPES =
      List.of(
          new Plan(1, 2, 3, TimeValue.seconds(1), true),
          new Plan(1, 2, 3, TimeValue.seconds(1), false),
          new Plan(1, 1, 3, TimeValue.seconds(1), false),
          new Plan(1, 1, 2, TimeValue.seconds(1), false),
          new Plan(1, 1, 2, TimeValue.milliseconds(500), false));

  /** Quick runs in the launcher's JVM (no fork) with short iterations, to stay near 5 minutes. */
  private static final List<Plan> QUICK_SHAPES =
      List.of(
          new Plan(0, 1, 2, TimeValue.milliseconds(300), false),
          new Plan(0, 1, 1, TimeValue.milliseconds(200), false));

  /**
   * One iteration of 100 ms, no warmup, in the launcher's JVM: proves that every benchmark runs
   * (CI), and a JVM start per benchmark would make it take many minutes.
   */
  static final Plan SMOKE = new Plan(0, 0, 1, TimeValue.milliseconds(100), false);

  /**
   * JVM start, JMH set-up and the benchmark's own @Setup, per forked run: 0.9 s measured here with
   * the machine shared (20 one-second digest runs took 38 s), plus a margin.
   */
  private static final double FORK_SECONDS = 1.2;

  /** JMH set-up and @Setup per run in the launcher's JVM (measured: 0.13 s in --smoke). */
  private static final double IN_PROCESS_SECONDS = 0.15;

  /** The shape for {@code length} that fits its budget with {@code jobs} (all sizes listed). */
  static Plan choose(LaunchOptions.Length length, List<Job> jobs) {
    List<Plan> shapes =
        switch (length) {
          case FULL -> FULL_SHAPES;
          case QUICK -> QUICK_SHAPES;
          case SMOKE -> List.of(SMOKE);
        };
    Duration budget = length == LaunchOptions.Length.FULL ? FULL_BUDGET : QUICK_BUDGET;
    for (Plan shape : shapes) {
      if (shape.estimate(shape.select(jobs)).compareTo(budget) <= 0) {
        return shape;
      }
    }
    System.out.printf(
        "# plan: over the %d min budget even at the shortest shape; narrow the run with --filter"
            + " or --providers%n",
        budget.toMinutes());
    return shapes.get(shapes.size() - 1);
  }

  /**
   * The jobs this shape runs: all, less the 1 MiB inputs it leaves out. The smoke run keeps every
   * job of Carbide's but, for the other providers, only the first algorithm and size of each
   * benchmark: their probe has already run each algorithm's set-up and one operation, so one JMH
   * run per benchmark proves the harness for them, and all of them would cost CI about 6 minutes.
   */
  List<Job> select(List<Job> jobs) {
    List<Job> kept = new ArrayList<>();
    for (Job job : jobs) {
      boolean megabyte = MEGABYTE.equals(job.size());
      boolean measured = !megabyte || allMegabyte || MEGABYTE_ALGORITHMS.contains(job.algorithm());
      if (measured && (!equals(SMOKE) || smokeRuns(job))) {
        kept.add(job);
      }
    }
    return kept;
  }

  private static boolean smokeRuns(Job job) {
    return job.provider().startsWith(Providers.CARBIDE)
        || (first(job.algorithm(), job.entry().algorithms())
            && first(job.size(), job.entry().sizes()));
  }

  private static boolean first(String value, List<String> values) {
    return value == null || value.equals(values.get(0));
  }

  /**
   * The planned wall-clock time of one job: each fork (a named {@code --plan} may ask for several)
   * starts a JVM and runs every iteration again.
   */
  double seconds(Job job) {
    double iterations =
        (warmups + measurements) * iterationTime.convertTo(TimeUnit.MILLISECONDS) / 1000.0;
    double overhead = forks > 0 ? FORK_SECONDS : IN_PROCESS_SECONDS;
    double once = overhead + (job.slow() ? 2 * Math.max(iterations, 1) : iterations);
    return Math.max(forks, 1) * once;
  }

  Duration estimate(List<Job> jobs) {
    double total = 0;
    for (Job job : jobs) {
      total += seconds(job);
    }
    return Duration.ofMillis((long) (total * 1000));
  }

  /** The form {@link #parse} reads: "1,2,3,1000,false" (iteration time in ms). */
  String format() {
    return String.join(
        ",",
        List.of(
            "" + forks,
            "" + warmups,
            "" + measurements,
            "" + iterationTime.convertTo(TimeUnit.MILLISECONDS),
            "" + allMegabyte));
  }

  static Plan parse(String text) {
    String[] f = text.split(",");
    if (f.length != 5) {
      throw new IllegalArgumentException("--plan needs forks,warmups,measurements,ms,allMegabyte");
    }
    return new Plan(
        Integer.parseInt(f[0]),
        Integer.parseInt(f[1]),
        Integer.parseInt(f[2]),
        TimeValue.milliseconds(Long.parseLong(f[3])),
        Boolean.parseBoolean(f[4]));
  }

  String describe() {
    return String.format(
        "%d fork(s), %d warmup + %d measurement iterations x %s, 1 MiB %s",
        forks,
        warmups,
        measurements,
        iterationTime,
        allMegabyte ? "for every algorithm" : "only for " + MEGABYTE_ALGORITHMS);
  }
}
