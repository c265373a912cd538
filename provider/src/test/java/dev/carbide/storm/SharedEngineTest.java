package dev.carbide.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.ChildJvm;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One engine object of each kind, and keys, shared by eight threads at once (issue 13). The JCA
 * does not make engines thread-safe, but misuse must never crash the JVM: a racing call may throw
 * (IllegalStateException from the engine's guard, or a JCA exception), never corrupt native memory,
 * never throw an AssertionError or a ProviderException, and the engine must still be right when one
 * thread uses it afterwards. The storms run in a child JVM (with -Xcheck:jni), since a crash would
 * kill this one.
 */
class SharedEngineTest {
  private static final Pattern COMPLETED = Pattern.compile("completed=(\\d+)");

  @Test
  void sharedEnginesAndKeysSurviveThreadStorms() throws Exception {
    ChildJvm.Result child = ChildJvm.run(List.of(), SharedEngineStorm.class);
    for (String name : SharedEngineStorm.scenarios().keySet()) {
      List<String> ends = child.lines("end " + name + " ");
      assertEquals(1, ends.size(), () -> name + " never ended (a crash?):\n" + child);
      Matcher completed = COMPLETED.matcher(ends.get(0));
      assertTrue(completed.find(), ends.get(0));
      // Calls must also succeed, not only fail fast: a storm of refusals would prove nothing.
      assertTrue(Long.parseLong(completed.group(1)) > 0, () -> name + " made no progress");
      assertTrue(child.lines("checked ").contains(name), () -> name + " unchecked:\n" + child);
    }
    assertEquals(0, child.exitCode(), child::toString);
  }
}
