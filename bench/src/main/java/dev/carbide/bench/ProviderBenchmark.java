package dev.carbide.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every benchmark shares: the provider parameter and the run shape (throughput in ops/ms, one
 * forked JVM). The annotations' iteration counts serve plain JMH use of the jar; the launcher
 * replaces them with its {@link Plan}. JMH starts the forked JVM with the host JVM's options, so
 * {@code -Dcarbide.openssl.path=system} given to the host also reaches the measured JVM.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(
    value = 1,
    jvmArgsAppend = {ProviderBenchmark.NATIVE_ACCESS, ProviderBenchmark.UNSAFE_ACCESS})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class ProviderBenchmark {
  /** Lets Carbide load its native library without a warning. */
  static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

  /** Lets JMH itself use sun.misc.Unsafe without a warning on JDK 24 and later. */
  static final String UNSAFE_ACCESS = "--sun-misc-unsafe-memory-access=allow";

  /** The options above, for a launcher that adds its own to a fork. */
  static final List<String> FORK_OPTIONS = List.of(NATIVE_ACCESS, UNSAFE_ACCESS);

  /** A name from {@link Providers}. The launcher passes every name that can serve the benchmark. */
  @Param({Providers.CARBIDE, Providers.JDK})
  public String provider;
}
