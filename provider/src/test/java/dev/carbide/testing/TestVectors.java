package dev.carbide.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads the shared test vectors in place (../shared/testvectors, or the directory named by the
 * system property or environment variable carbide.testvectors / CARBIDE_TESTVECTORS).
 */
public final class TestVectors {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TestVectors() {}

  public static Path dir() {
    String configured = System.getProperty("carbide.testvectors");
    if (configured == null) {
      configured = System.getenv("CARBIDE_TESTVECTORS");
    }
    Path path = configured != null ? Path.of(configured) : Path.of("../../shared/testvectors");
    if (!Files.isDirectory(path)) {
      throw new IllegalStateException("test vectors not found at " + path.toAbsolutePath());
    }
    return path;
  }

  public static JsonNode json(String relativePath) {
    try {
      return JSON.readTree(dir().resolve(relativePath).toFile());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One Wycheproof test with the group it belongs to. */
  public record WycheproofCase(String file, JsonNode group, JsonNode test) {
    public int id() {
      return test.get("tcId").asInt();
    }

    public String result() {
      return test.get("result").asText();
    }

    public byte[] bytes(String field) {
      return hex(test.get(field).asText());
    }

    public List<String> flags() {
      List<String> flags = new ArrayList<>();
      test.path("flags").forEach(flag -> flags.add(flag.asText()));
      return flags;
    }

    @Override
    public String toString() {
      return file + " #" + id() + " " + test.path("comment").asText();
    }
  }

  /** Every test of a Wycheproof file (under wycheproof/), flattened. Fails if there are none. */
  public static List<WycheproofCase> wycheproof(String fileName) {
    JsonNode root = json("wycheproof/" + fileName);
    List<WycheproofCase> cases = new ArrayList<>();
    for (JsonNode group : root.get("testGroups")) {
      for (JsonNode test : group.get("tests")) {
        cases.add(new WycheproofCase(fileName, group, test));
      }
    }
    if (cases.isEmpty()) {
      throw new IllegalStateException(fileName + " has no tests");
    }
    return cases;
  }

  public static byte[] hex(String hex) {
    return HexFormat.of().parseHex(hex);
  }

  public static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
