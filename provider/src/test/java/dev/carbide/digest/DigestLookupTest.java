package dev.carbide.digest;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.Jdk;
import dev.carbide.testing.Services;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Carbide answers to every name, alias and OID the JDK knows for the digests it serves, and its
 * MessageDigests are Cloneable (JSSE keeps its handshake transcript by cloning).
 */
class DigestLookupTest {
  private static final byte[] ABC = "abc".getBytes(US_ASCII);

  /** A provider's digest aliases, alias to standard name, read from its legacy properties. */
  private static Map<String, String> aliases(Provider provider) {
    Map<String, String> aliases = new TreeMap<>();
    String prefix = "Alg.Alias.MessageDigest.";
    provider.stringPropertyNames().stream()
        .filter(key -> key.startsWith(prefix))
        .forEach(key -> aliases.put(key.substring(prefix.length()), provider.getProperty(key)));
    return aliases;
  }

  private static void assertServedByCarbide(String name, String standardName) throws Exception {
    MessageDigest carbide = MessageDigest.getInstance(name, Carbide.provider());
    assertSame(Carbide.provider(), carbide.getProvider(), name);
    assertEquals(name, carbide.getAlgorithm(), "getAlgorithm() is the name asked for");
    assertArrayEquals(Jdk.digest(standardName, ABC), carbide.digest(ABC), name);
  }

  @Test
  void everyJdkAliasOfAServedDigestReachesCarbide() throws Exception {
    Map<String, String> jdkAliases = aliases(Security.getProvider("SUN"));
    List<String> served = Services.algorithms("MessageDigest");
    int checked = 0;
    for (Map.Entry<String, String> alias : jdkAliases.entrySet()) {
      if (served.contains(alias.getValue())) {
        assertServedByCarbide(alias.getKey(), alias.getValue());
        checked++;
      }
    }
    // Every digest has at least an OID, in two forms (MD5's came in JDK 18).
    assertTrue(checked >= 2 * served.size() - 2, "only " + checked + " aliases checked");
  }

  /** Carbide may know an alias an older JDK lacks, but never give one another meaning. */
  @Test
  void everyCarbideAliasMeansWhatItMeansToTheJdk() {
    Map<String, String> carbideAliases = aliases(Carbide.provider());
    assertFalse(carbideAliases.isEmpty());
    Map<String, String> jdkAliases = aliases(Security.getProvider("SUN"));
    carbideAliases.forEach(
        (alias, standardName) ->
            assertEquals(jdkAliases.getOrDefault(alias, standardName), standardName, alias));
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHA256", "2.16.840.1.101.3.4.2.1", "OID.2.16.840.1.101.3.4.2.1"})
  void sha256ByAliasAndOid(String name) throws Exception {
    assertServedByCarbide(name, "SHA-256");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sha-256", "Sha-512/256", "sha3-384", "md5", "sha", "oid.1.3.14.3.2.26"})
  void namesAreCaseInsensitiveAsInTheJdk(String name) throws Exception {
    MessageDigest sun = MessageDigest.getInstance(name, "SUN");
    MessageDigest carbide = MessageDigest.getInstance(name, Carbide.provider());
    assertArrayEquals(sun.digest(ABC), carbide.digest(ABC), name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHA-257", "SHA3", "2.16.840.1.101.3.4.2.99", "", "SHA-1024"})
  void unknownNamesAreNoSuchAlgorithm(String name) {
    assertThrows(NoSuchAlgorithmException.class, () -> MessageDigest.getInstance(name, "SUN"));
    assertThrows(
        NoSuchAlgorithmException.class, () -> MessageDigest.getInstance(name, Carbide.provider()));
  }

  @ParameterizedTest
  @MethodSource("dev.carbide.digest.DigestCrossCheckTest#algorithms")
  void getInstanceResultIsCloneable(String algorithm) throws Exception {
    MessageDigest digest = MessageDigest.getInstance(algorithm, Carbide.provider());
    assertTrue(digest instanceof Cloneable, "JSSE checks for Cloneable");
    digest.update(ABC, 0, 1);
    MessageDigest copy = (MessageDigest) digest.clone();
    assertSame(Carbide.provider(), copy.getProvider());
    assertEquals(digest.getAlgorithm(), copy.getAlgorithm());
    digest.update(ABC, 1, 2);
    copy.update(ABC, 1, 2);
    assertArrayEquals(Jdk.digest(algorithm, ABC), copy.digest());
    assertArrayEquals(Jdk.digest(algorithm, ABC), digest.digest());
  }
}
