package dev.carbide.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The KeyFactory dispatch DSA, DH and RSA share ({@link SpecKeyFactory}): each family's specs both
 * ways, its own keys returned by translateKey, and each refusal's class and message, as the
 * families' factories gave them before they shared the dispatch.
 */
class SpecKeyFactoryTest {
  private static final Provider CARBIDE = Carbide.provider();

  interface Call {
    Object run(KeyFactory factory) throws Exception;
  }

  private static void refuses(
      String algorithm, Class<? extends Throwable> type, String message, Call call)
      throws Exception {
    KeyFactory factory = KeyFactory.getInstance(algorithm, CARBIDE);
    Throwable thrown = assertThrows(type, () -> call.run(factory), algorithm);
    assertEquals(message, thrown.getMessage(), algorithm);
  }

  @ParameterizedTest
  @ValueSource(strings = {"DSA", "DiffieHellman", "RSA"})
  void specsBothWaysAndRefusals(String algorithm) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm, CARBIDE);
    generator.initialize(2048);
    KeyPair pair = generator.generateKeyPair();
    KeyFactory factory = KeyFactory.getInstance(algorithm, CARBIDE);
    // Encodings and the component specs (KeySpec.class gives the first in the table) round-trip.
    Key pub =
        factory.generatePublic(factory.getKeySpec(pair.getPublic(), X509EncodedKeySpec.class));
    Key priv =
        factory.generatePrivate(factory.getKeySpec(pair.getPrivate(), PKCS8EncodedKeySpec.class));
    assertArrayEquals(pair.getPublic().getEncoded(), pub.getEncoded());
    assertArrayEquals(pair.getPrivate().getEncoded(), priv.getEncoded());
    KeySpec components = factory.getKeySpec(pair.getPublic(), KeySpec.class);
    String prefix = algorithm.equals("DiffieHellman") ? "DH" : algorithm;
    assertEquals(prefix + "PublicKeySpec", components.getClass().getSimpleName());
    factory.generatePublic(components);
    assertSame(pair.getPublic(), factory.translateKey(pair.getPublic()));
    assertSame(pair.getPrivate(), factory.translateKey(pair.getPrivate()));

    boolean rsa = algorithm.equals("RSA");
    String publicSpec =
        rsa
            ? "Only RSAPublicKeySpec and X509EncodedKeySpec supported for RSA public keys"
            : "Inappropriate key specification";
    String privateSpec =
        rsa
            ? "Only RSAPrivate(Crt)KeySpec and PKCS8EncodedKeySpec supported for RSA private keys"
            : "Inappropriate key specification";
    String publicKeySpec =
        rsa
            ? "KeySpec must be RSAPublicKeySpec or X509EncodedKeySpec for RSA public keys"
            : "Inappropriate key specification";
    String privateKeySpec =
        rsa
            ? "KeySpec must be RSAPrivate(Crt)KeySpec or PKCS8EncodedKeySpec for RSA private keys"
            : "Inappropriate key specification";
    KeySpec other = new KeySpec() {};
    refuses(algorithm, InvalidKeySpecException.class, publicSpec, f -> f.generatePublic(other));
    refuses(algorithm, InvalidKeySpecException.class, publicSpec, f -> f.generatePublic(null));
    refuses(
        algorithm,
        InvalidKeySpecException.class,
        privateSpec,
        f -> f.generatePrivate(new X509EncodedKeySpec(new byte[1])));
    refuses(
        algorithm,
        InvalidKeySpecException.class,
        publicKeySpec,
        f -> f.getKeySpec(pair.getPublic(), PKCS8EncodedKeySpec.class));
    refuses(
        algorithm,
        InvalidKeySpecException.class,
        privateKeySpec,
        f -> f.getKeySpec(pair.getPrivate(), X509EncodedKeySpec.class));
    // A secret key is neither public nor private.
    SecretKeySpec secret = new SecretKeySpec(new byte[16], "AES");
    refuses(
        algorithm,
        InvalidKeySpecException.class,
        rsa ? "Neither public nor private key" : "Inappropriate key type",
        f -> f.getKeySpec(secret, KeySpec.class));
    refuses(
        algorithm,
        InvalidKeyException.class,
        rsa ? "Neither public nor private key" : "Cannot translate key",
        f -> f.translateKey(secret));
    refuses(
        algorithm, InvalidKeyException.class, "Key must not be null", f -> f.translateKey(null));
    // Null arguments to getKeySpec: RSA's InvalidKeySpecException, DSA's and DH's NPE.
    if (rsa) {
      refuses(
          algorithm,
          InvalidKeySpecException.class,
          "key and keySpec must not be null",
          f -> f.getKeySpec(null, KeySpec.class));
    } else {
      refuses(
          algorithm,
          NullPointerException.class,
          "keySpec must not be null",
          f -> f.getKeySpec(pair.getPublic(), null));
    }
  }
}
