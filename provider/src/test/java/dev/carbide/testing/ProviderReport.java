package dev.carbide.testing;

import java.security.Provider;
import java.security.Security;
import java.util.TreeSet;

/**
 * The main class of a child JVM that has Carbide installed through java.security: prints the
 * provider order and, for each of Carbide's services and aliases, which provider the JCA picks when
 * no provider is named. Uses only the public JCA, so it runs with Carbide on the classpath or on
 * the module path alike. Lines: "first NAME", "carbide MISSING|N services", and "served TYPE
 * ALGORITHM PROVIDER" (tab-separated).
 */
public final class ProviderReport {
  private ProviderReport() {}

  public static void main(String[] args) {
    System.out.println("first\t" + Security.getProviders()[0].getName());
    Provider carbide = Security.getProvider("Carbide");
    if (carbide == null) {
      System.out.println("carbide\tMISSING");
      return;
    }
    System.out.println("carbide\t" + carbide.getServices().size() + " services");
    for (Provider.Service service : carbide.getServices()) {
      print(service.getType(), service.getAlgorithm());
    }
    String aliasPrefix = "Alg.Alias.";
    for (String key : new TreeSet<>(carbide.stringPropertyNames())) {
      if (key.startsWith(aliasPrefix)) {
        String typeAndAlias = key.substring(aliasPrefix.length());
        int dot = typeAndAlias.indexOf('.');
        print(typeAndAlias.substring(0, dot), typeAndAlias.substring(dot + 1));
      }
    }
  }

  private static void print(String type, String algorithm) {
    System.out.println(
        "served\t" + type + "\t" + algorithm + "\t" + ServiceProbe.provider(type, algorithm));
  }
}
