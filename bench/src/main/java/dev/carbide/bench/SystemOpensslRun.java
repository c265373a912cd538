package dev.carbide.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures {@link Providers#CARBIDE_SYSTEM_OPENSSL}: Carbide's native library binds to one OpenSSL
 * per JVM, so the launcher starts a second launcher JVM with {@code -Dcarbide.openssl.path=system}
 * (and otherwise its own options), which probes and runs the same benchmarks into a subdirectory.
 * The JMH forks of that JVM inherit the property, so every Carbide-3.0 number comes from OpenSSL
 * 3.0.
 */
final class SystemOpensslRun {
  private SystemOpensslRun() {}

  /** True if this JVM's Carbide is on the system's OpenSSL, so Carbide-3.0 can run right here. */
  static boolean isThisJvm() {
    return "system".equals(System.getProperty("carbide.openssl.path"));
  }

  /**
   * Runs the child launcher to completion with the parent's {@code plan}, numbering its progress
   * from {@code done} of {@code total}; returns the directory holding its results.
   */
  static Path run(LaunchOptions options, Plan plan, int done, int total) throws IOException {
    Path out = options.out().resolve(Providers.CARBIDE_SYSTEM_OPENSSL);
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.add(Providers.SYSTEM_OPENSSL_PROPERTY);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(BenchMain.class.getName());
    command.addAll(
        options.toArgs(List.of(Providers.CARBIDE_SYSTEM_OPENSSL), out, plan, done, total));
    System.out.println("# " + Providers.CARBIDE_SYSTEM_OPENSSL + ": a launcher JVM of its own");
    Process child = new ProcessBuilder(command).inheritIO().start();
    try {
      int status = child.waitFor();
      if (status != 0) {
        throw new IllegalStateException(
            "the " + Providers.CARBIDE_SYSTEM_OPENSSL + " launcher failed with status " + status);
      }
    } catch (InterruptedException e) {
      child.destroy();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + Providers.CARBIDE_SYSTEM_OPENSSL + " ran", e);
    }
    return out;
  }
}
