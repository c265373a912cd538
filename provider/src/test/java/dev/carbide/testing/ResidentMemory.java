package dev.carbide.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This process's resident set size, as Linux reports it in /proc/self/status (VmRSS). */
public final class ResidentMemory {
  private static final Path STATUS = Path.of("/proc/self/status");

  private ResidentMemory() {}

  /** VmRSS in whole megabytes (MiB). */
  public static long megabytes() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith("VmRSS:")) {
          // "VmRSS:	  123456 kB"
          String kilobytes = line.substring("VmRSS:".length()).trim().split("\\s+")[0];
          return Long.parseLong(kilobytes) / 1024;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("no VmRSS line in " + STATUS);
  }
}
