package dev.carbide.hybrid;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decisions in force: for each route key that the JDK serves, the input size in bytes from
 * which it does (0 for operations without a size, such as signing). A key that is absent stays on
 * OpenSSL at every size. {@code source} says where the decisions came from, for {@code info}.
 */
record RouteTable(Map<String, Integer> fromBytes, String source) {
  static final int NEVER = Integer.MAX_VALUE;

  RouteTable {
    fromBytes = Collections.unmodifiableMap(new LinkedHashMap<>(fromBytes));
  }

  static RouteTable off(String source) {
    return new RouteTable(Map.of(), source);
  }

  /** The size from which the JDK serves this route key, or {@link #NEVER}. */
  int threshold(String key) {
    return fromBytes.getOrDefault(key, NEVER);
  }

  /** True if the JDK serves any operation of this service at some size. */
  boolean routesAny(Routable.Service service) {
    for (String operation : service.kind().operations) {
      if (fromBytes.containsKey(service.key(operation))) {
        return true;
      }
    }
    return false;
  }
}
