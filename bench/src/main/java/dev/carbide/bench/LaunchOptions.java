package dev.carbide.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The launcher's command line: {@code [--quick | --smoke] [--filter REGEX] [--providers a,b] --out
 * DIR}.
 *
 * @param length how long each benchmark runs
 * @param filter selects benchmark methods by full name ({@code find}, as JMH's own filter)
 * @param providers names from {@link Providers}, in run order
 * @param out where the JSON results go
 */
record LaunchOptions(Length length, Pattern filter, List<String> providers, Path out) {
  /**
   * FULL keeps the annotations' settings; QUICK shortens every benchmark to one fork. SMOKE runs in
   * the launcher's JVM (no fork): it proves the suite runs, and a JVM start per parameter set would
   * make it take minutes with every peer.
   */
  enum Length {
    FULL(1, 0, 0, null),
    QUICK(1, 1, 2, TimeValue.seconds(1)),
    SMOKE(0, 1, 1, TimeValue.milliseconds(100));

    final int forks;
    final int warmups;
    final int measurements;
    final TimeValue iterationTime;

    Length(int forks, int warmups, int measurements, TimeValue iterationTime) {
      this.forks = forks;
      this.warmups = warmups;
      this.measurements = measurements;
      this.iterationTime = iterationTime;
    }
  }

  static LaunchOptions parse(String[] args) {
    Length length = Length.FULL;
    Pattern filter = Pattern.compile("");
    List<String> providers = Providers.names();
    Path out = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> length = Length.QUICK;
        case "--smoke" -> length = Length.SMOKE;
        case "--filter" -> filter = Pattern.compile(value(args, ++i));
        case "--providers" -> providers = Arrays.asList(value(args, ++i).split(","));
        case "--out" -> out = Path.of(value(args, ++i));
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
    return new LaunchOptions(length, filter, List.copyOf(providers), out);
  }

  /** The command line that gives these options, with other {@code providers} and {@code out}. */
  List<String> toArgs(List<String> otherProviders, Path otherOut) {
    List<String> args = new ArrayList<>();
    if (length != Length.FULL) {
      args.add("--" + length.name().toLowerCase(Locale.ROOT));
    }
    args.addAll(List.of("--filter", filter.pattern()));
    args.addAll(List.of("--providers", String.join(",", otherProviders)));
    args.addAll(List.of("--out", otherOut.toString()));
    return args;
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException(args[i - 1] + " needs a value");
    }
    return args[i];
  }
}
