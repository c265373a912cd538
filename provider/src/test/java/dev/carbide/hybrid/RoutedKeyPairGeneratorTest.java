package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Routed key generation: a generator routed to the JDK generates there with the same setup Carbide
 * checked, its keys work in Carbide's Signature and KeyFactory and Carbide's keys in the JDK's,
 * encodings byte for byte, and the setup's exceptions are Carbide's on either route. Each routed
 * generator is built directly with its route, whatever the run's profile says. (The KEM side of
 * ML-KEM, which needs Java 21, is {@code RoutedMlKemKeysTest}.)
 */
class RoutedKeyPairGeneratorTest {
  private static final byte[] MESSAGE = "routed key generation".getBytes();
  private static final int JDK = 0;
  private static final int CARBIDE = RouteTable.NEVER;

  @BeforeAll
  static void providerLoaded() {
    Carbide.provider();
    Assumptions.assumeTrue(Routing.enabled(), "hybrid routing is off");
  }

  private static Provider jdkProviderOf(String algorithm) {
    Provider jdk = Routable.jdkProvider("KeyPairGenerator", algorithm);
    Assumptions.assumeTrue(
        jdk != null && Routing.unrouted().getService("KeyPairGenerator", algorithm) != null,
        algorithm + " key generation needs both engines (JDK 24+ and OpenSSL 3.5 for ML-*)");
    return jdk;
  }

  private static KeyPairGenerator routed(RoutedKeyPairGenerator spi, String algorithm)
      throws NoSuchAlgorithmException {
    return KeyPairGenerator.getInstance(
        algorithm, RoutedEnginesTest.serving("KeyPairGenerator", algorithm, () -> spi));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"})
  void mlDsaKeysOfEitherRouteSignAndEncodeInEitherProvider(String set) throws Exception {
    Provider jdk = jdkProviderOf(set);
    for (int from : new int[] {JDK, CARBIDE}) {
      for (String name : new String[] {set, "ML-DSA"}) {
        RoutedKeyPairGenerator spi = new RoutedKeyPairGenerator(name, jdk, from);
        KeyPairGenerator generator = routed(spi, name);
        if (name.equals("ML-DSA")) {
          generator.initialize(new NamedParameterSpec(set));
        }
        KeyPair pair = generator.generateKeyPair();
        assertSame(from == JDK ? jdk : Routing.unrouted(), spi.engine().getProvider(), name);
        assertSet(set, pair);
        signsAcross(set, pair, jdk);
        encodesAlike("ML-DSA", pair, jdk);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"})
  void mlKemKeysOfEitherRouteEncodeAlikeAndHaveTheirSet(String set) throws Exception {
    Provider jdk = jdkProviderOf(set);
    for (int from : new int[] {JDK, CARBIDE}) {
      RoutedKeyPairGenerator spi = new RoutedKeyPairGenerator(set, jdk, from);
      KeyPair pair = routed(spi, set).generateKeyPair();
      assertSame(from == JDK ? jdk : Routing.unrouted(), spi.engine().getProvider());
      // The per-set generator makes keys of its set on the JDK's route too.
      assertSet(set, pair);
      encodesAlike("ML-KEM", pair, jdk);
    }
  }

  @Test
  void theSetupsExceptionsAreTheSameOnEitherRoute() throws Exception {
    for (String family : new String[] {"ML-KEM", "ML-DSA"}) {
      Provider jdk = jdkProviderOf(family);
      KeyPairGenerator reference = KeyPairGenerator.getInstance(family, jdk);
      String sizeRefused =
          assertThrows(InvalidParameterException.class, () -> reference.initialize(768))
              .getMessage();
      String other = family + (family.equals("ML-KEM") ? "-512" : "-44");
      for (int from : new int[] {JDK, CARBIDE}) {
        KeyPairGenerator routed = routed(new RoutedKeyPairGenerator(family, jdk, from), family);
        assertEquals(
            sizeRefused,
            assertThrows(InvalidParameterException.class, () -> routed.initialize(768))
                .getMessage());
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () -> routed.initialize(new NamedParameterSpec("X25519")));
        // A refused setup leaves the last one in force, on either route.
        routed.initialize(new NamedParameterSpec(other));
        assertThrows(
            InvalidAlgorithmParameterException.class,
            () -> routed.initialize(new NamedParameterSpec("X25519")));
        assertSet(other, routed.generateKeyPair());
      }
    }
  }

  /**
   * Asserts that the pair is of {@code set}: its X.509 encoding has the length and the header (the
   * algorithm identifier, whose OID names the set) of a key the JDK made for that set.
   */
  private static void assertSet(String set, KeyPair pair) throws Exception {
    String family = set.substring(0, set.lastIndexOf('-'));
    KeyPairGenerator reference =
        KeyPairGenerator.getInstance(family, Routable.jdkProvider("KeyPairGenerator", family));
    reference.initialize(new NamedParameterSpec(set));
    byte[] expected = reference.generateKeyPair().getPublic().getEncoded();
    byte[] actual = pair.getPublic().getEncoded();
    assertEquals(expected.length, actual.length, set);
    assertArrayEquals(
        java.util.Arrays.copyOf(expected, HEADER), java.util.Arrays.copyOf(actual, HEADER), set);
  }

  // SEQUENCE, SEQUENCE { OID }, BIT STRING and their lengths: the bytes before the key itself.
  private static final int HEADER = 22;

  /** Signs with the pair in each provider and verifies in the other. */
  private static void signsAcross(String algorithm, KeyPair pair, Provider jdk) throws Exception {
    Provider[] providers = {Carbide.provider(), jdk};
    for (Provider signer : providers) {
      Signature sign = Signature.getInstance(algorithm, signer);
      sign.initSign(pair.getPrivate());
      sign.update(MESSAGE);
      byte[] signature = sign.sign();
      for (Provider verifier : providers) {
        Signature verify = Signature.getInstance(algorithm, verifier);
        verify.initVerify(pair.getPublic());
        verify.update(MESSAGE);
        assertTrue(verify.verify(signature), signer.getName() + " to " + verifier.getName());
      }
    }
  }

  /** Both providers' KeyFactories read the pair's encodings back byte for byte. */
  private static void encodesAlike(String family, KeyPair pair, Provider jdk) throws Exception {
    byte[] x509 = pair.getPublic().getEncoded();
    byte[] pkcs8 = pair.getPrivate().getEncoded();
    for (Provider provider : new Provider[] {Carbide.provider(), jdk}) {
      KeyFactory factory = KeyFactory.getInstance(family, provider);
      assertArrayEquals(
          x509, factory.generatePublic(new X509EncodedKeySpec(x509)).getEncoded(), family);
      assertArrayEquals(
          pkcs8, factory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)).getEncoded(), family);
      assertArrayEquals(x509, factory.translateKey(pair.getPublic()).getEncoded(), family);
    }
  }
}
