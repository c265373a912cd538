package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ML-KEM and ML-DSA keys move between Carbide and the JDK's own provider byte for byte, both ways,
 * and either provider's key works in the other's engines (translated through its encoding). Runs
 * where the JDK has these algorithms (24 and later).
 */
class PqcJdkKeyInteropTest {
  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "ML-DSA-44", "ML-DSA-65", "ML-DSA-87"})
  void keysMoveByteForByte(String set) throws Exception {
    String family = set.substring(0, set.lastIndexOf('-'));
    PqcTesting.assumeJdkHas("KeyFactory", family);
    KeyPairGenerator jdkGenerator = KeyPairGenerator.getInstance(family);
    jdkGenerator.initialize(new NamedParameterSpec(set));
    KeyPair jdk = jdkGenerator.generateKeyPair();
    KeyPair ours = KeyPairGenerator.getInstance(set, CARBIDE).generateKeyPair();
    KeyFactory jdkFactory = KeyFactory.getInstance(family);
    KeyFactory ourFactory = KeyFactory.getInstance(family, CARBIDE);
    for (KeyPair pair : new KeyPair[] {jdk, ours}) {
      byte[] x509 = pair.getPublic().getEncoded();
      byte[] pkcs8 = pair.getPrivate().getEncoded();
      assertArrayEquals(
          x509, ourFactory.generatePublic(new X509EncodedKeySpec(x509)).getEncoded(), set);
      assertArrayEquals(
          x509, jdkFactory.generatePublic(new X509EncodedKeySpec(x509)).getEncoded(), set);
      assertArrayEquals(
          pkcs8, ourFactory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)).getEncoded(), set);
      assertArrayEquals(
          pkcs8, jdkFactory.generatePrivate(new PKCS8EncodedKeySpec(pkcs8)).getEncoded(), set);
      assertArrayEquals(pkcs8, ourFactory.translateKey(pair.getPrivate()).getEncoded(), set);
    }
    assertEquals(jdk.getPublic().getAlgorithm(), ours.getPublic().getAlgorithm());
    assertEquals(jdk.getPrivate().getFormat(), ours.getPrivate().getFormat());
    assertEquals(jdk.getPublic().getEncoded().length, ours.getPublic().getEncoded().length);
    assertEquals(jdk.getPrivate().getEncoded().length, ours.getPrivate().getEncoded().length);
  }
}
