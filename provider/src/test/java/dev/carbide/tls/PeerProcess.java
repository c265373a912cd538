package dev.carbide.tls;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A peer process of the interop test (a server that runs until closed, or a client run to its end),
 * with its output in files so that a chatty peer never blocks on a full pipe. A server is ready
 * once it prints a line starting with a given prefix; closing it closes its standard input, which
 * ends the JSSE server, and stops it by its own handle if it is still running.
 */
public final class PeerProcess implements AutoCloseable {
  private static final long RUN_SECONDS = 30;
  private static final long READY_SECONDS = 60;

  /** What a finished peer printed, and how it ended. */
  public record Output(int exitCode, byte[] stdout, String stderr) {
    @Override
    public String toString() {
      return "exit "
          + exitCode
          + "\n--- stdout\n"
          + new String(stdout, StandardCharsets.ISO_8859_1)
          + "\n--- stderr\n"
          + stderr;
    }
  }

  private final Process process;
  private final Path stdout;
  private final Path stderr;
  private final boolean endsWithInput;
  private String readyLine;

  private PeerProcess(Process process, Path stdout, Path stderr, boolean endsWithInput) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
    this.endsWithInput = endsWithInput;
  }

  /** Runs {@code command} in {@code dir} with {@code input} on its standard input, to its end. */
  public static Output run(List<String> command, Path dir, byte[] input) throws Exception {
    Path out = Files.createTempFile(dir, "peer-", ".out");
    Path err = Files.createTempFile(dir, "peer-", ".err");
    try {
      Process process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .start();
      try (OutputStream in = process.getOutputStream()) {
        in.write(input);
      } catch (IOException e) {
        // The peer may exit without reading its input; its output says why.
      }
      if (!process.waitFor(RUN_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        return new Output(-1, Files.readAllBytes(out), "timed out\n" + Files.readString(err));
      }
      return new Output(process.exitValue(), Files.readAllBytes(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /**
   * Starts {@code command} in {@code dir} and waits for a line that starts with {@code ready}.
   * {@code endsWithInput}: the server exits by itself once its standard input closes (the JSSE
   * server does; s_server does not, and is stopped at once).
   */
  public static PeerProcess start(
      List<String> command, Path dir, String ready, boolean endsWithInput) throws Exception {
    Path out = Files.createTempFile(dir, "server-", ".out");
    Path err = Files.createTempFile(dir, "server-", ".err");
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    PeerProcess peer = new PeerProcess(process, out, err, endsWithInput);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    while (System.nanoTime() < deadline) {
      for (String line : Files.readAllLines(out, StandardCharsets.ISO_8859_1)) {
        if (line.startsWith(ready)) {
          peer.readyLine = line;
          return peer;
        }
      }
      if (!process.isAlive()) {
        break;
      }
      Thread.sleep(50);
    }
    String why = peer.toString();
    peer.close();
    throw new AssertionError("peer not ready: " + command + "\n" + why);
  }

  /** The line that said the server was ready. */
  public String readyLine() {
    return readyLine;
  }

  /** The single line of standard output so far that starts with {@code prefix}. */
  public String line(String prefix) throws IOException {
    return Files.readAllLines(stdout, StandardCharsets.ISO_8859_1).stream()
        .filter(line -> line.startsWith(prefix))
        .findFirst()
        .orElse(null);
  }

  /** The port a JSSE server printed as "port NAME N". */
  int port(String name) throws IOException {
    String line = line("port " + name + " ");
    if (line == null) {
      throw new AssertionError("no port " + name + " in\n" + this);
    }
    return Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1));
  }

  @Override
  public String toString() {
    try {
      return "--- stdout\n"
          + Files.readString(stdout, StandardCharsets.ISO_8859_1)
          + "--- stderr\n"
          + Files.readString(stderr, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      return e.toString();
    }
  }

  @Override
  public void close() throws Exception {
    try {
      process.getOutputStream().close();
      if (!endsWithInput || !process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor();
        }
      }
    } finally {
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
    }
  }
}
