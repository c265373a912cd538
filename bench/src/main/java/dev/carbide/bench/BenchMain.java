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
    List<Job> jobs = probeAll(here);
    // The child launcher's jobs are not probed yet: count them as Carbide's, which they mirror.
    List<Job> later = new ArrayList<>();
    if (delegate) {
      for (Job job : jobs) {
        if (job.provider().equals(Providers.CARBIDE)) {
          later.add(
              new Job(
                  job.entry(),
                  job.method(),
                  Providers.CARBIDE_SYSTEM_OPENSSL,
                  job.algorithm(),
                  job.size()));
        }
      }
    }
    List<Job> everything = new ArrayList<>(jobs);
    everything.addAll(later);
    Plan plan = options.plan() != null ? options.plan() : Plan.choose(options.length(), everything);
    jobs = plan.select(jobs);
    later = plan.select(later);
    int total = options.progressTotal() > 0 ? options.progressTotal() : jobs.size() + later.size();
    if (options.progressTotal() == 0) {
      System.out.printf(
          "# plan: %d benchmarks, about %s (%s)%n",
          total,
          Progress.text(plan.estimate(plan.select(everything)).toSeconds()),
          plan.describe());
    }
    if (options.dryRun()) {
      return;
    }
    Progress progress =
        new Progress(plan, options.progressDone(), total, jobs, plan.estimate(later).toSeconds());
    for (Job job : jobs) {
      progress.before(job);
      run(job, plan, progress.done());
    }
    if (delegate) {
      absorb(SystemOpensslRun.run(options, plan, progress.done(), total));
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

  /**
   * Probes every benchmark class with every provider and returns the jobs that can run, benchmark
   * classes outermost and providers next, so each provider's runs of a benchmark sit close together
   * in time. What cannot run is listed in unavailable.tsv.
   */
  private List<Job> probeAll(List<String> providers) {
    List<Job> jobs = new ArrayList<>();
    for (Catalog.Entry entry : Catalog.ENTRIES) {
      List<String> methods =
          entry.methods().stream().filter(m -> options.filter().matcher(m).find()).toList();
      if (methods.isEmpty()) {
        continue;
      }
      for (String provider : providers) {
        if (!entry.measures(provider)) {
          continue;
        }
        List<String> algorithms = available(entry, provider);
        for (String method : methods) {
          for (String algorithm : algorithms) {
            for (String size : entry.sizes()) {
              jobs.add(new Job(entry, method, provider, algorithm, size));
            }
          }
        }
      }
    }
    return jobs;
  }

  /** The algorithms whose probe passes; the others go to unavailable.tsv with the reason. */
  private List<String> available(Catalog.Entry entry, String provider) {
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
    return algorithms;
  }

  private void run(Job job, Plan plan, int number) throws RunnerException, IOException {
    Path runs = options.out().resolve("runs");
    Files.createDirectories(runs);
    Path json =
        runs.resolve(
            number + "-" + job.entry().type().getSimpleName() + "-" + job.provider() + ".json");
    new Runner(jmhOptions(job, plan, json)).run();
    if (Files.exists(json)) {
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
      // A peer that accepts parameters and then fails on them (NSS's secp256k1 key generation:
      // ProviderException CKR_DOMAIN_PARAMS_INVALID; GlaSSLess's RSASSA-PSS, whose setParameter
      // is SignatureSpi's UnsupportedOperationException) cannot serve the combination; Carbide
      // failing stops the run.
      if (provider.startsWith(Providers.CARBIDE)) {
        throw e;
      }
      return e.toString();
    } catch (Exception e) {
      throw new IllegalStateException("probe of " + entry.type().getSimpleName() + " failed", e);
    }
  }

  /** One JMH run: one method, one provider, one value of each parameter. */
  private static Options jmhOptions(Job job, Plan plan, Path json) {
    ChainedOptionsBuilder builder =
        new OptionsBuilder()
            .include("^" + Pattern.quote(job.method()) + "$")
            .param("provider", job.provider())
            // A peer that fails mid-run (GlaSSLess's ECDSA refuses a second sign() as "not
            // initialized") loses its row, as one that fails its probe does; Carbide stops the run.
            .shouldFailOnError(job.provider().startsWith(Providers.CARBIDE))
            .resultFormat(ResultFormatType.JSON)
            .result(json.toString())
            .forks(plan.forks())
            .warmupIterations(plan.warmups())
            .warmupTime(plan.iterationTime())
            .measurementIterations(plan.measurements())
            .measurementTime(plan.iterationTime());
    if (job.algorithm() != null) {
      builder.param("algorithm", job.algorithm());
    }
    if (job.size() != null) {
      builder.param(job.entry().sizeParam(), job.size());
    }
    List<String> jvmArgs = Providers.jvmArgs(job.provider());
    if (!jvmArgs.isEmpty()) {
      // A provider configured by JVM options is measured in a JVM started with them, even in a run
      // that otherwise measures in this one. Replacing the annotation's options drops its own.
      List<String> all = new ArrayList<>(ProviderBenchmark.FORK_OPTIONS);
      all.addAll(jvmArgs);
      builder.forks(Math.max(1, plan.forks())).jvmArgsAppend(all.toArray(String[]::new));
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
