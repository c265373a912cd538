package dev.carbide.bench;

import dev.carbide.CarbideProvider;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.Provider;
import java.security.Security;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The providers the suite measures, by the name that benchmarks take as their {@code provider}
 * parameter. This is the one place to add a peer: one {@link #PEERS} entry, plus its jar as a
 * dependency in bench/pom.xml. A peer whose jar is missing or that does not start is reported as
 * not available, with the reason.
 */
public final class Providers {
  public static final String CARBIDE = "Carbide";

  /**
   * Carbide on the system's OpenSSL 3.0. The native library picks its OpenSSL once per JVM, so the
   * launcher measures this one in a JVM of its own, started with {@link #SYSTEM_OPENSSL_PROPERTY}.
   */
  public static final String CARBIDE_SYSTEM_OPENSSL = "Carbide-3.0";

  static final String SYSTEM_OPENSSL_PROPERTY = "-Dcarbide.openssl.path=system";

  public static final String JDK = "JDK";

  /**
   * Carbide with its routing layer switched off ({@code -Dcarbide.hybrid=off}): every operation on
   * OpenSSL. The property is read by the provider, so each of its jobs runs in a forked JVM started
   * with {@link #jvmArgs}; only the benchmarks that compare the routes measure it ({@link
   * Catalog.Entry#measures}), which keeps the full run within its budget.
   */
  public static final String CARBIDE_HYBRID_OFF = "Carbide-hybrid-off";

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
    PEERS.put(CARBIDE_SYSTEM_OPENSSL, new Peer(type -> carbideOnSystemOpenssl(), "DEFAULT"));
    PEERS.put(CARBIDE_HYBRID_OFF, new Peer(type -> carbide(), "DEFAULT"));
    // The JDK's defaults on Linux: SUN hashes and seeds, SunJCE does MACs and KDFs.
    PEERS.put(JDK, new Peer(Providers::jdk, "NativePRNG"));
    // Each peer is one line here; bench/README.md shows how. The jars come from bench/pom.xml.
    PEERS.put(Glassless.NAME, new Peer(type -> Glassless.provider(false), "NativePRNG"));
    PEERS.put(Glassless.HYBRID, new Peer(type -> Glassless.provider(true), "NativePRNG"));
    PEERS.put(
        "ACCP",
        peer(
            "AmazonCorrettoCryptoProvider",
            "com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider",
            "DEFAULT"));
    PEERS.put(
        "Conscrypt", peer("conscrypt-openjdk-uber", "org.conscrypt.OpenSSLProvider", "SHA1PRNG"));
    PEERS.put(
        "BC",
        peer("bcprov-jdk18on", "org.bouncycastle.jce.provider.BouncyCastleProvider", "DEFAULT"));
    PEERS.put(
        "BC-FIPS",
        peer("bc-fips", "org.bouncycastle.jcajce.provider.BouncyCastleFipsProvider", "DEFAULT"));
    PEERS.put("NSS", new Peer(type -> Nss.provider(), "PKCS11"));
  }

  private Providers() {}

  /** Every provider name, in the order the launcher runs them. */
  public static List<String> names() {
    return List.copyOf(PEERS.keySet());
  }

  /** The provider that {@code name} uses for JCA service {@code type}. */
  public static Provider forType(String name, String type) throws NotAvailableException {
    return peer(name).source().forType(type);
  }

  /**
   * The provider that {@code name} uses for {@code type} and {@code algorithm}. A peer is one
   * provider for everything; the JDK spreads the public-key engines over SunEC, SunRsaSign and
   * SunJCE, so for the JDK this picks the first of its providers that serves the algorithm.
   */
  public static Provider forService(String name, String type, String algorithm)
      throws NotAvailableException {
    if (Glassless.HYBRID.equals(name)) {
      return Glassless.hybridFor(type, algorithm);
    }
    if (!JDK.equals(name)) {
      return forType(name, type);
    }
    // A Cipher is registered by algorithm alone ("AES"), with its modes as attributes.
    String service = type.equals("Cipher") ? algorithm.split("/")[0] : algorithm;
    for (String candidate : JDK_PROVIDERS) {
      Provider provider = Security.getProvider(candidate);
      if (provider != null && provider.getService(type, service) != null) {
        return provider;
      }
    }
    throw new NotAvailableException("no JDK provider serves " + type + "." + algorithm);
  }

  /** The JDK's own providers that the suite measures, in the JDK's default order. */
  private static final List<String> JDK_PROVIDERS = List.of("SUN", "SunRsaSign", "SunEC", "SunJCE");

  /**
   * The options a JVM that measures {@code name} must be started with: for {@link
   * #CARBIDE_HYBRID_OFF} the property that switches routing off, for the others none (Carbide-3.0
   * has a launcher JVM of its own, see {@link SystemOpensslRun}).
   */
  static List<String> jvmArgs(String name) {
    return CARBIDE_HYBRID_OFF.equals(name) ? List.of("-Dcarbide.hybrid=off") : List.of();
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

  private static Provider carbideOnSystemOpenssl() {
    if (!"system".equals(System.getProperty("carbide.openssl.path"))) {
      throw new IllegalStateException(
          CARBIDE_SYSTEM_OPENSSL + " needs a JVM started with " + SYSTEM_OPENSSL_PROPERTY);
    }
    return carbide();
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

  /** A peer loaded from its own jar (see {@link PeerJars}). */
  private static Peer peer(String artifactId, String className, String secureRandom) {
    return new Peer(type -> PeerJars.load(artifactId, className), secureRandom);
  }

  /**
   * A line for the report: the provider's own name and version, and for Carbide its OpenSSL. Asking
   * for the MessageDigest provider suffices: a peer is one provider for every type.
   */
  static String describe(String name) {
    try {
      Provider provider = forType(name, "MessageDigest");
      String text = provider.getName() + " " + provider.getVersionStr();
      if (name.startsWith(CARBIDE)) {
        text += " on " + CarbideProvider.opensslVersion();
      }
      // A peer's own version string can be vague ("Conscrypt 1.0"); its jar names the release.
      if (name.equals(Glassless.HYBRID)) {
        text += " in hybrid mode (what it delegates, the JDK serves)";
      }
      for (String option : jvmArgs(name)) {
        text += " with " + option;
      }
      if (name.startsWith(Glassless.NAME)) {
        text += " " + Glassless.origin();
      } else if (provider.getClass().getClassLoader() instanceof URLClassLoader loader) {
        text += " (" + Path.of(loader.getURLs()[0].getPath()).getFileName() + ")";
      }
      return text;
    } catch (NotAvailableException | RuntimeException e) {
      return "not available: " + e.getMessage();
    }
  }
}
