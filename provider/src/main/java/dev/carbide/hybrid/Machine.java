package dev.carbide.hybrid;

import dev.carbide.internal.NativeCore;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a measured profile depends on: the CPU (model and feature flags, from /proc/cpuinfo), the
 * JDK (version and vendor), the OpenSSL build and Carbide's version. A profile is trusted only on a
 * machine whose identity matches every field.
 */
record Machine(String cpuModel, Set<String> cpuFlags, String java, String openssl, String carbide) {

  /** The machine this JVM runs on. Call only with the native library loaded. */
  static Machine current() {
    String model = "unknown";
    Set<String> flags = new TreeSet<>();
    try {
      // Only the first processor's lines: the file repeats them for each core.
      List<String> lines = new ArrayList<>();
      try (BufferedReader reader =
          Files.newBufferedReader(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
        for (String line = reader.readLine(); line != null && !line.isBlank(); ) {
          lines.add(line);
          line = reader.readLine();
        }
      }
      for (String line : lines) {
        int colon = line.indexOf(':');
        if (colon < 0) {
          continue;
        }
        String name = line.substring(0, colon).trim();
        String value = line.substring(colon + 1).trim();
        if (name.equals("model name")) {
          model = value;
        } else if (name.equals("flags") || name.equals("Features")) {
          flags.addAll(Arrays.asList(value.split("\\s+")));
        }
      }
    } catch (IOException | RuntimeException e) {
      // Another OS: the model stays unknown and no flag makes the default certain.
    }
    String java = System.getProperty("java.vendor") + " " + System.getProperty("java.vm.version");
    String carbide = Machine.class.getPackage().getImplementationVersion();
    return new Machine(
        model, flags, java, NativeCore.opensslVersion(), carbide == null ? "unpackaged" : carbide);
  }

  boolean hasFlags(String... names) {
    return cpuFlags.containsAll(List.of(names));
  }

  /** The identity as the profile's header fields, in the order they are written. */
  Map<String, String> fields() {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("cpu.model", cpuModel);
    fields.put("cpu.flags", flagsDigest());
    fields.put("java", java);
    fields.put("openssl", openssl);
    fields.put("carbide", carbide);
    return fields;
  }

  /** A short name for this identity, used as the cached profile's file name. */
  String fileName() {
    return "hybrid-" + sha256(String.join("\n", fields().values())).substring(0, 16) + ".profile";
  }

  // The flag list is long (a hundred names); the profile records its digest.
  private String flagsDigest() {
    return sha256(String.join(" ", cpuFlags));
  }

  private static String sha256(String text) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256", "SUN");
      return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException | java.security.NoSuchProviderException e) {
      return Integer.toHexString(text.hashCode());
    }
  }
}
