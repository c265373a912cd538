package dev.carbide.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The jar's command line: {@code java -jar carbide-provider.jar <command> [options]}. Each command
 * is one row of {@link #COMMANDS}; {@link #run} returns the exit status so tests can run commands
 * in-process.
 */
public final class Main {
  /** Exit status for a command line that cannot be understood. */
  static final int USAGE_ERROR = 2;

  private record CommandSpec(
      String name, String synopsis, String summary, Function<Subject, Command> factory) {}

  private static final List<CommandSpec> COMMANDS =
      List.of(
          new CommandSpec(
              "info",
              "info [--json]",
              "the OpenSSL in use, FIPS status, Java version and every registered service",
              Info::new),
          new CommandSpec(
              "speed",
              "speed [--json] [--filter REGEX] [--warmup-ms N] [--time-ms N] [--rounds N]",
              "operations per millisecond, Carbide beside the JDK's provider",
              Speed::new),
          new CommandSpec(
              "selftest",
              "selftest",
              "known-answer tests of every registered service; non-zero exit on any failure",
              SelfTest::new),
          new CommandSpec(
              "calibrate",
              "calibrate [--output FILE]",
              "measures OpenSSL and the JDK here and writes the hybrid profile (docs/hybrid.md)",
              Calibrate::new),
          new CommandSpec("help", "help", "this text", subject -> null));

  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command line against Carbide and returns its exit status. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, Subject::carbide);
  }

  /** Runs one command line against the subject, which is created only if a command needs it. */
  static int run(String[] args, PrintStream out, PrintStream err, Supplier<Subject> subject) {
    if (args.length == 0 || args[0].equals("help")) {
      usage(out);
      return 0;
    }
    CommandSpec spec =
        COMMANDS.stream().filter(c -> c.name.equals(args[0])).findFirst().orElse(null);
    if (spec == null) {
      err.println("carbide: unknown command '" + args[0] + "'");
      usage(err);
      return USAGE_ERROR;
    }
    try {
      Command command = spec.factory.apply(subject.get());
      return command.run(Arguments.of(Arrays.asList(args).subList(1, args.length)), out, err);
    } catch (Arguments.UsageException e) {
      err.println("carbide " + spec.name + ": " + e.getMessage());
      err.println("usage: " + spec.synopsis);
      return USAGE_ERROR;
    } catch (Exception e) {
      err.println("carbide " + spec.name + ": " + e);
      return 1;
    }
  }

  private static void usage(PrintStream out) {
    out.println("usage: java -jar carbide-provider.jar <command> [options]");
    out.println();
    out.println("commands:");
    for (CommandSpec spec : COMMANDS) {
      out.println("  " + spec.synopsis);
      out.println("      " + spec.summary);
    }
  }
}
