package dev.carbide.testing;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.List;
import java.util.stream.Collectors;

/** What the provider under test registered, and instances of it. */
public final class Services {
  private Services() {}

  /** The standard names of the services of {@code type} that Carbide registered, sorted. */
  public static List<String> algorithms(String type) {
    return Carbide.provider().getServices().stream()
        .filter(service -> service.getType().equals(type))
        .map(Provider.Service::getAlgorithm)
        .sorted()
        .collect(Collectors.toList());
  }

  /** True if Carbide registered {@code type}.{@code algorithm}. */
  public static boolean has(String type, String algorithm) {
    return Carbide.provider().getService(type, algorithm) != null;
  }

  /** Carbide's MessageDigest for {@code algorithm}. */
  public static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm, Carbide.provider());
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("Carbide has no MessageDigest " + algorithm, e);
    }
  }
}
