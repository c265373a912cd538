package dev.carbide.bench;

import dev.carbide.CarbideProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.Provider;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GlaSSLess (net.glassless:glassless-provider), the provider whose hybrid mode Carbide's routing
 * answers, in both its modes: {@code GlaSSLess} and {@code GlaSSLess-hybrid}. No Maven repository
 * this machine reaches serves it, so its jar comes from {@code -Dcarbide.bench.glassless=JAR|DIR},
 * else the environment variable {@code CARBIDE_BENCH_GLASSLESS}, else {@code ../shared/peers}
 * beside the repository (where its SOURCE.md says how it was built). Without the jar both names are
 * "not available" and the suite runs as before.
 *
 * <p>It runs on the same OpenSSL 3.5 as Carbide: unless {@code -Dglassless.libcrypto.path} is
 * given, the libcrypto that the provider jar bundles (libcarbide-crypto.so.3, which benchmarks.jar
 * shades) is copied to a private file and named in that property, which GlaSSLess reads when its
 * classes initialise.
 *
 * <p>Its hybrid mode is the system property {@code glassless.hybrid.enabled}, which the provider
 * reads once, when it is built, and keeps in a static field of its own class. So each mode is built
 * in a class loader of its own with the property set to that mode for the construction, and then
 * checked through {@code isHybridMode()}: the same code in the launcher's JVM (probes, unforked
 * runs) and in every forked one, and a mode that did not take is not available rather than measured
 * under the wrong name.
 */
final class Glassless {
  static final String NAME = "GlaSSLess";
  static final String HYBRID = "GlaSSLess-hybrid";

  private static final String ARTIFACT = "glassless-provider";
  private static final String PROVIDER_CLASS = "net.glassless.provider.GlaSSLessProvider";
  private static final String JAR_PROPERTY = "carbide.bench.glassless";
  private static final String JAR_ENV = "CARBIDE_BENCH_GLASSLESS";
  private static final String LIBCRYPTO_PROPERTY = "glassless.libcrypto.path";
  private static final String HYBRID_PROPERTY = "glassless.hybrid.enabled";

  private static final Pattern COMMIT = Pattern.compile("commit\\s+`?([0-9a-f]{7,40})");

  private static final Map<Boolean, Provider> BUILT = new HashMap<>();

  /** True once {@link #libcrypto} named its copy of the bundled libcrypto. */
  private static boolean bundledCopy;

  private Glassless() {}

  /** GlaSSLess in hybrid mode or not, built once per JVM. */
  static synchronized Provider provider(boolean hybrid) throws NotAvailableException {
    Provider built = BUILT.get(hybrid);
    if (built == null) {
      built = build(hybrid);
      BUILT.put(hybrid, built);
    }
    return built;
  }

  /**
   * What GlaSSLess in hybrid mode serves {@code type} and {@code algorithm} with, as a user who
   * installs it first gets it: the services it delegates to the JDK it does not register, so the
   * JCA falls through to the JDK's provider; that is measured here too. An algorithm GlaSSLess does
   * not serve in either mode stays unserved, as for {@code GlaSSLess}.
   */
  static Provider hybridFor(String type, String algorithm) throws NotAvailableException {
    Provider hybrid = provider(true);
    if (serves(hybrid, type, algorithm) || !serves(provider(false), type, algorithm)) {
      return hybrid;
    }
    return Providers.forService(Providers.JDK, type, algorithm);
  }

  /** True if {@code provider} registers {@code algorithm}, for a Cipher its name or family. */
  private static boolean serves(Provider provider, String type, String algorithm) {
    return provider.getService(type, algorithm) != null
        || (type.equals("Cipher") && provider.getService(type, algorithm.split("/")[0]) != null);
  }

  /** For the report: the jar, where it came from, and the libcrypto it runs on. */
  static String origin() {
    try {
      Path jar = jar();
      String text = "from " + jar;
      Path source = jar.resolveSibling("SOURCE.md");
      if (Files.isRegularFile(source)) {
        Matcher commit = COMMIT.matcher(Files.readString(source));
        text += commit.find() ? " (built from commit " + commit.group(1) + ", see SOURCE.md)" : "";
      }
      String libcrypto = libcrypto();
      return text
          + (bundledCopy
              ? " on Carbide's bundled " + CarbideProvider.opensslVersion()
              : " on " + libcrypto);
    } catch (NotAvailableException | IOException | RuntimeException e) {
      return e.getMessage();
    }
  }

  private static Provider build(boolean hybrid) throws NotAvailableException {
    Path jar = jar();
    libcrypto();
    String before = System.getProperty(HYBRID_PROPERTY);
    Provider provider;
    System.setProperty(HYBRID_PROPERTY, Boolean.toString(hybrid));
    try {
      provider = PeerJars.instantiate(jar, hybrid ? HYBRID : NAME, PROVIDER_CLASS);
    } finally {
      if (before == null) {
        System.clearProperty(HYBRID_PROPERTY);
      } else {
        System.setProperty(HYBRID_PROPERTY, before);
      }
    }
    boolean mode;
    try {
      mode = (Boolean) provider.getClass().getMethod("isHybridMode").invoke(provider);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new NotAvailableException("cannot ask GlaSSLess for its mode: " + e);
    }
    if (mode != hybrid) {
      throw new NotAvailableException("GlaSSLess did not take hybrid mode " + hybrid);
    }
    return provider;
  }

  /** The GlaSSLess jar, from the property, the environment or ../shared/peers. */
  private static Path jar() throws NotAvailableException {
    String configured = System.getProperty(JAR_PROPERTY, System.getenv(JAR_ENV));
    Path where;
    if (configured != null && !configured.isEmpty()) {
      where = Path.of(configured);
      if (!Files.exists(where)) {
        throw new NotAvailableException(
            "no GlaSSLess jar at " + where + " (from -D" + JAR_PROPERTY + " or " + JAR_ENV + ")");
      }
    } else {
      // benchmarks.jar is ROOT/bench/target/benchmarks.jar; the peers are in ROOT/../shared/peers.
      Path root = PeerJars.benchmarksJar().toAbsolutePath().getParent().getParent().getParent();
      where = root.resolveSibling("shared").resolve("peers");
      if (!Files.isDirectory(where)) {
        throw new NotAvailableException(
            "no GlaSSLess jar: set -D"
                + JAR_PROPERTY
                + " or "
                + JAR_ENV
                + ", or put it in "
                + where);
      }
    }
    return Files.isDirectory(where) ? PeerJars.findIn(where, ARTIFACT) : where.toAbsolutePath();
  }

  /**
   * The libcrypto GlaSSLess loads: {@code -Dglassless.libcrypto.path} if given, else a private copy
   * of the one the provider jar bundles, named in that property from then on.
   */
  private static synchronized String libcrypto() throws NotAvailableException {
    String configured = System.getProperty(LIBCRYPTO_PROPERTY);
    if (configured != null) {
      return configured;
    }
    // The provider bundles its libcrypto under a soname of its own (NativeLibrary).
    String resource = "/META-INF/native/linux-x86_64/libcarbide-crypto.so.3";
    try (InputStream in = CarbideProvider.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new NotAvailableException("benchmarks.jar carries no " + resource);
      }
      Path dir = Files.createTempDirectory("carbide-bench-glassless-");
      Path copy = dir.resolve("libcrypto.so.3");
      Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      // Deleted at exit, once nothing needs the file; the mapping outlives it.
      dir.toFile().deleteOnExit();
      copy.toFile().deleteOnExit();
      System.setProperty(LIBCRYPTO_PROPERTY, copy.toString());
      bundledCopy = true;
      return copy.toString();
    } catch (IOException e) {
      throw new NotAvailableException("cannot copy the bundled libcrypto for GlaSSLess: " + e);
    }
  }
}
