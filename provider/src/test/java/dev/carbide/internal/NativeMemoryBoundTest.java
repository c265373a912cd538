package dev.carbide.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.DroppedObjectsLoop;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Native memory held by dropped keys stays bounded under a small heap. An EC P-256 key pair is
 * about 250 bytes of heap over 2 KB of native memory, so with a 64 MB heap a young collection comes
 * only every 50,000 pairs or so, and before NativeMemory prompted collections, 200,000 pairs grew
 * the resident set from 110 MB to over 270 MB (issue 13 saw 620 to 760 MB with a larger young
 * generation); with it, the loop stays near 150 MB.
 */
class NativeMemoryBoundTest {
  /** The resident-memory ceiling issue 13 sets for the loop. */
  private static final long CEILING_MB = 256;

  @Test
  void droppedEcKeyPairsStayUnderTheCeilingWithA64MegabyteHeap() throws Exception {
    ChildJvm.Result child =
        ChildJvm.run(List.of("-Xmx64m"), DroppedObjectsLoop.class, "ec-keygen", "200000");

    assertEquals(0, child.exitCode(), child::toString);
    long peak = Long.parseLong(child.line("peak\t"));
    assertTrue(peak < CEILING_MB, () -> "resident memory reached " + peak + " MB:\n" + child);
  }
}
