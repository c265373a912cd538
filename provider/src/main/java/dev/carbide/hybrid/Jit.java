package dev.carbide.hybrid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether HotSpot's JIT is compiling right now, from the scheduler's view of its compiler threads
 * (Linux's /proc/self/task): a compiler thread waiting for work sleeps, one that compiles is
 * runnable even while a loaded machine keeps it off the CPU. Calibration waits on this before it
 * times the JDK, whose intrinsics exist only in C2's code; timing a rate that has stopped improving
 * was not enough, since under load a compile can take a second of wall time to land.
 */
final class Jit {
  private Jit() {}

  private static final Path TASKS = Path.of("/proc/self/task");

  // The compiler threads' task folders, found once and again every RESCAN calls: HotSpot may
  // start or stop compiler threads as its queue grows, and listing every thread's name at each
  // poll would cost more CPU than the wait saves.
  private static final int RESCAN = 64;
  private static List<Path> compilers = List.of();
  private static int polls;

  /** True if a compiler thread is runnable; false if none is, or if this cannot be known. */
  static synchronized boolean busy() {
    try {
      if (polls++ % RESCAN == 0) {
        compilers = scan();
      }
      for (Path task : compilers) {
        if (isRunnable(task)) {
          return true;
        }
      }
    } catch (IOException | RuntimeException e) {
      // A compiler thread ended while being read: look again next time.
      polls = 0;
    }
    return false;
  }

  private static List<Path> scan() {
    List<Path> found = new ArrayList<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        if (isCompiler(task)) {
          found.add(task);
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux: nothing is known to be compiling, and the caller's rate check still applies.
    }
    return found;
  }

  private static boolean isCompiler(Path task) throws IOException {
    // The kernel keeps 15 characters of a thread's name: "C2 CompilerThre".
    String name = Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII);
    return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
  }

  private static boolean isRunnable(Path task) throws IOException {
    // The state follows the parenthesised name, which itself holds spaces.
    String stat = Files.readString(task.resolve("stat"), StandardCharsets.US_ASCII);
    int close = stat.lastIndexOf(')');
    return close >= 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'R';
  }
}
