package dev.carbide.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.ChildJvm;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * NativeMemory's accounting and its prompted collections, watched in child JVMs whose only
 * registered objects are the probe's (see {@link PromptedCollectionProbe}).
 */
class NativeMemoryTest {
  private static final long EC_KEY = NativeFootprint.EC_KEY.bytes();

  @Test
  void sizesParseAsTheJvmsOptionsDo() {
    assertEquals(64L << 20, NativeMemory.parseSize("64m"));
    assertEquals(64L << 20, NativeMemory.parseSize(" 64M "));
    assertEquals(1L << 30, NativeMemory.parseSize("1g"));
    assertEquals(512L << 10, NativeMemory.parseSize("512K"));
    assertEquals(1000, NativeMemory.parseSize("1000"));
    assertEquals(0, NativeMemory.parseSize("0"));
    for (String bad : List.of("", "m", "64mb", "-1", "1.5g", "99999999999g", "sixty")) {
      assertThrows(IllegalArgumentException.class, () -> NativeMemory.parseSize(bad), bad);
    }
  }

  @Test
  void theLimitIs64MegabytesUnlessSetAndAWrongSettingIsReported() throws Exception {
    assertEquals("67108864", probe(List.of(), "limit").line("limit\t"));
    assertEquals(
        "16777216", probe(List.of("-Dcarbide.native.memoryLimit=16m"), "limit").line("limit\t"));
    ChildJvm.Result wrong = probe(List.of("-Dcarbide.native.memoryLimit=16 MB"), "limit");
    assertEquals("67108864", wrong.line("limit\t"));
    assertTrue(
        wrong.stderr().contains("carbide.native.memoryLimit=16 MB is not a size"), wrong::toString);
  }

  @Test
  void droppedObjectsPastTheLimitArePromptedToCollection() throws Exception {
    // 1 MB is 513 stand-ins: far too little heap for the collector to run of its own accord.
    ChildJvm.Result child = probe(List.of("-Dcarbide.native.memoryLimit=1m"), "drop", "100000");

    assertEquals(0, child.exitCode(), child::toString);
    // Registering stops once the total passes the limit: after 513 stand-ins, or a few more if a
    // collection the JVM ran of its own accord (a loaded CI machine saw one) freed some first.
    long stoppedAt = Long.parseLong(child.line("registered\t"));
    assertTrue(
        stoppedAt >= (1 << 20) / EC_KEY + 1 && stoppedAt < 2 * ((1 << 20) / EC_KEY),
        child::toString);
    assertTrue(Long.parseLong(child.line("cycles\t")) >= 1, child::toString);
    assertTrue(Long.parseLong(child.line("reserved\t")) <= 1 << 20, child::toString);
    long registered = Long.parseLong(child.line("registered\t"));
    long freed = Long.parseLong(child.line("freed\t"));
    assertEquals(
        registered * EC_KEY - freed * EC_KEY,
        Long.parseLong(child.line("reserved\t")),
        "the total is what was registered and not freed\n" + child);
  }

  @Test
  void aZeroLimitPromptsNoCollection() throws Exception {
    ChildJvm.Result child = probe(List.of("-Dcarbide.native.memoryLimit=0"), "drop", "20000");

    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("20000", child.line("registered\t"), child::toString);
    assertEquals(0, Long.parseLong(child.line("cycles\t")), child::toString);
    assertEquals(20000 * EC_KEY, Long.parseLong(child.line("reserved\t")), child::toString);
  }

  @Test
  void anExplicitCleanFreesOnceAndReleasesTheAccount() throws Exception {
    ChildJvm.Result child = probe(List.of(), "clean");

    assertEquals(0, child.exitCode(), child::toString);
    assertEquals(EC_KEY, Long.parseLong(child.line("held\t")), child::toString);
    assertEquals(42, Long.parseLong(child.line("freed\t")), child::toString);
    assertEquals(0, Long.parseLong(child.line("reserved\t")), child::toString);
  }

  private static ChildJvm.Result probe(List<String> options, String... args) throws Exception {
    return ChildJvm.run(options, PromptedCollectionProbe.class, args);
  }
}
