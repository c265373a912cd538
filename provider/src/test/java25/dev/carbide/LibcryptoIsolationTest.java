package dev.carbide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.LoaderReport;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bundled libcrypto does not capture a library loaded after it: a dlopen("libcrypto.so.3") by
 * name, as another native library's dependency is resolved, gets the system's copy, not Carbide's.
 * And a system libcrypto made global before Carbide loads does not capture Carbide's calls (a
 * system libcrypto loaded first by soname or LD_PRELOAD is LockedDownHostTest's). In a child JVM,
 * since the test JVM must keep exactly one libcrypto (LoaderTest).
 */
class LibcryptoIsolationTest {
  @Test
  void aLaterLoadByTheUpstreamSonameGetsTheSystemLibcrypto() throws Exception {
    String setting = System.getProperty("carbide.openssl.path");
    assumeTrue(
        setting == null || setting.equals("bundled"), "the bundled copy is what could capture");
    assumeTrue(LoaderReport.systemLibcrypto() != null, "needs a system libcrypto.so.3");
    ChildJvm.Result child = ChildJvm.run(List.of(), LibcryptoIsolationTest.class);
    assertEquals(0, child.exitCode(), child::toString);
    String bundled = LoaderReport.bundledVersion();
    assertEquals(bundled, child.line("carbide\t"), child::toString);
    // Different builds: the system's (3.0 on Debian 12) and the jar's 3.5.
    assertNotEquals(bundled, child.line("byName\t"), child::toString);
    assertEquals("2", child.line("mapped\t"), child::toString);
  }

  @Test
  void aLibcryptoMadeGlobalFirstDoesNotCaptureCarbidesCalls() throws Exception {
    String setting = System.getProperty("carbide.openssl.path");
    assumeTrue(
        setting == null || setting.equals("bundled"), "the bundled copy is what could be captured");
    Path system = LoaderReport.systemLibcrypto();
    assumeTrue(system != null, "needs a system libcrypto.so.3");
    ChildJvm.Result child =
        ChildJvm.run(List.of(), LibcryptoIsolationTest.class, "--global-first", system.toString());
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals(LoaderReport.bundledVersion(), child.line("carbide\t"), child::toString);
    assertNotEquals(child.line("carbide\t"), child.line("byName\t"), child::toString);
  }

  /**
   * The child: loads Carbide, then libcrypto.so.3 by name, and prints both versions. With {@code
   * --global-first FILE} it first maps FILE with RTLD_GLOBAL, as a native library loaded by another
   * framework may, which puts that copy's symbols ahead of every later library's own dependencies.
   */
  public static void main(String[] args) throws Throwable {
    if (args.length == 2 && args[0].equals("--global-first")) {
      dlopenGlobal(args[1]);
    }
    new CarbideProvider();
    System.out.println("carbide\t" + CarbideProvider.opensslVersion());
    SymbolLookup lookup = SymbolLookup.libraryLookup("libcrypto.so.3", Arena.global());
    MethodHandle version =
        Linker.nativeLinker()
            .downcallHandle(
                lookup.find("OpenSSL_version").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    MemorySegment text = (MemorySegment) version.invokeExact(0);
    System.out.println("byName\t" + text.reinterpret(256).getString(0));
    System.out.println("mapped\t" + LoaderReport.mappedLibcrypto().size());
  }

  private static void dlopenGlobal(String file) throws Throwable {
    final int rtldNowGlobal = 0x002 | 0x100; // RTLD_NOW | RTLD_GLOBAL (glibc)
    Linker linker = Linker.nativeLinker();
    MethodHandle dlopen =
        linker.downcallHandle(
            linker.defaultLookup().find("dlopen").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment handle =
          (MemorySegment) dlopen.invokeExact(arena.allocateFrom(file), rtldNowGlobal);
      if (handle.address() == 0) {
        throw new IllegalStateException("dlopen(" + file + ", RTLD_GLOBAL) failed");
      }
    }
  }
}
