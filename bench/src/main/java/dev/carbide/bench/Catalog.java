package dev.carbide.bench;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/** Every benchmark class the launcher runs, each with its availability probe. Add new ones here. */
final class Catalog {
  /** Returns normally if {@code provider} can run the benchmark for {@code algorithm}. */
  interface Probe {
    void run(String provider, String algorithm) throws Exception;
  }

  /** One benchmark class and the probe that mirrors its {@code @Setup}. */
  record Entry(Class<? extends ProviderBenchmark> type, Probe probe) {
    /** The values of the class's {@code algorithm} parameter, or a single null if it has none. */
    List<String> algorithms() {
      try {
        return List.of(type.getField("algorithm").getAnnotation(Param.class).value());
      } catch (NoSuchFieldException e) {
        return Collections.singletonList(null);
      }
    }

    /**
     * The name of the class's second parameter, which each job fixes like the algorithm: {@code
     * size} (bytes), or {@code records} for the mixed workload; null if it has neither.
     */
    String sizeParam() {
      for (String name : List.of("size", "records")) {
        try {
          type.getField(name);
          return name;
        } catch (NoSuchFieldException e) {
          // try the next
        }
      }
      return null;
    }

    /** The values of the class's {@link #sizeParam}, or a single null if it has none. */
    List<String> sizes() {
      String name = sizeParam();
      if (name == null) {
        return Collections.singletonList(null);
      }
      try {
        return List.of(type.getField(name).getAnnotation(Param.class).value());
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException(e);
      }
    }

    /**
     * True if the launcher measures {@code provider} here: Carbide with routing off only where the
     * routes are compared, the mixed workload.
     */
    boolean measures(String provider) {
      return !Providers.CARBIDE_HYBRID_OFF.equals(provider) || type == TlsServerMixBenchmark.class;
    }

    /** The full names ("dev.carbide.bench.MacBenchmark.doFinal") of its benchmark methods. */
    List<String> methods() {
      return Arrays.stream(type.getMethods())
          .filter(m -> m.isAnnotationPresent(Benchmark.class))
          .map(Method::getName)
          .sorted()
          .map(name -> type.getName() + "." + name)
          .toList();
    }
  }

  static final List<Entry> ENTRIES =
      List.of(
          new Entry(MessageDigestBenchmark.class, MessageDigestBenchmark::probe),
          new Entry(MacBenchmark.class, MacBenchmark::probe),
          new Entry(SecureRandomBenchmark.class, SecureRandomBenchmark::probe),
          new Entry(KdfBenchmark.class, KdfBenchmark::probe),
          new Entry(PasswordKdfBenchmark.class, PasswordKdfBenchmark::probe),
          new Entry(KeyKdfBenchmark.class, KeyKdfBenchmark::probe),
          new Entry(CipherBenchmark.class, CipherBenchmark::probe),
          new Entry(CipherIntoArrayBenchmark.class, CipherIntoArrayBenchmark::probe),
          new Entry(CipherTlsRecordBenchmark.class, CipherTlsRecordBenchmark::probe),
          new Entry(PbeCipherBenchmark.class, PbeCipherBenchmark::probe),
          new Entry(SignatureBenchmark.class, SignatureBenchmark::probe),
          new Entry(RsaCipherBenchmark.class, RsaCipherBenchmark::probe),
          new Entry(KeyAgreementBenchmark.class, KeyAgreementBenchmark::probe),
          new Entry(KeyPairGeneratorBenchmark.class, KeyPairGeneratorBenchmark::probe),
          new Entry(KEMBenchmark.class, KEMBenchmark::probe),
          new Entry(TlsServerMixBenchmark.class, TlsServerMixBenchmark::probe),
          new Entry(TlsHandshakeCallsBenchmark.class, TlsHandshakeCallsBenchmark::probe));

  private Catalog() {}
}
