package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

  private static final Map<String, Integer> ROUTES =
      Map.of("Cipher.AES/CTR/NoPadding.encrypt", 1024, "Signature.ML-DSA-65.sign", 0);

  @Test
  void aWrittenProfileReadsBackOnTheSameMachine() throws Exception {
    Path path = dir.resolve("p.profile");
    Profile.write(path, HERE, ROUTES);
    RouteTable table = Profile.read(path, HERE);
    assertEquals(ROUTES, table.fromBytes());
    assertEquals(1024, table.threshold("Cipher.AES/CTR/NoPadding.encrypt"));
    assertEquals(RouteTable.NEVER, table.threshold("Cipher.AES/CTR/NoPadding.decrypt"));
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
    assertRefused(write(replace(whole, "=1024", "=-5")), HERE, "corrupt");
    assertRefused(write(replace(whole, "=1024", "=lots")), HERE, "corrupt");
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
    Profile.write(path, HERE, Map.of(key, 0, "KeyPairGenerator.ML-DSA.generate", 0));
    assertEquals(0, Profile.read(path, HERE).threshold(key));
    List<String> whole = Files.readAllLines(path);
    assertRefused(write(replace(whole, key + "=0", key + "=64")), HERE, "has no sizes");
    assertRefused(write(replace(whole, key + "=0", key + "=")), HERE, "corrupt");
    assertRefused(write(replace(whole, key + "=0", key + "=-1")), HERE, "corrupt");
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
        write(replace(Files.readAllLines(signing), "ML-DSA-65.sign=0", "ML-DSA-65.sign=1024")),
        HERE,
        "has no sizes");
  }

  @Test
  void theBuiltInDefaultRoutesOnlyWhatTheCpuMakesCertain() {
    Machine plain = new Machine("old", Set.of("aes", "avx2"), "Vendor 25", "OpenSSL 3.5.7", "1");
    assertEquals(Map.of(), BuiltInDefault.forMachine(plain).fromBytes());
    RouteTable vector = BuiltInDefault.forMachine(HERE);
    assertEquals(1024, vector.threshold("Cipher.AES/CTR/NoPadding.encrypt"));
    assertEquals(1024, vector.threshold("Cipher.AES/CBC/PKCS5Padding.decrypt"));
    assertEquals(RouteTable.NEVER, vector.threshold("Cipher.AES/CBC/NoPadding.encrypt"));
    assertEquals(RouteTable.NEVER, vector.threshold("MessageDigest.SHA-256.digest"));
    int mlDsa = Runtime.version().feature() >= 25 ? 0 : RouteTable.NEVER;
    assertEquals(mlDsa, vector.threshold("Signature.ML-DSA-65.sign"));
    // Key generation is close either way: it waits for a calibration.
    assertEquals(RouteTable.NEVER, vector.threshold("KeyPairGenerator.ML-KEM-768.generate"));
    assertEquals(RouteTable.NEVER, vector.threshold("KeyPairGenerator.ML-DSA-65.generate"));
    assertTrue(vector.source().contains("vaes and avx512f"), vector.source());
  }

  /** The provider ignores a refused profile with a logged reason and says so in {@code info}. */
  @Test
  void theProviderLogsAndIgnoresARefusedProfile() throws Exception {
    Path foreign = dir.resolve("foreign.profile");
    Profile.write(foreign, HERE, Map.of("Cipher.AES/CBC/NoPadding.encrypt", 0));
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
