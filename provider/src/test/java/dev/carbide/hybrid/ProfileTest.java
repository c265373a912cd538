package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.cli.Main;
import dev.carbide.testing.ChildJvm;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A profile is trusted only if it is whole and from this CPU, JDK, OpenSSL and Carbide. */
class ProfileTest {
  private static final Machine HERE =
      new Machine("AMD EPYC", Set.of("aes", "avx512f", "vaes"), "Vendor 25", "OpenSSL 3.5.7", "1");

  @TempDir Path dir;

  private static final Map<String, RouteTable.Span> ROUTES =
      Map.of(
          "Cipher.AES/CTR/NoPadding.encrypt",
          RouteTable.Span.from(1024),
          "Cipher.AES/CBC/NoPadding.encrypt",
          RouteTable.Span.below(1024),
          "MessageDigest.SHA-256.digest",
          new RouteTable.Span(64, 16384),
          "Signature.ML-DSA-65.sign",
          RouteTable.Span.ALL);

  @Test
  void aWrittenProfileReadsBackOnTheSameMachine() throws Exception {
    Path path = dir.resolve("p.profile");
    Profile.write(path, HERE, ROUTES);
    RouteTable table = Profile.read(path, HERE);
    assertEquals(ROUTES, table.spans());
    assertEquals(RouteTable.Span.NONE, table.span("Cipher.AES/CTR/NoPadding.decrypt"));
    List<String> lines = Files.readAllLines(path);
    assertTrue(lines.contains("route.Cipher.AES/CTR/NoPadding.encrypt=from 1024"), lines::toString);
    assertTrue(
        lines.contains("route.Cipher.AES/CBC/NoPadding.encrypt=below 1024"), lines::toString);
    assertTrue(
        lines.contains("route.MessageDigest.SHA-256.digest=from 64 below 16384"), lines::toString);
    assertTrue(lines.contains("route.Signature.ML-DSA-65.sign=from 0"), lines::toString);
  }

  /** A route's span: from N, below N, or both, in bytes; a message's size is in it or not. */
  @Test
  void spansParseAndContainTheirSizes() {
    RouteTable.Span below = RouteTable.Span.parse("below 1024");
    assertEquals(RouteTable.Span.below(1024), below);
    assertTrue(below.contains(0) && below.contains(1023), below::toString);
    assertFalse(below.contains(1024) || below.contains(16384), below::toString);
    RouteTable.Span from = RouteTable.Span.parse("from 1024");
    assertTrue(from.contains(1024) && from.contains(Integer.MAX_VALUE - 1), from::toString);
    assertFalse(from.contains(1023), from::toString);
    assertEquals(new RouteTable.Span(64, 1024), RouteTable.Span.parse(" from  64 below 1024 "));
    assertEquals(RouteTable.Span.ALL, RouteTable.Span.parse("from 0"));
    assertFalse(RouteTable.Span.NONE.contains(0) || RouteTable.Span.NONE.contains(1 << 20));
    for (RouteTable.Span span :
        List.of(below, from, RouteTable.Span.ALL, new RouteTable.Span(64, 1024))) {
      assertEquals(span, RouteTable.Span.parse(span.toString()));
    }
    for (String bad :
        List.of(
            "",
            "1024",
            "from",
            "below",
            "from x",
            "from -5",
            "from +5",
            "below 0",
            "from 1024 below 64",
            "from 64 below 64",
            "below 1024 from 64",
            "from 1 from 2",
            "below 1 below 2",
            "from 64 below",
            "from 64 to 1024",
            "above 64",
            "none",
            "from 2147483647",
            "from 99999999999")) {
      assertNull(RouteTable.Span.parse(bad), "'" + bad + "'");
    }
  }

  @Test
  void aProfileOfTheEarlierFormatIsRefused() throws Exception {
    Path path = dir.resolve("p.profile");
    Profile.write(path, HERE, ROUTES);
    List<String> v1 = new ArrayList<>(Files.readAllLines(path));
    v1.set(0, "carbide.hybrid.profile=1");
    v1.replaceAll(line -> line.startsWith("route.") ? line.replaceAll("=.*", "=1024") : line);
    assertRefused(write(v1), HERE, "another profile format (carbide.hybrid.profile=1");
  }

  @Test
  void aProfileFromAnotherCpuIsRefused() throws Exception {
    Path path = dir.resolve("p.profile");
    Profile.write(path, HERE, ROUTES);
    Machine otherModel =
        new Machine("Intel Xeon", HERE.cpuFlags(), "Vendor 25", "OpenSSL 3.5.7", "1");
    Machine otherFlags = new Machine("AMD EPYC", Set.of("aes"), "Vendor 25", "OpenSSL 3.5.7", "1");
    assertRefused(path, otherModel, "another CPU");
    assertRefused(path, otherFlags, "another CPU");
  }

  @Test
  void aProfileFromAnotherJdkOrOpensslIsRefused() throws Exception {
    Path path = dir.resolve("p.profile");
    Profile.write(path, HERE, ROUTES);
    assertRefused(
        path,
        new Machine("AMD EPYC", HERE.cpuFlags(), "Vendor 17", "OpenSSL 3.5.7", "1"),
        "another JDK");
    assertRefused(
        path,
        new Machine("AMD EPYC", HERE.cpuFlags(), "Vendor 25", "OpenSSL 3.0.2", "1"),
        "another OpenSSL");
  }

  @Test
  void corruptProfilesAreRefused() throws Exception {
    Path path = dir.resolve("p.profile");
    Profile.write(path, HERE, ROUTES);
    List<String> whole = Files.readAllLines(path);
    assertRefused(write(whole.subList(0, whole.size() - 1)), HERE, "truncated");
    assertRefused(write(whole.subList(0, whole.size() - 2)), HERE, "truncated");
    assertRefused(write(replace(whole, "=from 1024", "=from -5")), HERE, "corrupt");
    assertRefused(write(replace(whole, "=from 1024", "=from lots")), HERE, "corrupt");
    assertRefused(write(replace(whole, "=from 1024", "=1024")), HERE, "corrupt");
    assertRefused(write(replace(whole, "=below 1024", "=below 0")), HERE, "corrupt");
    assertRefused(write(replace(whole, "=below 1024", "=from 1024 below 64")), HERE, "corrupt");
    List<String> twice = new ArrayList<>(whole);
    twice.add(1, "route.Cipher.AES/CBC/NoPadding.encrypt=from 16384");
    twice.replaceAll(line -> line.startsWith("routes=") ? "routes=" + (ROUTES.size() + 1) : line);
    assertRefused(write(twice), HERE, "corrupt");
    assertRefused(write(replace(whole, "AES/CTR", "AES/XYZ")), HERE, "unknown operation");
    assertRefused(write(replace(whole, "routes=", "routes")), HERE, "corrupt");
    assertRefused(write(List.of("\u0000\u0001garbage")), HERE, "not a Carbide hybrid profile");
    assertRefused(write(List.of()), HERE, "not a Carbide hybrid profile");
    Path binary = dir.resolve("binary");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    assertRefused(binary, HERE, "");
    assertRefused(dir.resolve("missing"), HERE, "cannot read");
  }

  /** Key generation has no sizes: its entries route from 0 bytes, and anything else is refused. */
  @Test
  void corruptKeyGenerationEntriesAreRefused() throws Exception {
    Path path = dir.resolve("k.profile");
    String key = "KeyPairGenerator.ML-KEM-768.generate";
    Profile.write(
        path,
        HERE,
        Map.of(key, RouteTable.Span.ALL, "KeyPairGenerator.ML-DSA.generate", RouteTable.Span.ALL));
    assertEquals(RouteTable.Span.ALL, Profile.read(path, HERE).span(key));
    List<String> whole = Files.readAllLines(path);
    assertRefused(write(replace(whole, key + "=from 0", key + "=from 64")), HERE, "has no sizes");
    assertRefused(
        write(replace(whole, key + "=from 0", key + "=below 1024")), HERE, "has no sizes");
    assertRefused(write(replace(whole, key + "=from 0", key + "=")), HERE, "corrupt");
    assertRefused(write(replace(whole, key + "=from 0", key + "=from -1")), HERE, "corrupt");
    assertRefused(
        write(replace(whole, "ML-KEM-768.generate", "ML-KEM-769.generate")),
        HERE,
        "unknown operation");
    assertRefused(
        write(replace(whole, "ML-DSA.generate", "ML-DSA.keygen")), HERE, "unknown operation");
    // DSA key generation is not routable (Carbide's is the faster; docs/hybrid.md).
    assertRefused(
        write(replace(whole, "ML-DSA.generate", "DSA.generate")), HERE, "unknown operation");
    // The same rule holds for signing, the other operation without sizes.
    Path signing = dir.resolve("s.profile");
    Profile.write(signing, HERE, ROUTES);
    assertRefused(
        write(
            replace(
                Files.readAllLines(signing), "ML-DSA-65.sign=from 0", "ML-DSA-65.sign=from 1024")),
        HERE,
        "has no sizes");
  }

  @Test
  void theBuiltInDefaultRoutesOnlyWhatTheCpuMakesCertain() {
    Machine plain = new Machine("old", Set.of("aes", "avx2"), "Vendor 25", "OpenSSL 3.5.7", "1");
    assertEquals(Map.of(), BuiltInDefault.forMachine(plain).spans());
    RouteTable vector = BuiltInDefault.forMachine(HERE);
    RouteTable.Span fromOneKib = RouteTable.Span.from(1024);
    assertEquals(fromOneKib, vector.span("Cipher.AES/CTR/NoPadding.encrypt"));
    assertEquals(fromOneKib, vector.span("Cipher.AES/CBC/PKCS5Padding.decrypt"));
    assertEquals(RouteTable.Span.NONE, vector.span("Cipher.AES/CBC/NoPadding.encrypt"));
    assertEquals(RouteTable.Span.NONE, vector.span("MessageDigest.SHA-256.digest"));
    RouteTable.Span mlDsa =
        Runtime.version().feature() >= 25 ? RouteTable.Span.ALL : RouteTable.Span.NONE;
    assertEquals(mlDsa, vector.span("Signature.ML-DSA-65.sign"));
    // Key generation is close either way: it waits for a calibration.
    assertEquals(RouteTable.Span.NONE, vector.span("KeyPairGenerator.ML-KEM-768.generate"));
    assertEquals(RouteTable.Span.NONE, vector.span("KeyPairGenerator.ML-DSA-65.generate"));
    assertTrue(vector.source().contains("vaes and avx512f"), vector.source());
  }

  /** The provider ignores a refused profile with a logged reason and says so in {@code info}. */
  @Test
  void theProviderLogsAndIgnoresARefusedProfile() throws Exception {
    Path foreign = dir.resolve("foreign.profile");
    Profile.write(foreign, HERE, Map.of("Cipher.AES/CBC/NoPadding.encrypt", RouteTable.Span.ALL));
    ChildJvm.Result child =
        ChildJvm.run(List.of("-Dcarbide.hybrid=" + foreign), Main.class, "info");
    assertEquals(0, child.exitCode(), child.toString());
    assertTrue(child.stderr().contains("Carbide ignores its hybrid profile"), child.toString());
    assertTrue(child.stderr().contains("measured on another"), child.toString());
    assertTrue(child.stdout().contains("refused profile " + foreign), child.toString());
    String cbcEncrypt = child.line("  Cipher.AES/CBC/NoPadding.encrypt");
    assertTrue(cbcEncrypt.endsWith("OpenSSL"), cbcEncrypt);
    // The routable key generators are listed with their engine too.
    String mlKem = child.line("  KeyPairGenerator.ML-KEM-768.generate");
    assertTrue(mlKem.endsWith("OpenSSL"), mlKem);
  }

  private Path write(List<String> lines) throws Exception {
    Path path = Files.createTempFile(dir, "bad", ".profile");
    Files.write(path, lines, StandardCharsets.UTF_8);
    return path;
  }

  private static List<String> replace(List<String> lines, String from, String to) {
    List<String> out = new ArrayList<>();
    lines.forEach(line -> out.add(line.replace(from, to)));
    return out;
  }

  private static void assertRefused(Path path, Machine machine, String reason) {
    Profile.Refused refused =
        assertThrows(Profile.Refused.class, () -> Profile.read(path, machine));
    assertTrue(refused.getMessage().contains(reason), refused.getMessage());
  }
}
