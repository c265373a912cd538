package dev.carbide.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The encodings issue 13 found accepted (items 6 and 7), each as a fixed case: Carbide refuses
 * them, with InvalidKeySpecException, as SunEC does. {@link KeyFactoryFuzzTest} looks for more.
 */
class StrictKeyEncodingTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final Provider SUN_EC = Security.getProvider("SunEC");

  private static KeyPair pair(String curve) throws Exception {
    if (curve.startsWith("secp")) {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", SUN_EC);
      generator.initialize(new ECGenParameterSpec(curve));
      return generator.generateKeyPair();
    }
    return KeyPairGenerator.getInstance(curve, SUN_EC).generateKeyPair();
  }

  private static String factory(String curve) {
    return curve.startsWith("secp") ? "EC" : curve;
  }

  // OpenSSL dropped the declared bits and read the rest. The key is picked so that the bit
  // declared unused is zero: OpenSSL then read the very same key, and only the declaration is
  // wrong (an EC point whose last bit were 1 would change and fall off the curve anyway).
  @ParameterizedTest
  @ValueSource(strings = {"X25519", "Ed25519", "X448", "Ed448", "secp256r1", "secp521r1"})
  void publicKeyWithUnusedBitsIsRefused(String curve) throws Exception {
    byte[] good;
    do {
      good = pair(curve).getPublic().getEncoded();
    } while ((good[good.length - 1] & 1) != 0);
    Der.Node spki = Der.parse(good);
    spki.children.get(1).content[0] = 1;
    byte[] bad = spki.encode();
    KeyFactory carbide = KeyFactory.getInstance(factory(curve), CARBIDE);
    assertThrows(
        InvalidKeySpecException.class, () -> carbide.generatePublic(new X509EncodedKeySpec(bad)));
    // The key itself is still read back exactly.
    byte[] valid = good;
    assertArrayEquals(valid, carbide.generatePublic(new X509EncodedKeySpec(valid)).getEncoded());
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 2, 3})
  void ecPrivateKeyVersionOtherThanOneIsRefused(int version) throws Exception {
    Der.Node pkcs8 = Der.parse(pair("secp256r1").getPrivate().getEncoded());
    pkcs8.children.get(2).wrapped.children.get(0).content = new byte[] {(byte) version};
    byte[] bad = pkcs8.encode();
    for (Provider provider : new Provider[] {SUN_EC, CARBIDE}) {
      KeyFactory factory = KeyFactory.getInstance("EC", provider);
      assertThrows(
          InvalidKeySpecException.class,
          () -> factory.generatePrivate(new PKCS8EncodedKeySpec(bad)),
          provider.getName());
    }
  }

  // OpenSSL kept an ECPrivateKey's public point without comparing it with the scalar.
  @ParameterizedTest
  @ValueSource(strings = {"secp256r1", "secp384r1"})
  void ecPrivateKeyWithAnotherKeysPointIsRefused(String curve) throws Exception {
    KeyFactory carbide = KeyFactory.getInstance("EC", CARBIDE);
    byte[] own = carbide.translateKey(pair(curve).getPrivate()).getEncoded();
    byte[] other = carbide.translateKey(pair(curve).getPrivate()).getEncoded();
    Der.Node mixed = Der.parse(own);
    Der.Node otherKey = Der.parse(other);
    int last = mixed.children.get(2).wrapped.children.size() - 1;
    mixed
        .children
        .get(2)
        .wrapped
        .children
        .set(last, otherKey.children.get(2).wrapped.children.get(last));
    byte[] bad = mixed.encode();
    assertThrows(
        InvalidKeySpecException.class, () -> carbide.generatePrivate(new PKCS8EncodedKeySpec(bad)));
    carbide.generatePrivate(new PKCS8EncodedKeySpec(own));
  }

  // OpenSSL reads the hybrid form (0x06 or 0x07, x and y with y's parity in the prefix); SunEC
  // reads uncompressed points only.
  @ParameterizedTest
  @ValueSource(strings = {"secp256r1", "secp384r1"})
  void hybridEcPointIsRefused(String curve) throws Exception {
    byte[] good = pair(curve).getPublic().getEncoded();
    Der.Node spki = Der.parse(good);
    byte[] bits = spki.children.get(1).content;
    bits[1] = (byte) (6 | (bits[bits.length - 1] & 1));
    byte[] bad = spki.encode();
    for (Provider provider : new Provider[] {SUN_EC, CARBIDE}) {
      KeyFactory factory = KeyFactory.getInstance("EC", provider);
      assertThrows(
          InvalidKeySpecException.class,
          () -> factory.generatePublic(new X509EncodedKeySpec(bad)),
          provider.getName());
    }
  }

  // OpenSSL 3.0 reads any PKCS#8 version, and BER lengths, which SunEC reads too but Carbide
  // refuses (docs/elliptic-curves.md); OpenSSL 3.5 refuses both.
  @ParameterizedTest
  @ValueSource(strings = {"Ed25519", "X448", "secp256r1"})
  void pkcs8VersionTwoAndBerLengthsAreRefused(String curve) throws Exception {
    byte[] good = pair(curve).getPrivate().getEncoded();
    Der.Node versionTwo = Der.parse(good);
    versionTwo.children.get(0).content = new byte[] {2};
    byte[] badVersion = versionTwo.encode();
    for (Provider provider : new Provider[] {SUN_EC, CARBIDE}) {
      KeyFactory factory = KeyFactory.getInstance(factory(curve), provider);
      assertThrows(
          InvalidKeySpecException.class,
          () -> factory.generatePrivate(new PKCS8EncodedKeySpec(badVersion)),
          provider.getName());
    }
    Der.Node longForm = Der.parse(good);
    longForm.children.get(1).lengthPadding = -1;
    byte[] ber = longForm.encode();
    KeyFactory carbide = KeyFactory.getInstance(factory(curve), CARBIDE);
    assertThrows(
        InvalidKeySpecException.class, () -> carbide.generatePrivate(new PKCS8EncodedKeySpec(ber)));
  }
}
