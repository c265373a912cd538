package dev.carbide.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MainTest {
  @Test
  void noArgumentsPrintsUsage() {
    CommandRun run = CommandRun.of();
    assertEquals(0, run.status());
    assertTrue(run.out().startsWith("usage:"), run.out());
    for (String command : new String[] {"info", "speed", "selftest", "help"}) {
      assertTrue(run.out().contains("\n  " + command), command + " is missing from the usage");
    }
  }

  @Test
  void helpPrintsUsage() {
    CommandRun run = CommandRun.of("help");
    assertEquals(0, run.status());
    assertEquals(CommandRun.of().out(), run.out());
  }

  @Test
  void unknownCommandPrintsUsageOnStderrAndExits2() {
    CommandRun run = CommandRun.of("frobnicate");
    assertEquals(2, run.status());
    assertEquals("", run.out());
    assertTrue(run.err().contains("unknown command 'frobnicate'"), run.err());
    assertTrue(run.err().contains("usage:"), run.err());
  }

  @Test
  void unknownOptionExits2WithTheCommandsSynopsis() {
    CommandRun run = CommandRun.of("info", "--verbose");
    assertEquals(2, run.status());
    assertEquals("", run.out());
    assertTrue(run.err().contains("unknown option --verbose"), run.err());
    assertTrue(run.err().contains("usage: info [--json]"), run.err());
  }

  @Test
  void strayArgumentExits2() {
    assertEquals(2, CommandRun.of("selftest", "now").status());
    assertEquals(2, CommandRun.of("info", "--json", "please").status());
  }

  @Test
  void publicEntryPointRunsAgainstCarbide() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
    assertEquals(0, Main.run(new String[] {"info"}, stream, stream));
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("SHA-256"));
  }
}
