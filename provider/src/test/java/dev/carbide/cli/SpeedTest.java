package dev.carbide.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.carbide.hybrid.Routing;
import dev.carbide.testing.Openssl;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpeedTest {
  private static final String[] FAST = {"--warmup-ms", "20", "--time-ms", "20", "--rounds", "2"};

  private static String[] speed(String... args) {
    String[] all = new String[1 + args.length + FAST.length];
    all[0] = "speed";
    System.arraycopy(args, 0, all, 1, args.length);
    System.arraycopy(FAST, 0, all, 1 + args.length, FAST.length);
    return all;
  }

  @Test
  void jsonGivesOneRowPerProvider() throws Exception {
    CommandRun run = CommandRun.of(speed("--json", "--filter", "SHA-256 64B"));
    assertEquals(0, run.status(), run.err());
    JsonNode rows = new ObjectMapper().readTree(run.out());
    // Carbide is measured as configured, and with hybrid routing off where routing may move
    // digests (a profile or the built-in default that sends some digest to the JDK).
    boolean routed = Routing.routesSome("MessageDigest");
    assertEquals(routed ? 3 : 2, rows.size(), run.out());
    Set<String> providers = new HashSet<>();
    for (JsonNode row : rows) {
      assertEquals("SHA-256 64B", row.get("operation").asText());
      assertTrue(row.get("opsPerMs").asDouble() > 0, run.out());
      providers.add(row.get("provider").asText());
    }
    assertEquals(
        routed ? Set.of("SUN", "Carbide", "Carbide (hybrid off)") : Set.of("SUN", "Carbide"),
        providers);
    // Progress goes to stderr only, so stdout stays one JSON value.
    assertEquals("[1/1] SHA-256 64B ...\n", run.err());
  }

  @Test
  void tableShowsRatio() {
    CommandRun run = CommandRun.of(speed("--filter", "^SHA-512 64B$"));
    assertEquals(0, run.status(), run.err());
    List<String> lines = run.out().lines().toList();
    assertEquals(4, lines.size(), run.out());
    assertTrue(
        lines.get(0).matches("operation +JDK ops/ms +Carbide ops/ms +hybrid off +ratio"),
        lines.get(0));
    assertTrue(
        lines.get(1).matches("SHA-512 64B +[0-9.]+ +[0-9.]+ +([0-9.]+|=) +[0-9]+\\.[0-9]{2}"),
        lines.get(1));
  }

  @Test
  void longOperationNamesKeepTheColumnsAligned() {
    String table =
        SpeedReport.table(
            List.of(
                new SpeedReport.Result("SHA-1 64B", "SUN", 12345.6, "Carbide", 23456.7),
                new SpeedReport.Result(
                    "KEM encapsulate X25519MLKEM768 hybrid", "SunJCE", 1.5, "Carbide", 3.25)));
    List<String> rows = table.lines().limit(3).toList();
    for (String row : rows) {
      assertEquals(rows.get(0).length(), row.length(), table);
      assertEquals(rows.get(0).lastIndexOf("ratio") + "ratio".length(), row.length(), table);
    }
  }

  @Test
  void anOperationTheProviderLacksIsNotApplicableNotZero() throws Exception {
    TestProvider empty = new TestProvider("Empty");
    CommandRun table = CommandRun.against(empty, speed("--filter", "SHA-256 64B"));
    assertEquals(0, table.status(), table.err());
    assertTrue(
        table.out().lines().anyMatch(l -> l.matches("SHA-256 64B +[0-9.]+ +n/a += +n/a")),
        table.out());

    CommandRun json = CommandRun.against(empty, speed("--json", "--filter", "SHA-256 64B"));
    JsonNode rows = new ObjectMapper().readTree(json.out());
    assertEquals(1, rows.size(), json.out());
    assertEquals("SUN", rows.get(0).get("provider").asText());
  }

  @Test
  void catalogueCoversTheIssue() {
    List<String> names = SpeedCatalogue.all().stream().map(SpeedCatalogue.Row::name).toList();
    for (String algorithm : List.of("SHA-256", "SHA-512", "SHA3-256", "HmacSHA256")) {
      for (String size : List.of("64B", "1KB", "16KB", "1MB")) {
        assertTrue(names.contains(algorithm + " " + size), algorithm + " " + size);
      }
    }
    for (String size : List.of("16B", "1KB", "4KB")) {
      assertTrue(names.contains("SecureRandom " + size), size);
    }
    for (String ec :
        List.of(
            "EC P-256 keygen",
            "EC P-384 keygen",
            "ECDH P-256",
            "ECDSA P-256 sign",
            "ECDSA P-256 verify")) {
      assertTrue(names.contains(ec) && names.contains(ec + " fresh") || ec.contains("keygen"), ec);
    }
    assertEquals(names.size(), new HashSet<>(names).size(), "operation names must be unique");
  }

  /**
   * The rows of the services added for issue 19 exist, and each runs on Carbide and, where the JDK
   * serves the algorithm, on the JDK's provider: a misspelt name would otherwise show only as
   * "n/a".
   */
  @Test
  void issue19RowsRunOnCarbideAndWhereTheJdkServesThem() throws Exception {
    Map<String, Boolean> servedByJdk = new LinkedHashMap<>();
    // SUN has SHAKE as a MessageDigest from Java 25 on, and in some vendors' 17 updates (Debian's
    // 17.0.21 serves it), so ask the JDK rather than its version.
    boolean jdkShake =
        java.security.Security.getProvider("SUN").getService("MessageDigest", "SHAKE128-256")
            != null;
    for (String size : List.of("64B", "16KB")) {
      servedByJdk.put("SHAKE128-256 " + size, jdkShake);
      servedByJdk.put("HmacMD5 " + size, true);
      servedByJdk.put("KMAC128 " + size, false);
      servedByJdk.put("AESGMAC " + size, false);
    }
    servedByJdk.put("AES-256-CFB 16KB", true);
    servedByJdk.put("AES-256-OFB 16KB", true);
    servedByJdk.put("PBEWithHmacSHA256AndAES_256 1KB", true);
    for (String curve :
        List.of("P-224", "secp256k1", "brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1")) {
      for (String operation :
          List.of("EC %s keygen", "ECDH %s", "ECDSA %s sign", "ECDSA %s verify")) {
        servedByJdk.put(String.format(operation, curve), false);
      }
    }
    for (String operation : List.of("DH 2048 keygen", "DH 2048", "DH 3072 keygen", "DH 3072")) {
      servedByJdk.put(operation, true);
    }
    Map<String, SpeedCatalogue.Row> rows = new LinkedHashMap<>();
    for (SpeedCatalogue.Row row : SpeedCatalogue.all()) {
      rows.put(row.name(), row);
    }
    Provider carbide = Subject.carbide().provider();
    for (Map.Entry<String, Boolean> expected : servedByJdk.entrySet()) {
      SpeedCatalogue.Row row = rows.get(expected.getKey());
      assertNotNull(row, expected.getKey());
      row.builder().build(carbide).run();
      Provider jdk = row.engine().jdkProvider().get();
      if (expected.getValue()) {
        row.builder().build(jdk).run();
      } else {
        assertThrows(
            GeneralSecurityException.class, () -> row.builder().build(jdk), expected.getKey());
      }
    }
  }

  /**
   * Every row of the catalogue runs once on Carbide, with routing off where routing applies, and on
   * the JDK's provider unless that provider does not serve it: the whole of `./carbide speed`
   * without its timing. A JDK provider refusing a row's parameters once ended every user's run
   * (SunEC and P-224), since only the issue-19 rows above were exercised.
   */
  @Test
  void everyRowRunsOnCarbideAndOnTheJdkOrIsNotApplicable() throws Exception {
    Provider carbide = Subject.carbide().provider();
    // An older libcrypto (the system's 3.0 in CI's pass 2) lacks some algorithms, whose rows then
    // read n/a for Carbide too; the bundled 3.5 serves every row.
    boolean everyRow = Openssl.atLeast(3, 5);
    int jdkRows = 0;
    for (SpeedCatalogue.Row row : SpeedCatalogue.all()) {
      SpeedCatalogue.Operation onCarbide = Speed.build(row, carbide);
      if (onCarbide == null && !everyRow) {
        continue;
      }
      assertNotNull(onCarbide, row.name() + " on Carbide");
      onCarbide.run();
      if (Routing.routesSome(row.engine().type())) {
        Speed.build(row, Routing.unrouted()).run();
      }
      SpeedCatalogue.Operation onJdk = Speed.build(row, row.engine().jdkProvider().get());
      if (onJdk != null) {
        onJdk.run();
        jdkRows++;
      }
    }
    assertTrue(jdkRows > SpeedCatalogue.all().size() / 2, jdkRows + " rows on the JDK");
  }

  @Test
  void badOptionsExit2() {
    assertEquals(2, CommandRun.of("speed", "--rounds", "0").status());
    assertEquals(2, CommandRun.of("speed", "--time-ms", "soon").status());
    assertEquals(2, CommandRun.of("speed", "--filter", "(").status());
    assertEquals(2, CommandRun.of("speed", "--filter").status());
  }

  @Test
  void aFilterMatchingNothingFails() {
    CommandRun run = CommandRun.of(speed("--filter", "ROT13"));
    assertEquals(1, run.status());
    assertEquals("", run.out());
    assertTrue(run.err().contains("no operation matches 'ROT13'"), run.err());
  }
}
