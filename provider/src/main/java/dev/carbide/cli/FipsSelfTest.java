package dev.carbide.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.Provider;
import java.util.stream.Collectors;

/**
 * The known-answer tests that FIPS mode runs on every service before it registers any (the same
 * table as {@code selftest}). Public only for {@link dev.carbide.CarbideProvider}.
 */
public final class FipsSelfTest {
  private FipsSelfTest() {}

  /**
   * Runs the known-answer test of each service of {@code provider}; returns null if all pass (or
   * skip: a check that cannot run on this Java), otherwise the failed tests, one per line.
   */
  public static String failures(Provider provider) {
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    int status;
    try (PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8)) {
      status = SelfTest.check(provider, KnownAnswers.standard(), out);
    }
    if (status == 0) {
      return null;
    }
    return report
        .toString(StandardCharsets.UTF_8)
        .lines()
        .filter(line -> line.startsWith("FAIL"))
        .collect(Collectors.joining("\n"));
  }
}
