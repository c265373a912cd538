package dev.carbide.cli;

import dev.carbide.CarbideProvider;
import dev.carbide.hybrid.Routing;
import dev.carbide.internal.NativeLibrary;
import java.io.PrintStream;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** {@code info}: the OpenSSL in use, FIPS status, Java version and every registered service. */
final class Info implements Command {
  private static final String ALIAS_PREFIX = "Alg.Alias.";

  private final Subject subject;

  Info(Subject subject) {
    this.subject = subject;
  }

  @Override
  public int run(Arguments args, PrintStream out, PrintStream err) throws Exception {
    boolean json = args.flag("--json");
    args.rejectOthers();
    if (!subject.checkLoaded(err)) {
      return 1;
    }
    String openssl = CarbideProvider.opensslVersion();
    boolean fips = CarbideProvider.fipsEnabled();
    List<Provider.Service> services = sortedServices(subject.provider());
    if (json) {
      out.println(json(openssl, fips, CarbideProvider.fipsModule(), services));
      return 0;
    }
    Provider provider = subject.provider();
    out.println(provider.getName() + " " + provider.getVersionStr());
    out.println("OpenSSL: " + openssl);
    out.println("Platform: " + platform());
    String bundled = NativeLibrary.bundledOpensslBuild();
    out.println("Bundled: " + (bundled == null ? "none for this platform" : bundled));
    out.println("FIPS:    " + (fips ? "enabled" : "disabled"));
    String module = CarbideProvider.fipsModule();
    if (module != null) {
      // Loaded means passed: a failed power-up self-test or known-answer test registers nothing.
      out.println("Module:  " + module + " (carbide.fips; self-tests passed; see docs/fips.md)");
    }
    out.println("Java:    " + javaVersion());
    Routing.describe().forEach(out::println);
    out.println("Services (" + services.size() + "):");
    Map<String, TreeSet<String>> aliases = aliases(provider);
    for (Provider.Service service : services) {
      String key = service.getType() + "." + service.getAlgorithm();
      TreeSet<String> names = aliases.get(key);
      out.printf(
          "  %-14s %-16s%s%n",
          service.getType(),
          service.getAlgorithm(),
          names == null ? "" : " aliases: " + String.join(", ", names));
    }
    return 0;
  }

  /**
   * {@code module} is the FIPS module's name and version in FIPS mode, else null (written as JSON
   * null). A loaded module has passed its power-up self-tests and Carbide's known-answer tests: a
   * failure registers nothing, and info then reports the load error instead.
   */
  static String json(String openssl, boolean fips, String module, List<Provider.Service> services) {
    JsonWriter json = new JsonWriter().beginObject();
    json.name("openssl").value(openssl).name("fips").value(fips).name("module");
    if (module == null) {
      json.nullValue();
    } else {
      json.beginObject().name("name").value(module).name("selfTests").value("passed").endObject();
    }
    json.name("services").beginArray();
    for (Provider.Service service : services) {
      json.beginObject()
          .name("type")
          .value(service.getType())
          .name("algorithm")
          .value(service.getAlgorithm())
          .endObject();
    }
    return json.endArray().endObject().toString();
  }

  static List<Provider.Service> sortedServices(Provider provider) {
    List<Provider.Service> services = new ArrayList<>(provider.getServices());
    services.sort(
        Comparator.comparing(Provider.Service::getType)
            .thenComparing(Provider.Service::getAlgorithm));
    return services;
  }

  /**
   * The aliases of each service, keyed by "type.algorithm". Provider.Service does not expose its
   * aliases, but putService records each one as the property "Alg.Alias.type.alias".
   */
  private static Map<String, TreeSet<String>> aliases(Provider provider) {
    Map<String, TreeSet<String>> aliases = new TreeMap<>();
    for (String key : provider.stringPropertyNames()) {
      String typeAndAlias =
          key.startsWith(ALIAS_PREFIX) ? key.substring(ALIAS_PREFIX.length()) : "";
      int dot = typeAndAlias.indexOf('.');
      if (dot > 0) {
        String type = typeAndAlias.substring(0, dot);
        String target = type + "." + provider.getProperty(key);
        aliases.computeIfAbsent(target, k -> new TreeSet<>()).add(typeAndAlias.substring(dot + 1));
      }
    }
    return aliases;
  }

  /** The jar's platform name and what the JVM reports, e.g. "linux-aarch64 (Linux aarch64)". */
  static String platform() {
    String name = NativeLibrary.platform();
    return (name == null ? "unsupported" : name)
        + " ("
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.arch")
        + ")";
  }

  private static String javaVersion() {
    return System.getProperty("java.version")
        + " ("
        + System.getProperty("java.vendor")
        + ", "
        + System.getProperty("java.vm.name")
        + ")";
  }
}
