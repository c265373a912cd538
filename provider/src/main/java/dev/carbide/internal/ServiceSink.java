package dev.carbide.internal;

import dev.carbide.hybrid.Routing;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Collects the services of every algorithm family. Each family has one class ({@code
 * DigestServices}, {@code MacServices}, ...) with a table of its algorithms that it adds here; the
 * provider gathers the tables and installs the result. A family adds only what the loaded OpenSSL
 * can do, probing each algorithm by fetching it.
 */
public final class ServiceSink {
  /** Creates an SPI instance; {@code parameter} is the one given to {@code newInstance}. */
  @FunctionalInterface
  public interface Factory {
    Object create(Object parameter) throws Exception;
  }

  /** One service under construction. Add aliases and attributes, then leave it. */
  public static final class Entry {
    final String type;
    final String algorithm;
    final String className;
    final Factory factory;
    final List<String> aliases = new ArrayList<>();
    final Map<String, String> attributes = new HashMap<>();

    Entry(String type, String algorithm, String className, Factory factory) {
      this.type = type;
      this.algorithm = algorithm;
      this.className = className;
      this.factory = factory;
    }

    public Entry alias(String... names) {
      aliases.addAll(List.of(names));
      return this;
    }

    /** Adds an object identifier as an alias, in both of the forms the JDK accepts. */
    public Entry oid(String oid) {
      aliases.add(oid);
      aliases.add("OID." + oid);
      return this;
    }

    public Entry attribute(String name, String value) {
      attributes.put(name, value);
      return this;
    }
  }

  private final List<Entry> entries = new ArrayList<>();

  /** Adds a service whose SPI takes no constructor parameter, as most engine types do. */
  public Entry add(String type, String algorithm, Class<?> spiClass, Supplier<Object> factory) {
    return add(
        type,
        algorithm,
        spiClass,
        parameter -> {
          if (parameter != null) {
            throw new InvalidAlgorithmParameterException(
                type + "." + algorithm + " takes no parameters");
          }
          return factory.get();
        });
  }

  public Entry add(String type, String algorithm, Class<?> spiClass, Factory factory) {
    Entry entry = new Entry(type, algorithm, spiClass.getName(), factory);
    entries.add(entry);
    return entry;
  }

  /** Builds the {@link Provider.Service}s; called once by the provider. */
  public List<Provider.Service> build(Provider provider) {
    List<Provider.Service> services = new ArrayList<>(entries.size());
    for (Entry entry : entries) {
      if (!FipsMode.admits(entry.type, entry.algorithm)) {
        continue; // not approved: the JCA goes on to the next provider (docs/fips.md)
      }
      services.add(new CarbideService(provider, entry));
    }
    return services;
  }

  /** A service that creates its SPI through a factory, not through reflection. */
  private static final class CarbideService extends Provider.Service {
    private final Factory factory;

    CarbideService(Provider provider, Entry entry) {
      super(
          provider, entry.type, entry.algorithm, entry.className, entry.aliases, entry.attributes);
      // Hybrid mode may hand this service to the JDK's provider (dev.carbide.hybrid).
      this.factory = Routing.wrap(entry.type, entry.algorithm, entry.className, entry.factory);
    }

    @Override
    public Object newInstance(Object parameter) throws NoSuchAlgorithmException {
      try {
        return factory.create(parameter);
      } catch (NoSuchAlgorithmException e) {
        throw e;
      } catch (Exception e) {
        throw new NoSuchAlgorithmException(
            "cannot create " + getType() + "." + getAlgorithm() + ": " + e.getMessage(), e);
      }
    }
  }
}
