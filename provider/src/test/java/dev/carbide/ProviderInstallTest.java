package dev.carbide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.ProviderReport;
import dev.carbide.testing.SecurityOverride;
import java.io.File;
import java.nio.file.Path;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Carbide installed at priority 1 through {@code -Djava.security.properties}, in a fresh JVM, as a
 * user would install it: every service and alias it registers must then be what the JCA hands out
 * when no provider is named. Covers both ways to name it, on the classpath and on the module path:
 * "Carbide" is found through ServiceLoader (META-INF/services, or module-info's provides; service
 * binding resolves the module without --add-modules), the class name by reflection.
 */
class ProviderInstallTest {
  @TempDir Path tempDir;

  @Test
  void theOverrideRepeatsTheJdkListInItsOrder() {
    List<String> installed =
        Arrays.stream(Security.getProviders()).map(Provider::getName).collect(Collectors.toList());
    List<String> configured =
        SecurityOverride.jdkProviderEntries().stream()
            .map(entry -> entry.split("\\s+")[0])
            .collect(Collectors.toList());
    assertEquals(installed, configured);
  }

  enum Installation {
    NAME_ON_CLASSPATH("Carbide", false),
    CLASS_NAME_ON_CLASSPATH(CarbideProvider.class.getName(), false),
    NAME_ON_MODULE_PATH("Carbide", true),
    CLASS_NAME_ON_MODULE_PATH(CarbideProvider.class.getName(), true);

    final String entry;
    final boolean modulePath;

    Installation(String entry, boolean modulePath) {
      this.entry = entry;
      this.modulePath = modulePath;
    }
  }

  /** The directory or jar that holds the provider's classes. */
  static String providerLocation() throws Exception {
    var location = CarbideProvider.class.getProtectionDomain().getCodeSource().getLocation();
    return Path.of(location.toURI()).toString();
  }

  @ParameterizedTest
  @EnumSource(Installation.class)
  void carbideServesEverythingItRegistersWhenFirst(Installation installation) throws Exception {
    List<String> options = new ArrayList<>();
    options.add(SecurityOverride.carbideFirst(tempDir, installation.entry));
    if (installation.modulePath) {
      String provider = providerLocation();
      List<String> rest = new ArrayList<>(ChildJvm.classPath());
      assertTrue(rest.remove(provider), "the provider is not on the classpath: " + rest);
      options.addAll(
          List.of("--module-path", provider, "-cp", String.join(File.pathSeparator, rest)));
    }
    ChildJvm.Result child = ChildJvm.run(options, ProviderReport.class);

    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("Carbide", child.line("first\t"), child::toString);
    int services = Carbide.provider().getServices().size();
    assertEquals(services + " services", child.line("carbide\t"), child::toString);
    List<String> served = child.lines("served\t");
    assertTrue(served.contains("MessageDigest\tSHA-256\tCarbide"), child::toString);
    assertTrue(
        served.contains("MessageDigest\tOID.2.16.840.1.101.3.4.2.1\tCarbide"), child::toString);
    for (String line : served) {
      // The native TLS engine is opt-in: SunJSSE keeps SSLContext (dev.carbide.ssl.SslServices).
      boolean optIn = line.startsWith("SSLContext\t");
      assertTrue(
          line.endsWith("\tCarbide") != optIn,
          () -> (optIn ? "from Carbide: " : "not from Carbide: ") + line + "\n" + child);
    }
  }
}
