package dev.carbide.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link TlsRecordBenchmark}'s record measured in the thread's CPU time rather than JMH's wall
 * time, for a machine loaded by other work (where a wall-time score moves by more than the
 * difference it is meant to show). The three stacks at 1 KiB and 16 KiB are set up once in one JVM
 * and alternated round by round: six warm-up rounds, then {@code rounds} rounds of 0.3 s each;
 * printed per case, the median, least and most CPU microseconds per record. A diagnostic, run by
 * hand: {@code java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar
 * dev.carbide.bench.TlsRecordCpu 9} (docs/tls.md, "The record path again").
 */
public final class TlsRecordCpu {
  private static final long ROUND_NANOS = 300_000_000L;

  private TlsRecordCpu() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
    Map<String, TlsRecordBenchmark> cases = new LinkedHashMap<>();
    for (int size : new int[] {1024, 16384}) {
      for (String stack :
          new String[] {Providers.JDK, Providers.CARBIDE, TlsRecordBenchmark.ENGINE}) {
        TlsRecordBenchmark benchmark = new TlsRecordBenchmark();
        benchmark.provider = stack;
        benchmark.size = size;
        benchmark.setup();
        // SunJSSE's record ciphers are chosen in the handshake: Carbide can leave the list now.
        benchmark.restore();
        cases.put(stack + ", " + size + " B", benchmark);
      }
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<String, List<Double>> micros = new LinkedHashMap<>();
    long sink = 0;
    for (int round = -6; round < rounds; round++) {
      for (Map.Entry<String, TlsRecordBenchmark> entry : cases.entrySet()) {
        long records = 0;
        long cpu = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        while (System.nanoTime() - start < ROUND_NANOS) {
          for (int i = 0; i < 100; i++) {
            sink += entry.getValue().record();
          }
          records += 100;
        }
        cpu = threads.getCurrentThreadCpuTime() - cpu;
        if (round >= 0) {
          micros.computeIfAbsent(entry.getKey(), k -> new ArrayList<>()).add(cpu / 1e3 / records);
        }
      }
    }
    for (Map.Entry<String, List<Double>> entry : micros.entrySet()) {
      List<Double> values = entry.getValue();
      Collections.sort(values);
      System.out.printf(
          "%-24s CPU per record: median %.3f us, least %.3f, most %.3f%n",
          entry.getKey(), values.get(values.size() / 2), values.get(0), values.getLast());
    }
    System.out.println(sink == 42 ? "" : "(" + rounds + " rounds)");
  }
}
