package dev.carbide.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** The command-line tools the interop tests run (the system's openssl, curl). */
public final class Tools {
  private Tools() {}

  /** Whether {@code tool} is an executable file in a directory of the PATH. */
  public static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }
}
