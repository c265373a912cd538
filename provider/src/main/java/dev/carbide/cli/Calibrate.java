package dev.carbide.cli;

import dev.carbide.hybrid.Calibration;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code calibrate}: measures OpenSSL and the JDK on this machine, operation by operation, and
 * writes the hybrid profile that {@code carbide.hybrid=auto} then follows (docs/hybrid.md).
 */
final class Calibrate implements Command {
  private final Subject subject;

  Calibrate(Subject subject) {
    this.subject = subject;
  }

  @Override
  public int run(Arguments args, PrintStream out, PrintStream err) throws Exception {
    String output = args.value("--output", "");
    args.rejectOthers();
    if (!subject.checkLoaded(err)) {
      return 1;
    }
    err.println("calibrating: JDK against OpenSSL, per operation and size (a few seconds)");
    Calibration.Result result = new Calibration(err).run(output.isEmpty() ? null : Path.of(output));
    out.println("profile: " + result.profile());
    out.println("routed to the JDK: " + (result.routes().isEmpty() ? "nothing" : ""));
    result.routes().forEach((key, span) -> out.printf("  %-44s %s bytes%n", key, span));
    out.println(
        "calibration took "
            + result.elapsedMillis()
            + " ms ("
            + result.cpuMillis()
            + " ms of its thread's CPU time)");
    return 0;
  }
}
