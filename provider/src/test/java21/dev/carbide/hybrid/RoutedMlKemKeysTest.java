package dev.carbide.hybrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.carbide.testing.Carbide;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import javax.crypto.KEM;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ML-KEM key generation on either route (Java 21 and later, for the KEM API): a pair the routed
 * generator made on the JDK's engine works in Carbide's KEM, and a pair made on Carbide's in the
 * JDK's, in both directions of encapsulation. Where the JDK has no ML-KEM (before 24) there is no
 * route, and the test is skipped.
 */
class RoutedMlKemKeysTest {
  @ParameterizedTest
  @ValueSource(strings = {"ML-KEM", "ML-KEM-512", "ML-KEM-1024"})
  void keysOfEitherRouteWorkInEitherKem(String name) throws Exception {
    Carbide.provider();
    Provider jdk = Routable.jdkProvider("KEM", "ML-KEM");
    Assumptions.assumeTrue(
        Routing.enabled()
            && jdk != null
            && Routing.unrouted().getService("KeyPairGenerator", name) != null,
        "ML-KEM key generation needs both engines (JDK 24+, OpenSSL 3.5)");
    KEM carbide = KEM.getInstance("ML-KEM", Routing.unrouted());
    KEM theirs = KEM.getInstance("ML-KEM", jdk);
    for (int from : new int[] {0, RouteTable.NEVER}) {
      RoutedKeyPairGenerator spi =
          new RoutedKeyPairGenerator(name, Routable.jdkProvider("KeyPairGenerator", name), from);
      KeyPair pair = generator(spi, name).generateKeyPair();
      assertSame(from == 0 ? jdk : Routing.unrouted(), spi.engine().getProvider());
      for (KEM[] direction : new KEM[][] {{carbide, theirs}, {theirs, carbide}}) {
        KEM.Encapsulated sent = direction[0].newEncapsulator(pair.getPublic()).encapsulate();
        assertArrayEquals(
            sent.key().getEncoded(),
            direction[1]
                .newDecapsulator(pair.getPrivate())
                .decapsulate(sent.encapsulation())
                .getEncoded(),
            name + " from " + from);
      }
    }
  }

  private static KeyPairGenerator generator(RoutedKeyPairGenerator spi, String name)
      throws NoSuchAlgorithmException {
    return KeyPairGenerator.getInstance(
        name, RoutedEnginesTest.serving("KeyPairGenerator", name, () -> spi));
  }
}
