package dev.carbide.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Reads the test vectors. The folder is, in order: the one named by the system property
 * carbide.testvectors or the environment variable CARBIDE_TESTVECTORS; the project's own copy
 * (src/test/resources/testvectors, on the test class path; see its SOURCE.md); the shared folder
 * ../shared/testvectors beside the checkout, as a fallback for files not yet imported. A file
 * {@code x.json} is read from {@code x.json} or, as the project copy stores it, {@code x.json.gz}.
 */
public final class TestVectors {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String GZIP = ".gz";

  private TestVectors() {}

  /** The folder the vectors are read from. */
  public static Path dir() {
    String configured = System.getProperty("carbide.testvectors");
    if (configured == null || configured.isBlank()) {
      configured = System.getenv("CARBIDE_TESTVECTORS");
    }
    if (configured != null && !configured.isBlank()) {
      return existing(Path.of(configured));
    }
    Path project = projectCopy();
    if (project != null) {
      return project;
    }
    return existing(Path.of("../../shared/testvectors"));
  }

  private static Path existing(Path path) {
    if (!Files.isDirectory(path)) {
      throw new IllegalStateException("test vectors not found at " + path.toAbsolutePath());
    }
    return path;
  }

  private static Path projectCopy() {
    URL marker = TestVectors.class.getResource("/testvectors/SOURCE.md");
    if (marker == null || !"file".equals(marker.getProtocol())) {
      return null;
    }
    try {
      return Path.of(marker.toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The JSON file at relativePath (under {@link #dir()}), gzipped or not. */
  public static JsonNode json(String relativePath) {
    Path plain = dir().resolve(relativePath);
    Path gzipped = dir().resolve(relativePath + GZIP);
    try {
      if (Files.isRegularFile(plain)) {
        return JSON.readTree(plain.toFile());
      }
      try (InputStream in = new GZIPInputStream(Files.newInputStream(gzipped), 1 << 16)) {
        return JSON.readTree(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read test vectors " + relativePath, e);
    }
  }

  /**
   * The names (without .gz) of the Wycheproof files whose name matches the whole pattern, sorted.
   */
  public static List<String> wycheproofFiles(String pattern) {
    Pattern match = Pattern.compile(pattern);
    try (Stream<Path> listing = Files.list(dir().resolve("wycheproof"))) {
      return listing
          .map(path -> path.getFileName().toString())
          .map(
              name -> name.endsWith(GZIP) ? name.substring(0, name.length() - GZIP.length()) : name)
          .filter(name -> match.matcher(name).matches())
          .sorted()
          .distinct()
          .toList();
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

  /**
   * One ACVP test: its group and test from prompt.json (the inputs) and its test from
   * expectedResults.json (the answers), matched by tcId.
   */
  public record AcvpCase(String folder, JsonNode group, JsonNode prompt, JsonNode expected) {
    public int id() {
      return prompt.get("tcId").asInt();
    }

    /** A hex field of the prompt, else of the expected results. */
    public byte[] bytes(String field) {
      JsonNode value = prompt.has(field) ? prompt.get(field) : expected.get(field);
      if (value == null) {
        throw new IllegalArgumentException(this + " has no field " + field);
      }
      return hex(value.asText());
    }

    @Override
    public String toString() {
      return folder + " tg" + group.path("tgId").asInt() + " tc" + id();
    }
  }

  /**
   * Every test of an ACVP folder (under acvp/, e.g. "ML-KEM-keyGen-FIPS203"), flattened, with its
   * expected result. Fails if there are none or a prompt has no answer.
   */
  public static List<AcvpCase> acvp(String folder) {
    Map<Integer, JsonNode> answers = new HashMap<>();
    for (JsonNode group : json("acvp/" + folder + "/expectedResults.json").get("testGroups")) {
      for (JsonNode test : group.get("tests")) {
        answers.put(test.get("tcId").asInt(), test);
      }
    }
    List<AcvpCase> cases = new ArrayList<>();
    for (JsonNode group : json("acvp/" + folder + "/prompt.json").get("testGroups")) {
      for (JsonNode test : group.get("tests")) {
        JsonNode answer = answers.get(test.get("tcId").asInt());
        if (answer == null) {
          throw new IllegalStateException(folder + " has no answer for tcId " + test.get("tcId"));
        }
        cases.add(new AcvpCase(folder, group, test, answer));
      }
    }
    if (cases.isEmpty()) {
      throw new IllegalStateException(folder + " has no tests");
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
