package dev.carbide.bench;

import dev.carbide.CarbideProvider;
import java.security.Provider;
import java.security.Security;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The providers the suite measures, by the name that benchmarks take as their {@code provider}
 * parameter. This is the one place to add a peer: one {@link #PEERS} entry, plus its jar as a
 * dependency in bench/pom.xml. A peer whose classes are missing is reported as not available.
 */
public final class Providers {
  public static final String CARBIDE = "Carbide";
  public static final String JDK = "JDK";

  /** Finds a peer's provider for one JCA service type ("MessageDigest", "Mac", ...). */
  private interface Source {
    Provider forType(String type) throws NotAvailableException;
  }

  /**
   * A peer: where its provider comes from, and the SecureRandom algorithm it offers as its default
   * (SecureRandom has no algorithm name that every provider serves).
   */
  private record Peer(Source source, String secureRandom) {}

  private static final Map<String, Peer> PEERS = new LinkedHashMap<>();

  static {
    PEERS.put(CARBIDE, new Peer(type -> carbide(), "DEFAULT"));
    // The JDK's defaults on Linux: SUN hashes and seeds, SunJCE does MACs and KDFs.
    PEERS.put(JDK, new Peer(Providers::jdk, "NativePRNG"));
    // Each peer is one line here, using byClass; bench/README.md shows how.
  }

  private static final Map<String, Provider> BY_CLASS = new ConcurrentHashMap<>();

  private Providers() {}

  /** Every provider name, in the order the launcher runs them. */
  public static List<String> names() {
    return List.copyOf(PEERS.keySet());
  }

  /** The provider that {@code name} uses for JCA service {@code type}. */
  public static Provider forType(String name, String type) throws NotAvailableException {
    return peer(name).source().forType(type);
  }

  /** The SecureRandom algorithm measured for {@code name}. */
  public static String secureRandomAlgorithm(String name) throws NotAvailableException {
    return peer(name).secureRandom();
  }

  private static Peer peer(String name) throws NotAvailableException {
    Peer peer = PEERS.get(name);
    if (peer == null) {
      throw new NotAvailableException("unknown provider " + name + "; known: " + names());
    }
    return peer;
  }

  /**
   * Carbide failing to load is a broken build, not a missing peer, so it is an error rather than
   * "not available".
   */
  private static Provider carbide() {
    Throwable error = CarbideProvider.loadError();
    if (error != null) {
      throw new IllegalStateException("Carbide's native library did not load", error);
    }
    return CarbideHolder.INSTANCE;
  }

  private static final class CarbideHolder {
    static final Provider INSTANCE = new CarbideProvider();
  }

  private static Provider jdk(String type) throws NotAvailableException {
    String name =
        switch (type) {
          case "MessageDigest", "SecureRandom" -> "SUN";
          case "Mac", "KDF" -> "SunJCE";
          default -> throw new NotAvailableException("no JDK provider chosen for " + type);
        };
    Provider provider = Security.getProvider(name);
    if (provider == null) {
      throw new NotAvailableException(name + " is not installed in this JDK");
    }
    return provider;
  }

  /** A provider built by its public no-argument constructor, once; used for peers. */
  static Provider byClass(String className) throws NotAvailableException {
    Provider cached = BY_CLASS.get(className);
    if (cached != null) {
      return cached;
    }
    try {
      Provider provider =
          (Provider) Class.forName(className).getDeclaredConstructor().newInstance();
      BY_CLASS.putIfAbsent(className, provider);
      return BY_CLASS.get(className);
    } catch (ClassNotFoundException e) {
      throw new NotAvailableException(className + " is not on the classpath");
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new NotAvailableException("cannot construct " + className + ": " + e);
    }
  }
}
