package dev.carbide.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.carbide.CarbideProvider;
import dev.carbide.testing.Carbide;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InfoTest {
  @Test
  void jsonListsEveryServiceSorted() throws Exception {
    CommandRun run = CommandRun.of("info", "--json");
    assertEquals(0, run.status(), run.err());
    JsonNode root = new ObjectMapper().readTree(run.out());
    assertEquals(List.of("openssl", "fips", "module", "services"), fieldNames(root));
    assertTrue(root.get("openssl").asText().startsWith("OpenSSL 3."), run.out());
    assertTrue(root.get("fips").isBoolean());
    // The FIPS module, with its self-test result, in FIPS mode (the FIPS pass runs this class).
    JsonNode module = root.get("module");
    if (CarbideProvider.fipsModule() == null) {
      assertTrue(module.isNull(), run.out());
    } else {
      assertEquals(List.of("name", "selfTests"), fieldNames(module));
      assertEquals(CarbideProvider.fipsModule(), module.get("name").asText());
      assertTrue(module.get("name").asText().contains("FIPS"), run.out());
      assertEquals("passed", module.get("selfTests").asText());
    }

    List<String> services = new ArrayList<>();
    for (JsonNode service : root.get("services")) {
      assertEquals(List.of("type", "algorithm"), fieldNames(service));
      services.add(service.get("type").asText() + " " + service.get("algorithm").asText());
    }
    assertTrue(services.contains("MessageDigest SHA-256"), services.toString());
    assertEquals(Carbide.provider().getServices().size(), services.size());
    assertEquals(services.stream().sorted().toList(), services);
  }

  @Test
  void jsonIsExactlyOneLine() {
    String out = CommandRun.of("info", "--json").out();
    assertTrue(out.startsWith("{\"openssl\": \""), out);
    assertEquals(1, out.lines().count());
  }

  @Test
  void textNamesVersionsAndServicesWithAliases() {
    CommandRun run = CommandRun.of("info");
    assertEquals(0, run.status(), run.err());
    assertTrue(run.out().contains("OpenSSL: OpenSSL 3."), run.out());
    assertTrue(run.out().contains("FIPS:    "), run.out());
    assertTrue(run.out().contains("Java:    " + System.getProperty("java.version")), run.out());
    String arch = System.getProperty("os.arch");
    String platform = arch.equals("aarch64") ? "linux-aarch64" : "linux-x86_64";
    assertTrue(run.out().contains("Platform: " + platform + " (Linux " + arch + ")"), run.out());
    // The bundled OpenSSL's origin and configure options, whichever libcrypto is in use.
    assertTrue(run.out().contains("Bundled: openssl 3.5."), run.out());
    assertTrue(run.out().contains("configured with "), run.out());
    String sha256 =
        run.out().lines().filter(line -> line.contains(" SHA-256 ")).findFirst().orElseThrow();
    assertTrue(sha256.contains("MessageDigest"), sha256);
    assertTrue(sha256.contains("aliases: 2.16.840.1.101.3.4.2.1, "), sha256);
    assertTrue(sha256.endsWith(", SHA256"), sha256);
  }

  @Test
  void loadFailureIsReportedWithItsReasonAndExitsNonZero() {
    Subject broken =
        new Subject(new TestProvider("Empty"), new UnsatisfiedLinkError("no libcarbide.so here"));
    for (String[] args : new String[][] {{"info"}, {"info", "--json"}}) {
      CommandRun run = CommandRun.against(broken, args);
      assertEquals(1, run.status());
      assertEquals("", run.out());
      assertTrue(run.err().contains("not loaded"), run.err());
      assertTrue(run.err().contains("no libcarbide.so here"), run.err());
    }
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
