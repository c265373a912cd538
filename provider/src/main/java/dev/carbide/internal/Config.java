package dev.carbide.internal;

import java.security.Security;

/** Carbide's settings: a system property wins, then the security property of the same name. */
public final class Config {
  private Config() {}

  /** Returns the setting {@code name} (always {@code carbide.*}), or null if it is not set. */
  public static String get(String name) {
    String value = System.getProperty(name);
    if (value == null || value.isEmpty()) {
      value = Security.getProperty(name);
    }
    return value == null || value.isEmpty() ? null : value.trim();
  }

  public static System.Logger logger() {
    return System.getLogger("dev.carbide");
  }
}
