package dev.carbide.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted with the given options ({@code noexec}, {@code ro}) for the life of a test,
 * to make a host's locked-down directories. Mounting needs root (CI runs as root); elsewhere the
 * test is skipped, saying so.
 */
public final class TmpfsMount implements AutoCloseable {
  private final Path dir;

  private TmpfsMount(Path dir) {
    this.dir = dir;
  }

  /** Mounts a 64 MiB tmpfs with {@code options} on a new directory under {@code parent}. */
  public static TmpfsMount mount(Path parent, String options)
      throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory(parent, "mount-");
    int exit =
        mountCommand("mount", "-t", "tmpfs", "-o", options + ",size=64m", "tmpfs", dir.toString());
    assumeTrue(exit == 0, "cannot mount a tmpfs (needs root and CAP_SYS_ADMIN): exit " + exit);
    return new TmpfsMount(dir);
  }

  public Path dir() {
    return dir;
  }

  /**
   * Remounts with {@code options}, keeping the content (to make a prepared directory read-only).
   */
  public void remount(String options) throws IOException, InterruptedException {
    int exit = mountCommand("mount", "-o", "remount," + options, dir.toString());
    if (exit != 0) {
      throw new IOException("remount " + options + " of " + dir + " failed: exit " + exit);
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    int exit = mountCommand("umount", dir.toString());
    if (exit != 0) {
      throw new IOException("umount " + dir + " failed: exit " + exit);
    }
  }

  private static int mountCommand(String... command) throws IOException, InterruptedException {
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
    } catch (IOException e) {
      return -1; // no mount command here
    }
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
      return -1;
    }
    return process.exitValue();
  }
}
