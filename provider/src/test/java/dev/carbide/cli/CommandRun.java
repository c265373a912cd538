package dev.carbide.cli;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.Carbide;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.Provider;

/** One in-process run of the command line: its exit status, stdout and stderr. */
record CommandRun(int status, String out, String err) {
  /** Runs against the Carbide provider under test. */
  static CommandRun of(String... args) {
    return against(new Subject(Carbide.provider(), CarbideProvider.loadError()), args);
  }

  /** Runs against a provider of the test's making, with Carbide's native library loaded. */
  static CommandRun against(Provider provider, String... args) {
    return against(new Subject(provider, null), args);
  }

  static CommandRun against(Subject subject, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = Main.run(args, outStream, errStream, () -> subject);
    }
    return new CommandRun(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
