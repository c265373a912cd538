package dev.carbide.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A short, fixed-seed pass of the differential fuzzer in the ordinary suite, so a regression shows
 * up in every build; CI's fuzz pass ({@code ./carbide fuzz}) runs it for minutes with a fresh seed
 * too. Budget: -Dcarbide.fuzz.cases (default 1000 cases over all targets).
 */
class DifferentialFuzzTest {
  private static final long CASES = Long.getLong("carbide.fuzz.cases", 1000);

  @Test
  void carbideAgreesWithTheJdkOnRandomCases() {
    FuzzRunner.Report report = FuzzRunner.run(FuzzRunner.FIXED_SEED, CASES, 600, null);
    System.out.println(report);
    assertFalse(report.failed(), report::toString);
    assertTrue(report.cases >= CASES, report::toString);
    assertEquals(FuzzRunner.targets().size(), report.casesPerTarget.size(), report::toString);
  }

  /** A case is a function of the seed, the target and its number: it replays alone. */
  @Test
  void aCaseReplaysFromItsSeedAndNumber() {
    for (FuzzTarget target : FuzzRunner.targets()) {
      assertEquals(
          FuzzRunner.caseRandom(7, target.name(), 42).nextLong(),
          FuzzRunner.caseRandom(7, target.name(), 42).nextLong());
    }
  }

  /** A divergence the fuzzer must catch: a cipher result that differs from the JDK's. */
  @Test
  void reportsADivergence() {
    Outcome same = new Outcome(new byte[] {1, 2}, null, null);
    Outcome other = new Outcome(new byte[] {1, 3}, null, null);
    Outcome failed = new Outcome(null, "doFinal", new javax.crypto.BadPaddingException());
    Outcome assertion = new Outcome(null, "doFinal", new AssertionError());
    assertTrue(same.agreesWith(new Outcome(new byte[] {1, 2}, null, null)));
    assertFalse(same.agreesWith(other));
    assertFalse(same.agreesWith(failed));
    assertFalse(
        failed.agreesWith(new Outcome(null, "update", new javax.crypto.BadPaddingException())));
    assertFalse(assertion.agreesWith(assertion));
  }

  /** Several threads on one engine of each type: exceptions are fine, a crash or Error is not. */
  @Test
  void sharedEnginesNeverCrashTheJvm() throws Exception {
    Map<String, Long> known = new TreeMap<>();
    assertEquals(List.of(), FuzzRunner.sharedEngines(100, known));
    System.out.println("shared engines, known pending merge: " + known);
  }
}
