package dev.carbide.bench;

/**
 * One measurement: a benchmark method with one provider and one value of each parameter, run as a
 * JMH run of its own so that the launcher can show progress between them.
 *
 * @param entry the benchmark class
 * @param method the method's full name ("dev.carbide.bench.MacBenchmark.doFinal")
 * @param provider a name from {@link Providers}
 * @param algorithm the {@code algorithm} parameter, or null if the class has none
 * @param size the {@code size} parameter, or null if the class has none
 */
record Job(Catalog.Entry entry, String method, String provider, String algorithm, String size) {
  /** How the progress line names it: "MacBenchmark.doFinal HmacSHA256 1024 Carbide". */
  String label() {
    StringBuilder text =
        new StringBuilder(
            method.substring(method.lastIndexOf('.', method.lastIndexOf('.') - 1) + 1));
    if (algorithm != null) {
      text.append(' ').append(algorithm);
    }
    if (size != null) {
      text.append(' ').append(size);
    }
    return text.append(' ').append(provider).toString();
  }

  /**
   * An operation much slower than a 1 s iteration (RSA-4096 key generation takes up to seconds in
   * some providers), so each iteration overruns; the time estimate counts it double.
   */
  boolean slow() {
    return "RSA-4096".equals(algorithm);
  }
}
