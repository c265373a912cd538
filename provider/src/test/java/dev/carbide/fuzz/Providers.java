package dev.carbide.fuzz;

import dev.carbide.testing.Carbide;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.Random;

/** The two sides of every comparison: Carbide, and the JDK provider that owns the type. */
public final class Providers {
  private Providers() {}

  public static Provider carbide() {
    return Carbide.provider();
  }

  /** The JDK's own provider by name: SUN, SunJCE, SunEC. */
  public static Provider jdk(String name) {
    Provider provider = Security.getProvider(name);
    if (provider == null) {
      throw new IllegalStateException("no JDK provider " + name);
    }
    return provider;
  }

  /** The algorithms of {@code candidates} that Carbide registers (the OpenSSL may lack some). */
  public static List<String> registered(String type, List<String> candidates) {
    return candidates.stream().filter(a -> carbide().getService(type, a) != null).toList();
  }

  /** Every algorithm of {@code type} that Carbide registers, sorted, optionally by prefix. */
  public static List<String> algorithms(String type, String prefix) {
    return carbide().getServices().stream()
        .filter(service -> service.getType().equals(type))
        .map(Provider.Service::getAlgorithm)
        .filter(name -> name.startsWith(prefix))
        .sorted()
        .toList();
  }

  public static <T> T pick(Random random, List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }
}
