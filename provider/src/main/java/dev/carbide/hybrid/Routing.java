package dev.carbide.hybrid;

import dev.carbide.internal.Config;
import dev.carbide.internal.FipsMode;
import dev.carbide.internal.ServiceSink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.util.ArrayList;
import java.util.List;

/**
 * Hybrid mode: each routable operation runs on whichever engine is faster on this machine, OpenSSL
 * or the JDK's own provider, from a measured profile or the built-in default.
 *
 * <p>{@code carbide.hybrid} (system property, then security property) is {@code auto} (the default:
 * the cached profile for this machine, else {@link BuiltInDefault}), {@code off} (everything on
 * OpenSSL, no routing wrapper at all), or the path of a profile file. The setting is read when the
 * provider is built; the profile is read once, on the first {@code getInstance} of a routable
 * service, so loading the provider reads no file.
 */
public final class Routing {
  private Routing() {}

  public static final String PROPERTY = "carbide.hybrid";

  /**
   * True unless routing is switched off. This is the one switch that other modes (FIPS) force: when
   * it returns false, the provider registers its OpenSSL engines directly.
   */
  public static boolean enabled() {
    return !FipsMode.enabled() && !"off".equalsIgnoreCase(setting());
  }

  /** The setting as given: "auto", "off" or a profile path. */
  public static String setting() {
    String value = Config.get(PROPERTY);
    return value == null ? "auto" : value;
  }

  /**
   * The factory to register for a service: the native factory itself if the service is not routable
   * or routing is off; otherwise one that, per instance, returns the native SPI when the decisions
   * never send this service to the JDK, and a routed SPI when they may.
   */
  public static ServiceSink.Factory wrap(
      String type, String algorithm, String className, ServiceSink.Factory nativeFactory) {
    synchronized (PENDING) {
      PENDING.add(new Pending(type, algorithm, className, nativeFactory));
    }
    Routable.Service service = Routable.find(type, algorithm);
    if (service == null || !enabled()) {
      return nativeFactory;
    }
    RoutedFactory routed = new RoutedFactory(service, nativeFactory);
    return routed::create;
  }

  /** A service seen by {@link #wrap}, not yet in the unrouted provider. */
  private record Pending(
      String type, String algorithm, String className, ServiceSink.Factory factory) {}

  // Filled while the provider is built, moved into Unrouted on first use: building Unrouted's
  // services at load would add to every provider load what only calibrate, speed and routed
  // engines need.
  private static final List<Pending> PENDING = new ArrayList<>();

  /**
   * Every Carbide service without routing, always on OpenSSL: the engines the routed SPIs wrap, and
   * "Carbide with hybrid off" for {@code calibrate} and {@code speed}.
   */
  public static Provider unrouted() {
    synchronized (PENDING) {
      for (Pending pending : PENDING) {
        Unrouted.PROVIDER.add(
            pending.type(), pending.algorithm(), pending.className(), pending.factory());
      }
      PENDING.clear();
    }
    return Unrouted.PROVIDER;
  }

  /** True if routing may send some service of this JCA type ("Cipher", ...) to the JDK. */
  public static boolean routesSome(String type) {
    if (!enabled()) {
      return false;
    }
    for (Routable.Service service : Routable.SERVICES) {
      if (service.kind().type.equals(type) && table().routesAny(service)) {
        return true;
      }
    }
    return false;
  }

  /** The decisions in force, read once. */
  static RouteTable table() {
    return TableHolder.TABLE;
  }

  /** One line per route key: which engine serves it from which size, and why. */
  public static List<String> describe() {
    List<String> lines = new ArrayList<>();
    if (FipsMode.enabled()) {
      lines.add("hybrid: off (FIPS mode): every operation in the FIPS module");
      return lines;
    }
    if (!enabled()) {
      lines.add("hybrid: off (" + PROPERTY + "=" + setting() + "): every operation on OpenSSL");
      return lines;
    }
    RouteTable table = table();
    lines.add("hybrid: " + setting() + ", decisions from " + table.source());
    for (Routable.Service service : Routable.SERVICES) {
      for (String operation : service.kind().operations) {
        String key = service.key(operation);
        RouteTable.Span span = table.span(key);
        Provider jdk = Routable.jdkProvider(service.kind().type, service.algorithm());
        String route;
        if (span.equals(RouteTable.Span.NONE)) {
          route = "OpenSSL";
        } else if (jdk == null) {
          route = "OpenSSL (no JDK provider serves it)";
        } else {
          route = "JDK " + jdk.getName() + elsewhere(span);
        }
        lines.add(String.format("  %-44s %s", key, route));
      }
    }
    return lines;
  }

  /**
   * What follows "JDK SunJCE" in {@code info}: the sizes it serves and where OpenSSL takes over.
   */
  private static String elsewhere(RouteTable.Span span) {
    if (span.equals(RouteTable.Span.ALL)) {
      return "";
    } else if (span.below() == RouteTable.NEVER) {
      return " from " + span.from() + " bytes, OpenSSL below";
    } else if (span.from() == 0) {
      return " below " + span.below() + " bytes, OpenSSL from " + span.below();
    }
    return " " + span + " bytes, OpenSSL outside";
  }

  private static final class TableHolder {
    static final RouteTable TABLE = load();
  }

  private static RouteTable load() {
    System.Logger log = Config.logger();
    String setting = setting();
    Machine machine = Machine.current();
    Path path = setting.equalsIgnoreCase("auto") ? Profile.defaultPath(machine) : Path.of(setting);
    if (setting.equalsIgnoreCase("auto") && !Files.exists(path)) {
      return BuiltInDefault.forMachine(machine);
    }
    try {
      RouteTable table = Profile.read(path, machine);
      log.log(System.Logger.Level.DEBUG, "hybrid routing from {0}", path);
      return table;
    } catch (Profile.Refused e) {
      log.log(
          System.Logger.Level.WARNING,
          "Carbide ignores its hybrid profile: {0}; using the built-in default",
          e.getMessage());
      RouteTable fallback = BuiltInDefault.forMachine(machine);
      return new RouteTable(fallback.spans(), fallback.source() + "; refused " + e.getMessage());
    }
  }

  /** Creates the SPI of one routable service, routed or not, from the decisions in force. */
  private static final class RoutedFactory {
    private final Routable.Service service;
    private final ServiceSink.Factory nativeFactory;
    private volatile RouteTable.Span[] spans;
    private volatile Provider jdk;

    RoutedFactory(Routable.Service service, ServiceSink.Factory nativeFactory) {
      this.service = service;
      this.nativeFactory = nativeFactory;
    }

    Object create(Object parameter) throws Exception {
      RouteTable.Span[] on = spans;
      if (on == null) {
        on = decide();
      }
      if (on.length == 0 || parameter != null) {
        return nativeFactory.create(parameter);
      }
      String algorithm = service.algorithm();
      // An operation without sizes has the span ALL (from 0) or NONE (from NEVER).
      return switch (service.kind()) {
        case CIPHER -> new RoutedCipher(algorithm, jdk, on[0], on[1]);
        case DIGEST -> new RoutedDigest(algorithm, jdk, on[0]);
        case MAC -> new RoutedMac(algorithm, jdk, on[0]);
        case SIGNATURE -> new RoutedSignature(algorithm, jdk, on[0].from(), on[1].from());
        case KEY_PAIR_GENERATOR -> new RoutedKeyPairGenerator(algorithm, jdk, on[0].from());
      };
    }

    /** The spans per operation, or an empty array if this service never leaves OpenSSL. */
    private RouteTable.Span[] decide() {
      RouteTable table = table();
      // The JDK's provider is looked up (and SunJCE loaded) only for a service that may need it.
      Provider provider =
          table.routesAny(service)
              ? Routable.jdkProvider(service.kind().type, service.algorithm())
              : null;
      RouteTable.Span[] on = new RouteTable.Span[0];
      if (provider != null) {
        on =
            service.kind().operations.stream()
                .map(o -> table.span(service.key(o)))
                .toArray(RouteTable.Span[]::new);
      }
      jdk = provider;
      spans = on;
      return on;
    }
  }

  /** A hidden provider holding the native factories of the routable services. */
  private static final class Unrouted extends Provider {
    private static final long serialVersionUID = 1L;
    static final Unrouted PROVIDER = new Unrouted();

    Unrouted() {
      super("Carbide", "0", "Carbide's OpenSSL engines without hybrid routing");
    }

    void add(String type, String algorithm, String className, ServiceSink.Factory factory) {
      putService(
          new Service(this, type, algorithm, className, null, null) {
            @Override
            public Object newInstance(Object parameter)
                throws java.security.NoSuchAlgorithmException {
              try {
                return factory.create(parameter);
              } catch (java.security.NoSuchAlgorithmException e) {
                throw e;
              } catch (Exception e) {
                throw new java.security.NoSuchAlgorithmException(e.getMessage(), e);
              }
            }
          });
    }
  }
}
