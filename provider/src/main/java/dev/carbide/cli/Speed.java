package dev.carbide.cli;

import dev.carbide.CarbideProvider;
import dev.carbide.hybrid.Routing;
import java.io.PrintStream;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code speed}: operations per millisecond of Carbide beside the JDK's provider. */
final class Speed implements Command {
  private final Subject subject;

  Speed(Subject subject) {
    this.subject = subject;
  }

  @Override
  public int run(Arguments args, PrintStream out, PrintStream err) throws Exception {
    boolean json = args.flag("--json");
    Pattern filter = pattern(args.value("--filter", ""));
    Measurement.Timing defaults = Measurement.Timing.DEFAULT;
    Measurement.Timing timing =
        new Measurement.Timing(
            args.positiveInt("--warmup-ms", defaults.warmupMs()),
            args.positiveInt("--time-ms", defaults.timeMs()),
            args.positiveInt("--rounds", defaults.rounds()));
    args.rejectOthers();
    if (!subject.checkLoaded(err)) {
      return 1;
    }
    List<SpeedCatalogue.Row> rows = new ArrayList<>();
    for (SpeedCatalogue.Row row : SpeedCatalogue.all()) {
      if (filter.matcher(row.name()).find()) {
        rows.add(row);
      }
    }
    if (rows.isEmpty()) {
      err.println("no operation matches '" + filter + "'");
      return 1;
    }
    List<SpeedReport.Result> results = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      SpeedCatalogue.Row row = rows.get(i);
      err.printf("[%d/%d] %s ...%n", i + 1, rows.size(), row.name());
      results.add(measure(row, row.engine().jdkProvider().get(), subject.provider(), timing));
    }
    out.print(json ? SpeedReport.json(results) : SpeedReport.table(results));
    return 0;
  }

  private static SpeedReport.Result measure(
      SpeedCatalogue.Row row, Provider jdk, Provider carbide, Measurement.Timing timing)
      throws Exception {
    SpeedCatalogue.Operation jdkOperation = build(row, jdk);
    SpeedCatalogue.Operation carbideOperation = build(row, carbide);
    // Carbide with routing off (its unrouted engines), where routing may move this engine type.
    SpeedCatalogue.Operation offOperation =
        carbide instanceof CarbideProvider
                && carbideOperation != null
                && Routing.routesSome(row.engine().type())
            ? build(row, Routing.unrouted())
            : null;
    List<SpeedCatalogue.Operation> operations = new ArrayList<>();
    for (SpeedCatalogue.Operation operation :
        new SpeedCatalogue.Operation[] {jdkOperation, carbideOperation, offOperation}) {
      if (operation != null) {
        operations.add(operation);
      }
    }
    double[] rates = Measurement.opsPerMs(operations, timing);
    int next = 0;
    double jdkRate = jdkOperation == null ? Double.NaN : rates[next++];
    double carbideRate = carbideOperation == null ? Double.NaN : rates[next++];
    double offRate = offOperation == null ? Double.NaN : rates[next];
    return new SpeedReport.Result(
        row.name(), name(jdk), jdkRate, name(carbide), carbideRate, offRate);
  }

  /** The operation on this provider, or null if the provider does not serve it. */
  static SpeedCatalogue.Operation build(SpeedCatalogue.Row row, Provider provider)
      throws Exception {
    if (provider == null) {
      return null;
    }
    try {
      return row.builder().build(provider);
    } catch (NoSuchAlgorithmException e) {
      return null;
    } catch (java.security.InvalidAlgorithmParameterException e) {
      // The JDK serves the algorithm but not these parameters (SunEC refuses secp224r1 and the
      // other curves it dropped): not served. Carbide refusing its own row is a failure.
      if (provider.getName().startsWith("Carbide")) {
        throw e;
      }
      return null;
    }
  }

  private static String name(Provider provider) {
    return provider == null ? "none" : provider.getName();
  }

  private static Pattern pattern(String regex) throws Arguments.UsageException {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new Arguments.UsageException("bad --filter: " + e.getDescription());
    }
  }
}
