package dev.carbide.mac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.carbide.testing.Carbide;
import java.security.Provider;
import java.security.Security;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** Carbide serves every HMAC under the same names, aliases and attributes as SunJCE. */
class MacServicesTest {
  static final java.util.List<String> ALGORITHMS = Hmacs.ALGORITHMS;

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void namesAliasesAndAttributesMatchSunJce(String algorithm) throws Exception {
    Provider jdk = Security.getProvider("SunJCE");
    for (String type : new String[] {"Mac", "KeyGenerator"}) {
      Provider.Service ours = Carbide.provider().getService(type, algorithm);
      assertNotNull(ours, type + "." + algorithm);
      assertEquals(aliases(jdk, type, algorithm), aliases(Carbide.provider(), type, algorithm));
      for (String alias : aliases(jdk, type, algorithm)) {
        // getInstance by every alias reaches this service, not some other one.
        Provider.Service byAlias = Carbide.provider().getService(type, alias);
        assertEquals(algorithm, byAlias.getAlgorithm(), alias);
      }
    }
    assertEquals(
        jdk.getService("Mac", algorithm).getAttribute("SupportedKeyFormats"),
        Carbide.provider().getService("Mac", algorithm).getAttribute("SupportedKeyFormats"));
  }

  /** The aliases a provider declares for type.algorithm, from its property table. */
  private static Set<String> aliases(Provider provider, String type, String algorithm) {
    Set<String> aliases = new TreeSet<>();
    String prefix = "Alg.Alias." + type + ".";
    provider.forEach(
        (name, target) -> {
          if (name.toString().startsWith(prefix) && target.equals(algorithm)) {
            aliases.add(name.toString().substring(prefix.length()));
          }
        });
    return aliases;
  }
}
