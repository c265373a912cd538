package dev.carbide.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The launcher's command line: {@code [--quick | --smoke] [--filter REGEX] [--providers a,b] --out
 * DIR}.
 *
 * @param length how long each benchmark runs
 * @param filter selects benchmark methods by full name ({@code find}, as JMH's own filter)
 * @param providers names from {@link Providers}, in run order
 * @param out where the JSON results go
 * @param plan the run's shape if a parent launcher chose it ({@code --plan}), else null
 * @param progressDone jobs a parent launcher ran before this one's ({@code --progress D/T})
 * @param progressTotal jobs in the whole run, or 0 if this launcher is the whole run
 * @param dryRun probe and print the plan, but measure nothing ({@code --dry-run})
 */
record LaunchOptions(
    Length length,
    Pattern filter,
    List<String> providers,
    Path out,
    Plan plan,
    int progressDone,
    int progressTotal,
    boolean dryRun) {
  /** How thorough a run is; {@link Plan#choose} turns it into iteration counts and times. */
  enum Length {
    FULL,
    QUICK,
    SMOKE
  }

  static LaunchOptions parse(String[] args) {
    Length length = Length.FULL;
    Pattern filter = Pattern.compile("");
    List<String> providers = Providers.names();
    Path out = null;
    Plan plan = null;
    int done = 0;
    int total = 0;
    boolean dryRun = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> length = Length.QUICK;
        case "--smoke" -> length = Length.SMOKE;
        case "--filter" -> filter = Pattern.compile(value(args, ++i));
        case "--providers" -> providers = Arrays.asList(value(args, ++i).split(","));
        case "--out" -> out = Path.of(value(args, ++i));
        case "--dry-run" -> dryRun = true;
        case "--plan" -> plan = Plan.parse(value(args, ++i));
        case "--progress" -> {
          String[] counts = value(args, ++i).split("/");
          done = Integer.parseInt(counts[0]);
          total = Integer.parseInt(counts[1]);
        }
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    if (out == null) {
      throw new IllegalArgumentException("--out DIR is required");
    }
    for (String name : providers) {
      if (!Providers.names().contains(name)) {
        throw new IllegalArgumentException(
            "unknown provider " + name + "; known: " + Providers.names());
      }
    }
    return new LaunchOptions(
        length, filter, List.copyOf(providers), out, plan, done, total, dryRun);
  }

  /**
   * The command line that gives these options, with other {@code providers} and {@code out}, the
   * given plan, and progress numbering that continues from {@code done} of {@code total}.
   */
  List<String> toArgs(
      List<String> otherProviders, Path otherOut, Plan otherPlan, int done, int total) {
    List<String> args = new ArrayList<>();
    if (length != Length.FULL) {
      args.add("--" + length.name().toLowerCase(Locale.ROOT));
    }
    args.addAll(List.of("--filter", filter.pattern()));
    args.addAll(List.of("--providers", String.join(",", otherProviders)));
    args.addAll(List.of("--out", otherOut.toString()));
    args.addAll(List.of("--plan", otherPlan.format()));
    args.addAll(List.of("--progress", done + "/" + total));
    return args;
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }
}
