package dev.carbide.hybrid;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A measured profile on disk: a few hundred bytes of {@code name=value} lines. The header names the
 * machine it was measured on ({@link Machine#fields()}), then one {@code route.<key>=<span>} line
 * per route key that the JDK serves at some input sizes ({@link RouteTable.Span}: {@code from N},
 * {@code below N} or {@code from N below M} bytes), then {@code routes=<count>}, so that a
 * truncated file is recognised. A profile is used only if every line parses, every route key is
 * known, and the header matches the running machine; otherwise it is refused with the reason, and
 * the caller falls back to the built-in default.
 */
final class Profile {
  private Profile() {}

  // Format 2 (session 15): a route is a span of sizes, no longer the size from which the JDK
  // serves.
  static final String FORMAT = "carbide.hybrid.profile=2";
  private static final String FORMAT_NAME = "carbide.hybrid.profile=";
  private static final String ROUTE = "route.";
  private static final int MAX_BYTES = 64 * 1024;

  /** A profile that cannot be trusted, with the reason. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String reason) {
      super(reason);
    }
  }

  /** The default location: $XDG_CACHE_HOME/carbide, or ~/.cache/carbide, one file per machine. */
  static Path defaultPath(Machine machine) {
    String cache = System.getenv("XDG_CACHE_HOME");
    Path base =
        cache != null && !cache.isEmpty()
            ? Path.of(cache)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("carbide").resolve(machine.fileName());
  }

  /** Reads and checks a profile measured on {@code machine}; throws with the reason if refused. */
  static RouteTable read(Path path, Machine machine) throws Refused {
    List<String> lines;
    try {
      if (Files.size(path) > MAX_BYTES) {
        throw new Refused(path + " is larger than any profile (" + Files.size(path) + " bytes)");
      }
      lines = Files.readAllLines(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new Refused("cannot read " + path + ": " + e);
    }
    return parse(lines, machine, "profile " + path);
  }

  static RouteTable parse(List<String> lines, Machine machine, String source) throws Refused {
    if (!lines.isEmpty() && !lines.get(0).equals(FORMAT) && lines.get(0).startsWith(FORMAT_NAME)) {
      throw new Refused(
          source
              + " is in another profile format ("
              + lines.get(0)
              + ", this Carbide reads "
              + FORMAT
              + "): run calibrate again");
    }
    if (lines.isEmpty() || !lines.get(0).equals(FORMAT)) {
      throw new Refused(source + " is not a Carbide hybrid profile (first line is not " + FORMAT);
    }
    Map<String, String> header = new LinkedHashMap<>();
    Map<String, RouteTable.Span> routes = new LinkedHashMap<>();
    Set<String> known = new HashSet<>(Routable.keys());
    Set<String> sizeless = new HashSet<>(Routable.sizelessKeys());
    Integer count = null;
    for (String line : lines.subList(1, lines.size())) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0 || count != null) {
        throw new Refused(source + " is corrupt at line '" + line + "'");
      }
      String name = line.substring(0, eq);
      String value = line.substring(eq + 1);
      if (name.startsWith(ROUTE)) {
        String key = name.substring(ROUTE.length());
        if (!known.contains(key)) {
          throw new Refused(source + " routes an unknown operation '" + key + "'");
        }
        RouteTable.Span span = RouteTable.Span.parse(value);
        if (span == null || routes.containsKey(key)) {
          throw new Refused(source + " is corrupt at line '" + line + "'");
        }
        if (!span.equals(RouteTable.Span.ALL) && sizeless.contains(key)) {
          // Signing and key generation have no input size: a span there is not ours.
          throw new Refused(source + " routes '" + key + "', which has no sizes, " + span);
        }
        routes.put(key, span);
      } else if (name.equals("routes")) {
        count = bytes(value, source, line);
      } else {
        header.put(name, value);
      }
    }
    if (count == null || count != routes.size()) {
      throw new Refused(source + " is truncated or corrupt (route count does not match)");
    }
    for (Map.Entry<String, String> field : machine.fields().entrySet()) {
      String recorded = header.get(field.getKey());
      if (!field.getValue().equals(recorded)) {
        throw new Refused(
            source
                + " was measured on another "
                + what(field.getKey())
                + " ("
                + field.getKey()
                + " is '"
                + recorded
                + "', this machine has '"
                + field.getValue()
                + "')");
      }
    }
    return new RouteTable(routes, source);
  }

  /** Writes a profile for {@code machine}, atomically (a reader never sees half a file). */
  static void write(Path path, Machine machine, Map<String, RouteTable.Span> routes)
      throws IOException {
    StringBuilder text = new StringBuilder(FORMAT).append('\n');
    text.append(
        "# written by 'carbide calibrate'; the JDK serves each route at those input sizes\n");
    machine
        .fields()
        .forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
    routes.forEach(
        (key, span) -> text.append(ROUTE).append(key).append('=').append(span).append('\n'));
    text.append("routes=").append(routes.size()).append('\n');
    Path parent = path.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path temporary = Files.createTempFile(parent, ".hybrid", ".tmp");
    try {
      Files.writeString(temporary, text, StandardCharsets.UTF_8);
      Files.move(
          temporary, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  private static int bytes(String value, String source, String line) throws Refused {
    try {
      int bytes = Integer.parseInt(value.trim());
      if (bytes >= 0) {
        return bytes;
      }
    } catch (NumberFormatException e) {
      // falls through to the refusal
    }
    throw new Refused(source + " is corrupt at line '" + line + "'");
  }

  private static String what(String field) {
    return switch (field) {
      case "cpu.model", "cpu.flags" -> "CPU";
      case "java" -> "JDK";
      case "openssl" -> "OpenSSL";
      default -> "Carbide version";
    };
  }
}
