package dev.carbide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.LoaderReport;
import dev.carbide.testing.TmpfsMount;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader on hosts that make loading hard, each in a child JVM (about a second each): a noexec
 * temporary directory, a read-only home, both, a damaged cache entry, and another libcrypto.so.3
 * loaded before Carbide. Each ends in a working provider or a clear loadError(), never a crash. The
 * locked-down directories are tmpfs mounts, so these tests need root (CI is) and skip elsewhere.
 */
class LockedDownHostTest {
  private static final String SHA256_ABC =
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  @TempDir Path tempDir;
  private Path home;

  @BeforeEach
  void makeHome() throws Exception {
    home = Files.createDirectory(tempDir.resolve("home"));
  }

  private static boolean bundledMode() {
    String setting = System.getProperty("carbide.openssl.path");
    return setting == null || setting.equals("bundled");
  }

  /** A child JVM with this home, this temporary directory and no XDG cache of the parent's. */
  private ChildJvm.Result child(Path userHome, Path tmpdir, String... options) throws Exception {
    List<String> all =
        new ArrayList<>(List.of("-Duser.home=" + userHome, "-Djava.io.tmpdir=" + tmpdir));
    all.addAll(List.of(options));
    Map<String, String> environment = new HashMap<>();
    environment.put("XDG_CACHE_HOME", null);
    ChildJvm.Result child = ChildJvm.run(all, environment, LoaderReport.class);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("SUN\t" + SHA256_ABC, child.line("sha256\t"), child::toString);
    return child;
  }

  private static List<Path> filesUnder(Path dir) throws Exception {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    }
  }

  @Test
  void aNoexecTmpdirFallsBackToTheUserCache() throws Exception {
    try (TmpfsMount noexec = TmpfsMount.mount(tempDir, "noexec")) {
      ChildJvm.Result child = child(home, noexec.dir());
      assertEquals("null", child.line("loadError\t"), child::toString);
      Path cache = home.resolve(".cache/carbide/native");
      if (bundledMode()) {
        // The failed attempt may leave a stray mapping of the deleted noexec copy (glibc does
        // not always unmap after a failed dlopen); what runs is the cached copy.
        assertTrue(
            child.lines("libcrypto\t").stream().anyMatch(m -> m.startsWith(cache.toString())),
            child::toString);
        assertEquals(LoaderReport.bundledVersion(), child.line("version\t"), child::toString);
      }
      List<Path> files = filesUnder(cache);
      // Whole libraries under their final names only: no temporary file is left behind.
      assertFalse(files.isEmpty(), child::toString);
      for (Path file : files) {
        String name = file.getFileName().toString();
        assertTrue(
            name.startsWith("libcarbide")
                || name.equals("libcrypto-carbide.so.3")
                || name.equals("libssl-carbide.so.3"), // LoaderReport asks for the TLS engine
            files::toString);
      }
      assertEquals(List.of(), filesUnder(noexec.dir()), "nothing left in the noexec tmpdir");
    }
  }

  @Test
  void fipsModeWithANoexecTmpdirTakesTheModuleFromTheUserCache() throws Exception {
    assumeTrue(bundledMode(), "the jar's module goes with the jar's libcrypto");
    try (TmpfsMount noexec = TmpfsMount.mount(tempDir, "noexec")) {
      ChildJvm.Result child = child(home, noexec.dir(), "-Dcarbide.fips=true");
      assertEquals("null", child.line("loadError\t"), child::toString);
      assertTrue(child.line("fipsModule\t").contains("FIPS"), child::toString);
      Path cache = home.resolve(".cache/carbide/native");
      // OpenSSL mapped the module from the cache, where it was written whole and hash-checked.
      assertFalse(child.lines("fips.so\t").isEmpty(), child::toString);
      assertTrue(
          child.lines("fips.so\t").stream().allMatch(m -> m.startsWith(cache.toString())),
          child::toString);
      List<Path> modules = filesUnder(cache).stream().filter(f -> f.endsWith("fips.so")).toList();
      assertEquals(1, modules.size(), child::toString);
      assertTrue(Files.isRegularFile(modules.get(0).resolveSibling("fipsmodule.cnf")));
      assertEquals(List.of(), filesUnder(noexec.dir()), "nothing left in the noexec tmpdir");
    }
  }

  @Test
  void carbideNativeDirIsTriedFirst() throws Exception {
    Path chosen = Files.createDirectory(tempDir.resolve("chosen"));
    try (TmpfsMount noexec = TmpfsMount.mount(tempDir, "noexec")) {
      ChildJvm.Result child = child(home, noexec.dir(), "-Dcarbide.native.dir=" + chosen);
      assertEquals("null", child.line("loadError\t"), child::toString);
      if (bundledMode()) {
        assertTrue(child.line("libcrypto\t").startsWith(chosen + "/carbide-"), child::toString);
      }
      assertEquals(List.of(), filesUnder(home), "the user cache was not needed");
      assertEquals(List.of(), filesUnder(chosen), "the private directory is deleted after loading");
    }
  }

  @Test
  void aReadOnlyHomeWithAUsableTmpdirLoads() throws Exception {
    try (TmpfsMount readOnly = TmpfsMount.mount(tempDir, "ro")) {
      ChildJvm.Result child = child(readOnly.dir(), tempDir);
      assertEquals("null", child.line("loadError\t"), child::toString);
      assertNotEquals("0", child.line("services\t"), child::toString);
    }
  }

  @Test
  void noUsableDirectoryIsAClearLoadErrorNamingTheSettings() throws Exception {
    try (TmpfsMount noexec = TmpfsMount.mount(tempDir, "noexec");
        TmpfsMount readOnly = TmpfsMount.mount(tempDir, "ro")) {
      ChildJvm.Result child = child(readOnly.dir(), noexec.dir());
      String error = child.line("loadError\t");
      assertTrue(error.contains("carbide.native.dir"), child::toString);
      assertTrue(error.contains("carbide.native.path"), child::toString);
      assertTrue(error.contains(noexec.dir().toString()), child::toString);
      assertTrue(error.contains(readOnly.dir().toString()), child::toString);
      assertEquals("0", child.line("services\t"), child::toString);
      assertTrue(child.line("version\t").startsWith("error: "), child::toString);
    }
  }

  @Test
  void aUserCacheOwnedBySomeoneElseIsRefused() throws Exception {
    assumeTrue(
        Files.getAttribute(Path.of("/proc/self"), "unix:uid").equals(0),
        "giving a directory to another user needs root");
    Path cache = Files.createDirectories(home.resolve(".cache/carbide/native"));
    Files.setAttribute(cache, "unix:uid", 65534); // nobody, who must not be trusted
    try (TmpfsMount noexec = TmpfsMount.mount(tempDir, "noexec")) {
      ChildJvm.Result child = child(home, noexec.dir());
      String error = child.line("loadError\t");
      assertTrue(error.contains(cache + " is owned by uid 65534"), child::toString);
      assertEquals("0", child.line("services\t"), child::toString);
      assertEquals(List.of(), filesUnder(cache), "nothing was written into it");
    }
  }

  @Test
  void aDamagedCacheEntryIsReplacedNotLoaded() throws Exception {
    try (TmpfsMount noexec = TmpfsMount.mount(tempDir, "noexec")) {
      assertEquals("null", child(home, noexec.dir()).line("loadError\t"));
      List<Path> cached = filesUnder(home.resolve(".cache/carbide/native"));
      assertFalse(cached.isEmpty());
      Map<Path, byte[]> good = new HashMap<>();
      for (Path file : cached) {
        good.put(file, Files.readAllBytes(file));
        // Truncated, as an interrupted copy by an older loader would have left it.
        Files.write(file, java.util.Arrays.copyOf(good.get(file), good.get(file).length / 2));
      }
      ChildJvm.Result child = child(home, noexec.dir());
      assertEquals("null", child.line("loadError\t"), child::toString);
      for (Path file : cached) {
        assertTrue(
            java.util.Arrays.equals(good.get(file), Files.readAllBytes(file)), file::toString);
      }
    }
  }

  @Test
  void aSystemLibcryptoLoadedFirstDoesNotCaptureTheBundledOne() throws Exception {
    assertTheBundledOneRunsBeside(
        system -> ChildJvm.run(List.of("-Dcarbide.test.preload=" + system), LoaderReport.class));
  }

  @Test
  void aGlobalLibcryptoFromLdPreloadDoesNotCaptureTheBundledOne() throws Exception {
    // LD_PRELOAD puts the system copy first in every lookup of the process. Only symbol versions
    // of the bundled copy's own (OPENSSL_CARBIDE_*) keep libcarbide's calls from binding to it.
    assertTheBundledOneRunsBeside(
        system ->
            ChildJvm.run(List.of(), Map.of("LD_PRELOAD", system.toString()), LoaderReport.class));
  }

  private interface ChildWith {
    ChildJvm.Result run(Path systemLibcrypto) throws Exception;
  }

  private static void assertTheBundledOneRunsBeside(ChildWith start) throws Exception {
    assumeTrue(bundledMode(), "the bundled OpenSSL is the one that could be captured");
    Path system = LoaderReport.systemLibcrypto();
    assumeTrue(system != null, "needs a system libcrypto.so.3");
    ChildJvm.Result child = start.run(system);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("null", child.line("loadError\t"), child::toString);
    // Both are mapped, and Carbide runs the bundled one, not the one loaded first.
    assertEquals(2, child.lines("libcrypto\t").size(), child::toString);
    assertEquals(LoaderReport.bundledVersion(), child.line("version\t"), child::toString);
  }
}
