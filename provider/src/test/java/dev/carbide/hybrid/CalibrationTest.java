package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Calibration's decisions from engines of known relative cost: busy loops of a fixed length stand
 * in for the two engines, so the answer is known in advance and does not depend on the JIT of a
 * real cipher. Each race is a few milliseconds of CPU.
 */
class CalibrationTest {
  // Two distinct providers stand for the two engines; the probes below only compare identities.
  private static final Provider JDK = Security.getProvider("SUN");
  private static final Provider CARBIDE = Security.getProvider("SunJCE");

  private static volatile int sink;

  /** Work proportional to {@code units}, which the JIT cannot remove. */
  private static int spin(int units) {
    int x = sink;
    for (int i = 0; i < units; i++) {
      x = x * 31 + i;
    }
    return x;
  }

  @Test
  void anEngineThreeTimesFasterClearsTheMargin() throws Exception {
    double ratio = Calibration.race(() -> spin(200), () -> spin(600), Calibration.MARGIN, 500_000);
    assertTrue(ratio >= Calibration.MARGIN, "ratio " + ratio);
  }

  @Test
  void equalEnginesStayOnOpenssl() throws Exception {
    Probes.Operation jdk = () -> spin(400);
    Probes.Operation carbide = () -> spin(400);
    // The first race compiles both lambdas; one that catches an engine mid-compilation measures
    // the JIT, not the engines (a CI run on JDK 17 read 1.22 so), as calibration's warm-up avoids.
    Calibration.race(jdk, carbide, Calibration.MARGIN, 500_000);
    double ratio = Calibration.race(jdk, carbide, Calibration.MARGIN, 500_000);
    assertTrue(ratio < Calibration.MARGIN, "ratio " + ratio);
  }

  /**
   * A probe whose JDK engine costs {@code jdkUnits} per byte at each size, Carbide's 3 per byte,
   * counting at least 1 KiB: at 64 B the engines' cost in bytes (4 against 12 turns of the loop)
   * was below a call's own, so a 3:1 race there could read under the margin (a CI run on JDK 17
   * routed a JDK three times faster only from 1 KiB).
   */
  private static Probes.Probe probe(List<Integer> built, int... jdkUnits) {
    int[] sizes = {64, 1024, 16 * 1024};
    return new Probes.Probe(
        "synthetic",
        List.of("MessageDigest.SHA-256.digest"),
        sizes,
        "SHA-256",
        (provider, size, setup) -> {
          int index = List.of(64, 1024, 16 * 1024).indexOf(size);
          int units = (provider == JDK ? jdkUnits[index] : 3) * Math.max(size, 1024) / 16;
          if (provider == JDK) {
            built.add(size);
          }
          return () -> spin(units);
        });
  }

  private static RouteTable.Span measure(List<Integer> built, StringBuilder ratios, int... jdkUnits)
      throws Exception {
    return Calibration.measure(
        probe(built, jdkUnits), JDK, CARBIDE, new Probes.Setup(CARBIDE), ratios);
  }

  @Test
  void theJdkRouteStartsAtTheSmallestClassFromWhichItWinsEverywhereAbove() throws Exception {
    assertEquals(
        RouteTable.Span.from(1024), measure(new ArrayList<>(), new StringBuilder(), 6, 1, 1));
  }

  @Test
  void aJdkThatWinsEveryClassServesEverySize() throws Exception {
    assertEquals(RouteTable.Span.ALL, measure(new ArrayList<>(), new StringBuilder(), 1, 1, 1));
  }

  @Test
  void aLossAtTheLargestAndTheSmallestClassEndsTheMeasuring() throws Exception {
    List<Integer> built = new ArrayList<>();
    StringBuilder ratios = new StringBuilder();
    assertEquals(RouteTable.Span.NONE, measure(built, ratios, 4, 4, 6));
    // The smallest class is built once to drive the JIT, then 16 KiB and 64 B are raced, not 1 KiB.
    assertEquals(List.of(64, 16 * 1024), built, ratios.toString());
    assertTrue(ratios.toString().matches(" 64B:[0-9.]+ 16KB:[0-9.]+"), ratios.toString());
  }

  /** AES-CBC encryption's shape: the JDK wins small messages and ties large ones. */
  @Test
  void aJdkThatWinsOnlySmallClassesServesBelowTheFirstItLoses() throws Exception {
    List<Integer> built = new ArrayList<>();
    StringBuilder ratios = new StringBuilder();
    assertEquals(RouteTable.Span.below(1024), measure(built, ratios, 1, 3, 3));
    assertEquals(List.of(64, 16 * 1024, 1024), built, ratios.toString());
    assertTrue(
        ratios.toString().matches(" 64B:[0-9.]+ 1KB:[0-9.]+ 16KB:[0-9.]+"), ratios.toString());
    assertEquals(
        RouteTable.Span.below(16 * 1024), measure(new ArrayList<>(), new StringBuilder(), 1, 1, 3));
  }
}
