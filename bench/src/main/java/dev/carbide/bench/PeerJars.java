package dev.carbide.bench;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Loads a peer provider from its own jar, in a class loader of its own. The jars are not shaded
 * into benchmarks.jar: bcprov and bc-fips share package names, and bc-fips checks the integrity of
 * the jar it was loaded from. bench/pom.xml copies them to target/peers/ beside benchmarks.jar;
 * {@code -Dcarbide.bench.peers=DIR} points elsewhere.
 */
final class PeerJars {
  private static final Map<String, Provider> LOADED = new ConcurrentHashMap<>();

  private PeerJars() {}

  /**
   * The provider {@code className} from the jar whose name starts with {@code artifactId}, built
   * once by its public no-argument constructor.
   */
  static Provider load(String artifactId, String className) throws NotAvailableException {
    Provider cached = LOADED.get(className);
    if (cached != null) {
      return cached;
    }
    LOADED.putIfAbsent(className, instantiate(find(artifactId), artifactId, className));
    return LOADED.get(className);
  }

  /**
   * A new instance of provider {@code className} from {@code jar}, in a new class loader called
   * {@code loaderName}: its classes, and so their static state, are its own.
   */
  static Provider instantiate(Path jar, String loaderName, String className)
      throws NotAvailableException {
    try {
      URLClassLoader loader =
          new URLClassLoader(
              loaderName, new URL[] {jar.toUri().toURL()}, PeerJars.class.getClassLoader());
      return (Provider)
          Class.forName(className, true, loader).getDeclaredConstructor().newInstance();
    } catch (MalformedURLException e) {
      throw new NotAvailableException("bad jar path " + jar + ": " + e);
    } catch (ClassNotFoundException e) {
      throw new NotAvailableException(className + " is not in " + jar.getFileName());
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new NotAvailableException("cannot start " + className + ": " + cause);
    }
  }

  /** The jar's file name, which carries the version Maven resolved. */
  static String jarName(String artifactId) throws NotAvailableException {
    return find(artifactId).getFileName().toString();
  }

  private static Path find(String artifactId) throws NotAvailableException {
    return findIn(directory(), artifactId);
  }

  /** The jar in {@code dir} whose name starts with {@code artifactId}. */
  static Path findIn(Path dir, String artifactId) throws NotAvailableException {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> jars =
          new ArrayList<>(
              files
                  .filter(f -> f.getFileName().toString().startsWith(artifactId + "-"))
                  .filter(f -> f.getFileName().toString().endsWith(".jar"))
                  .toList());
      if (jars.isEmpty()) {
        throw new NotAvailableException("no " + artifactId + " jar in " + dir);
      }
      return jars.get(0);
    } catch (IOException e) {
      throw new NotAvailableException("cannot list peer jars in " + dir + ": " + e);
    }
  }

  private static Path directory() throws NotAvailableException {
    String configured = System.getProperty("carbide.bench.peers");
    if (configured != null) {
      return Path.of(configured);
    }
    return benchmarksJar().resolveSibling("peers");
  }

  /** Where this class was loaded from: bench/target/benchmarks.jar, in a normal build. */
  static Path benchmarksJar() throws NotAvailableException {
    try {
      return Path.of(PeerJars.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      throw new NotAvailableException("cannot locate benchmarks.jar to find peer jars: " + e);
    }
  }
}
