package dev.carbide.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs a main class of the test sources in a fresh JVM: the java launcher and classpath of this
 * JVM, the same OpenSSL choice ({@code carbide.openssl.path}, unless the test sets its own) and
 * -Xcheck:jni, plus the options a test adds. Output goes to files, so a chatty child can never
 * block on a full pipe.
 */
public final class ChildJvm {
  private static final long TIMEOUT_SECONDS = 180;

  private ChildJvm() {}

  /** What the child printed, and how it ended. */
  public record Result(int exitCode, String stdout, String stderr) {
    /** The lines of stdout that start with {@code prefix}, with the prefix removed. */
    public List<String> lines(String prefix) {
      return stdout
          .lines()
          .filter(line -> line.startsWith(prefix))
          .map(line -> line.substring(prefix.length()))
          .collect(Collectors.toList());
    }

    /** The single stdout line that starts with {@code prefix}, without it; fails otherwise. */
    public String line(String prefix) {
      List<String> lines = lines(prefix);
      if (lines.size() != 1) {
        throw new AssertionError("expected one line " + prefix + "... in\n" + this);
      }
      return lines.get(0);
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
    }
  }

  /** The java launcher that runs this JVM. */
  public static String java() {
    return ProcessHandle.current().info().command().orElseThrow();
  }

  /** This JVM's classpath entries (surefire sets java.class.path to the real test classpath). */
  public static List<String> classPath() {
    return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
  }

  /** Runs {@code mainClass} with this JVM's classpath, or the one {@code options} set. */
  public static Result run(List<String> options, Class<?> mainClass, String... args)
      throws IOException, InterruptedException {
    return run(options, Map.of(), mainClass, args);
  }

  /** As {@link #run(List, Class, String...)}, with {@code environment} changed (null removes). */
  public static Result run(
      List<String> options, Map<String, String> environment, Class<?> mainClass, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.add("-Xcheck:jni");
    command.add("-Xmx256m");
    command.add("-XX:+UseSerialGC");
    String openssl = System.getProperty("carbide.openssl.path");
    boolean ownChoice = options.stream().anyMatch(o -> o.startsWith("-Dcarbide.openssl.path="));
    if (openssl != null && !ownChoice) {
      command.add("-Dcarbide.openssl.path=" + openssl);
    }
    if (!options.contains("-cp")) {
      command.add("-cp");
      command.add(String.join(File.pathSeparator, classPath()));
    }
    command.addAll(options);
    command.add(mainClass.getName());
    command.addAll(List.of(args));

    Path stdout = Files.createTempFile("carbide-child-", ".out");
    Path stderr = Files.createTempFile("carbide-child-", ".err");
    try {
      ProcessBuilder builder = new ProcessBuilder(command);
      environment.forEach(
          (name, value) -> {
            if (value == null) {
              builder.environment().remove(name);
            } else {
              builder.environment().put(name, value);
            }
          });
      Process process =
          builder
              .redirectOutput(stdout.toFile())
              .redirectError(stderr.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError("child JVM timed out: " + command);
      }
      Result result =
          new Result(
              process.exitValue(),
              Files.readString(stdout, StandardCharsets.UTF_8),
              Files.readString(stderr, StandardCharsets.UTF_8));
      // -Xcheck:jni reports misuse as "WARNING in native method" or "FATAL ERROR in native method".
      if (result.stderr.contains("in native method")) {
        throw new AssertionError("JNI misuse in the child JVM:\n" + result);
      }
      return result;
    } finally {
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
    }
  }
}
