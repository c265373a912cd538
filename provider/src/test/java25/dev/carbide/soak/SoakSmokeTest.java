package dev.carbide.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.carbide.testing.ChildJvm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A short run of the soak test, so CI proves it still runs and its results still check out. Too
 * short to judge memory growth: the full run is {@code ./carbide soak}.
 */
class SoakSmokeTest {
  @Test
  void aShortSoakRunsEveryOperationOnEightThreads() throws Exception {
    ChildJvm.Result child =
        ChildJvm.run(
            List.of("-Xmx128m"),
            Soak.class,
            "--ops",
            "36000",
            "--threads",
            "8",
            "--max-growth-mb",
            "4096");

    assertEquals("PASS", child.line("verdict\t"), child::toString);
    assertEquals("36000 on 8 threads", child.line("operations\t").replaceAll(" in .*", ""));
    assertEquals(0, child.exitCode(), child::toString);
  }
}
