package dev.carbide.bench;

import dev.carbide.CarbideProvider;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the suite without ever measuring what a provider cannot do. For each benchmark and provider
 * it first runs the benchmark's probe here, then starts JMH with an explicit list of the algorithms
 * that passed. The rest are written to unavailable.tsv with the reason, so that reports say "n/a"
 * rather than show a failure or a zero. All results are merged into results.json.
 *
 * <p>Any failure other than "not available" (a crash, an exception inside a measured JVM) stops the
 * run with an error: that is what keeps --smoke honest in CI.
 */
public final class BenchMain {
  private final LaunchOptions options;
  private final List<Path> parts = new ArrayList<>();
  private final List<String> unavailable = new ArrayList<>();
  private final List<String> providerVersions = new ArrayList<>();

  private BenchMain(LaunchOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws IOException, RunnerException {
    LaunchOptions options;
    try {
      options = LaunchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("bench: " + e.getMessage());
      System.exit(2);
      return;
    }
    requireMultiReleaseJar();
    if (options.providers().contains(Providers.CARBIDE) || SystemOpensslRun.isThisJvm()) {
      System.out.println("# Carbide on " + CarbideProvider.opensslVersion());
    }
    new BenchMain(options).runAll();
  }

  private void runAll() throws IOException, RunnerException {
    Files.createDirectories(options.out());
    // Carbide-3.0 runs in this JVM only if it is the child launcher, on the system's OpenSSL.
    List<String> here = new ArrayList<>(options.providers());
    boolean delegate =
        !SystemOpensslRun.isThisJvm() && here.remove(Providers.CARBIDE_SYSTEM_OPENSSL);
    for (String provider : here) {
      providerVersions.add(tsv(provider, Providers.describe(provider)));
    }
    for (Catalog.Entry entry : Catalog.ENTRIES) {
      List<String> methods =
          entry.methods().stream().filter(m -> options.filter().matcher(m).find()).toList();
      if (!methods.isEmpty()) {
        // Providers inner, so each provider's runs of a benchmark sit close together in time.
        for (String provider : here) {
          run(entry, methods, provider);
        }
      }
    }
    if (delegate) {
      absorb(SystemOpensslRun.run(options));
    }
    Files.write(options.out().resolve("unavailable.tsv"), unavailable);
    Files.write(options.out().resolve("providers.tsv"), providerVersions);
    Files.writeString(options.out().resolve("results.json"), mergeJsonArrays(parts));
  }

  /** Takes in the results of a child launcher (see {@link SystemOpensslRun}). */
  private void absorb(Path childOut) throws IOException {
    parts.add(childOut.resolve("results.json"));
    unavailable.addAll(Files.readAllLines(childOut.resolve("unavailable.tsv")));
    providerVersions.addAll(Files.readAllLines(childOut.resolve("providers.tsv")));
  }

  private void run(Catalog.Entry entry, List<String> methods, String provider)
      throws RunnerException {
    String simpleName = entry.type().getSimpleName();
    List<String> algorithms = new ArrayList<>();
    for (String algorithm : entry.algorithms()) {
      String reason = probe(entry, provider, algorithm);
      if (reason == null) {
        algorithms.add(algorithm);
      } else {
        String what = algorithm == null ? "" : " " + algorithm;
        System.out.printf("# n/a: %s%s on %s: %s%n", simpleName, what, provider, reason);
        unavailable.add(tsv(simpleName, provider, algorithm, reason));
      }
    }
    if (!algorithms.isEmpty()) {
      Path json = options.out().resolve(simpleName + "-" + provider + ".json");
      new Runner(jmhOptions(methods, provider, algorithms, json)).run();
      parts.add(json);
    }
  }

  /**
   * The provider keeps its Java 25 classes (KDF) in META-INF/versions/25, which the JVM reads only
   * from a jar whose manifest says Multi-Release. Without it those services would silently show as
   * "n/a", so a shading mistake stops the run instead.
   */
  private static void requireMultiReleaseJar() throws IOException {
    Path source;
    try {
      source = Path.of(BenchMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
    if (Files.isRegularFile(source)) {
      try (JarFile jar = new JarFile(source.toFile())) {
        if (!jar.isMultiRelease()) {
          throw new IllegalStateException(source + " lacks Multi-Release: true in its manifest");
        }
      }
    }
  }

  /** Null if the probe passes, else why the combination cannot be measured. */
  private static String probe(Catalog.Entry entry, String provider, String algorithm) {
    try {
      entry.probe().run(provider, algorithm);
      return null;
    } catch (NotAvailableException | GeneralSecurityException e) {
      return e.toString();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("probe of " + entry.type().getSimpleName() + " failed", e);
    }
  }

  /** One JMH run: the given methods, one provider, only the algorithms that passed the probe. */
  private Options jmhOptions(
      List<String> methods, String provider, List<String> algorithms, Path json) {
    ChainedOptionsBuilder builder =
        new OptionsBuilder()
            .param("provider", provider)
            .shouldFailOnError(true)
            .resultFormat(ResultFormatType.JSON)
            .result(json.toString());
    methods.forEach(m -> builder.include("^" + Pattern.quote(m) + "$"));
    if (algorithms.get(0) != null) {
      builder.param("algorithm", algorithms.toArray(String[]::new));
    }
    LaunchOptions.Length length = options.length();
    if (length != LaunchOptions.Length.FULL) {
      builder
          .forks(length.forks)
          .warmupIterations(length.warmups)
          .warmupTime(length.iterationTime)
          .measurementIterations(length.measurements)
          .measurementTime(length.iterationTime);
    }
    return builder.build();
  }

  private static String tsv(String... fields) {
    List<String> clean = new ArrayList<>();
    for (String field : fields) {
      clean.add(field == null ? "" : field.replaceAll("[\\t\\r\\n]+", " "));
    }
    return String.join("\t", clean);
  }

  /** Joins JMH's per-run JSON arrays into one array. */
  private static String mergeJsonArrays(List<Path> parts) throws IOException {
    List<String> bodies = new ArrayList<>();
    for (Path part : parts) {
      String text = Files.readString(part).strip();
      if (text.startsWith("[") && text.endsWith("]")) {
        text = text.substring(1, text.length() - 1).strip();
      }
      if (!text.isEmpty()) {
        bodies.add(text);
      }
    }
    return "[\n" + String.join(",\n", bodies) + "\n]\n";
  }
}
