package dev.carbide.fuzz;

import dev.carbide.testing.ChildJvm;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The differential fuzzer: runs cases of every target in turn, within a budget of cases or seconds,
 * from a seed, and reports what diverged from the JDK. Every case has its own generator, derived
 * from the seed, the target and the case number, so any case replays alone:
 *
 * <pre>
 * FuzzRunner [--seconds N | --cases N] [--seed S | --fresh] [--target NAME [--case N]]
 *            [--shared-engines MILLIS]
 * </pre>
 *
 * The seed is -Dcarbide.fuzz.seed, else --seed, else the fixed {@link #FIXED_SEED}; --fresh draws a
 * new one (printed). Exits 1 if any new divergence or crash was found; known divergences ({@link
 * KnownDivergences}) are counted but do not fail the run.
 */
public final class FuzzRunner {
  public static final long FIXED_SEED = 0x0CA4B1DEL;
  private static final int SHOWN_PER_TARGET = Integer.getInteger("carbide.fuzz.shown", 3);

  /** What a run found; {@link #failed()} when a case diverged in a way not known. */
  public static final class Report {
    public final long seed;
    public long cases;
    public final Map<String, Long> casesPerTarget = new LinkedHashMap<>();
    public final Map<String, Long> known = new TreeMap<>();
    public final List<String> divergences = new ArrayList<>();
    public long newDivergences;

    Report(long seed) {
      this.seed = seed;
    }

    public boolean failed() {
      return newDivergences > 0;
    }

    @Override
    public String toString() {
      StringBuilder text = new StringBuilder();
      text.append("fuzz: seed ")
          .append(seed)
          .append(", ")
          .append(cases)
          .append(" cases ")
          .append(casesPerTarget)
          .append('\n');
      known.forEach(
          (item, count) ->
              text.append("fuzz: known: ")
                  .append(item)
                  .append(": ")
                  .append(count)
                  .append(" cases\n"));
      divergences.forEach(d -> text.append("fuzz: NEW ").append(d).append('\n'));
      text.append("fuzz: ").append(newDivergences).append(" new divergences");
      return text.toString();
    }
  }

  private static final boolean TRACE = Boolean.getBoolean("carbide.fuzz.trace");

  private FuzzRunner() {}

  /** Every target: one per SPI type (KDF only on Java 25, where javax.crypto.KDF exists). */
  public static List<FuzzTarget> targets() {
    List<FuzzTarget> targets = new ArrayList<>(PrimitiveTargets.all());
    targets.add(CipherTargets.target());
    targets.addAll(AsymmetricTargets.all());
    if (Runtime.version().feature() >= 25) {
      try {
        targets.add(
            (FuzzTarget)
                Class.forName("dev.carbide.fuzz.HkdfTarget")
                    .getDeclaredConstructor()
                    .newInstance());
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
    return targets;
  }

  /** The generator of case {@code number} of {@code target} under {@code seed}. */
  public static Random caseRandom(long seed, String target, long number) {
    long mixed = seed * 0x9E3779B97F4A7C15L + target.hashCode() * 0xC2B2AE3D27D4EB4FL + number;
    return new Random(mixed ^ (mixed >>> 29));
  }

  /** Runs cases of every target in turn until {@code maxCases} or {@code seconds} run out. */
  public static Report run(long seed, long maxCases, double seconds, String only) {
    Report report = new Report(seed);
    List<FuzzTarget> targets =
        targets().stream().filter(t -> only == null || t.name().equals(only)).toList();
    if (targets.isEmpty()) {
      throw new IllegalArgumentException("no target " + only);
    }
    Map<String, Integer> shown = new LinkedHashMap<>();
    boolean timed = seconds < 1e9; // else only the case count bounds the run
    long deadline = System.nanoTime() + (long) (Math.min(seconds, 1e9) * 1e9);
    for (long number = 0;
        report.cases < maxCases && (!timed || System.nanoTime() - deadline < 0);
        number++) {
      for (FuzzTarget target : targets) {
        runOne(report, target, seed, number, shown);
      }
    }
    return report;
  }

  private static void runOne(
      Report report, FuzzTarget target, long seed, long number, Map<String, Integer> shown) {
    report.cases++;
    report.casesPerTarget.merge(target.name(), 1L, Long::sum);
    if (TRACE) { // names each case before it runs, to find the one that crashes the JVM
      System.err.println("fuzz: case " + target.name() + " " + number);
    }
    try {
      target.runCase(caseRandom(seed, target.name(), number));
      return;
    } catch (Divergence divergence) {
      var known = KnownDivergences.explain(target.name(), divergence);
      if (known.isPresent()) {
        report.known.merge(known.get().item(), 1L, Long::sum);
        return;
      }
      record(report, target, seed, number, divergence.getMessage(), shown);
    } catch (Exception | Error e) {
      record(report, target, seed, number, "the case itself threw " + e, shown);
    }
  }

  private static void record(
      Report report,
      FuzzTarget target,
      long seed,
      long number,
      String message,
      Map<String, Integer> shown) {
    report.newDivergences++;
    if (shown.merge(target.name(), 1, Integer::sum) <= SHOWN_PER_TARGET) {
      report.divergences.add(
          target.name()
              + " case "
              + number
              + " (replay: --seed "
              + seed
              + " --target "
              + target.name()
              + " --case "
              + number
              + "):\n    "
              + message);
    }
  }

  /**
   * Shares each engine between threads, each in its own child JVM so that one crash does not hide
   * the others. Returns the problems not known to be pending a merge; known ones go to {@code
   * known}.
   */
  public static List<String> sharedEngines(long millisEach, Map<String, Long> known)
      throws Exception {
    List<String> problems = new ArrayList<>();
    // A crash report goes to the temporary folder, not into the working tree.
    List<String> options =
        List.of("-XX:ErrorFile=" + System.getProperty("java.io.tmpdir") + "/carbide-hs_err_%p.log");
    ChildJvm.Result listing = ChildJvm.run(options, SharedEngineMisuse.class, "0", "--list");
    for (String engine : listing.lines("engine ")) {
      ChildJvm.Result result =
          ChildJvm.run(options, SharedEngineMisuse.class, Long.toString(millisEach), engine);
      if (result.exitCode() == 0) {
        continue;
      }
      var pending = KnownDivergences.sharedEngine(engine);
      if (pending.isPresent()) {
        known.merge(pending.get(), 1L, Long::sum);
      } else {
        problems.add("shared " + engine + ": " + result);
      }
    }
    if (listing.lines("engine ").isEmpty()) {
      problems.add("no engines listed: " + listing);
    }
    return problems;
  }

  public static void main(String[] args) throws Exception {
    long seed = Long.getLong("carbide.fuzz.seed", FIXED_SEED);
    long cases = Long.MAX_VALUE;
    double seconds = Double.MAX_VALUE;
    String only = null;
    long single = -1;
    long sharedMillis = 0;
    boolean reportOnly = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--seconds" -> seconds = Double.parseDouble(args[++i]);
        case "--cases" -> cases = Long.parseLong(args[++i]);
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--fresh" -> seed = new SecureRandom().nextLong();
        case "--target" -> only = args[++i];
        case "--case" -> single = Long.parseLong(args[++i]);
        case "--shared-engines" -> sharedMillis = Long.parseLong(args[++i]);
        case "--report-only" -> reportOnly = true;
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (cases == Long.MAX_VALUE && seconds == Double.MAX_VALUE && single < 0) {
      seconds = 60;
    }
    System.out.println("fuzz: seed " + seed + " (replay with --seed " + seed + ")");
    if (single >= 0) {
      String name = only;
      FuzzTarget target =
          targets().stream()
              .filter(t -> t.name().equals(name))
              .findFirst()
              .orElseThrow(() -> new IllegalArgumentException("--case needs --target"));
      target.runCase(caseRandom(seed, target.name(), single));
      System.out.println("fuzz: case passed");
      return;
    }
    Report report = run(seed, cases, seconds, only);
    System.out.println(report);
    List<String> shared = List.of();
    if (sharedMillis > 0) {
      Map<String, Long> known = new TreeMap<>();
      shared = sharedEngines(sharedMillis, known);
      known.forEach((item, n) -> System.out.println("fuzz: known: " + item + " (shared engines)"));
      shared.forEach(problem -> System.out.println("fuzz: NEW " + problem));
      System.out.println("fuzz: shared engines: " + shared.size() + " new crashes or Errors");
    }
    // With --report-only (CI's fresh seed) a divergence is printed with its replay line but does
    // not fail the run; a crash still does, since it ends the JVM.
    System.exit((report.failed() && !reportOnly) || !shared.isEmpty() ? 1 : 0);
  }
}
