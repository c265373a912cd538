package dev.carbide.cli;

import java.util.List;
import java.util.Locale;

/** Prints the results of {@code speed}, as a table or as JSON. NaN means not served: "n/a". */
final class SpeedReport {
  private SpeedReport() {}

  /**
   * One row. {@code carbideRate} is Carbide as configured (hybrid routing on by default); {@code
   * offRate} is Carbide with hybrid routing off, or NaN where routing cannot change the engine.
   */
  record Result(
      String operation,
      String jdkProvider,
      double jdkRate,
      String carbideProvider,
      double carbideRate,
      double offRate) {
    Result(
        String operation,
        String jdkProvider,
        double jdkRate,
        String carbideProvider,
        double carbideRate) {
      this(operation, jdkProvider, jdkRate, carbideProvider, carbideRate, Double.NaN);
    }
  }

  /** The name of Carbide's row with hybrid routing off, in the JSON output. */
  static final String OFF = " (hybrid off)";

  static String table(List<Result> results) {
    StringBuilder text = new StringBuilder();
    // The first column is as wide as the longest operation name, so long names (post-quantum
    // algorithms, cipher modes) never push their row out of line.
    int nameWidth = "operation".length();
    for (Result result : results) {
      nameWidth = Math.max(nameWidth, result.operation().length());
    }
    String format = "%-" + nameWidth + "s %14s %14s %14s %8s%n";
    text.append(
        String.format(
            Locale.ROOT,
            format,
            "operation",
            "JDK ops/ms",
            "Carbide ops/ms",
            "hybrid off",
            "ratio"));
    for (Result result : results) {
      text.append(
          String.format(
              Locale.ROOT,
              format,
              result.operation(),
              rate(result.jdkRate()),
              rate(result.carbideRate()),
              Double.isNaN(result.offRate()) ? "=" : rate(result.offRate()),
              ratio(result.carbideRate() / result.jdkRate())));
    }
    String jdkProviders =
        String.join(", ", results.stream().map(Result::jdkProvider).distinct().toList());
    text.append("ratio = Carbide / JDK; JDK providers: ").append(jdkProviders).append('\n');
    text.append("hybrid off = Carbide with carbide.hybrid=off (all OpenSSL); '=' where routing")
        .append(" cannot change the engine (docs/hybrid.md)\n");
    return text.toString();
  }

  /** One object per measured provider and operation; an operation a provider lacks has none. */
  static String json(List<Result> results) {
    JsonWriter json = new JsonWriter().beginArray();
    for (Result result : results) {
      row(json, result.operation(), result.jdkProvider(), result.jdkRate());
      row(json, result.operation(), result.carbideProvider(), result.carbideRate());
      row(json, result.operation(), result.carbideProvider() + OFF, result.offRate());
    }
    return json.endArray() + System.lineSeparator();
  }

  private static void row(JsonWriter json, String operation, String provider, double rate) {
    if (Double.isNaN(rate)) {
      return;
    }
    json.beginObject()
        .name("operation")
        .value(operation)
        .name("provider")
        .value(provider)
        .name("opsPerMs")
        .value(rate)
        .endObject();
  }

  private static String rate(double rate) {
    if (Double.isNaN(rate)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, rate >= 100 ? "%.0f" : rate >= 1 ? "%.2f" : "%.4f", rate);
  }

  private static String ratio(double ratio) {
    return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.2f", ratio);
  }
}
