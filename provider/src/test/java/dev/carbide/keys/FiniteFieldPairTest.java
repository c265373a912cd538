package dev.carbide.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.lang.ref.WeakReference;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.interfaces.DSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.List;
import javax.crypto.KeyAgreement;
import javax.crypto.interfaces.DHPublicKey;
import javax.security.auth.Destroyable;
import org.junit.jupiter.api.Test;

/**
 * The DH and DSA generated pairs: the public key of a generated pair shares its private key's
 * native key, and must keep working, and agree with the JDK, once the private key is destroyed or
 * collected.
 */
class FiniteFieldPairTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final byte[] MESSAGE = {1, 2, 3, 4};

  private static KeyPair pair(String algorithm, int bits) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm, CARBIDE);
    generator.initialize(bits);
    return generator.generateKeyPair();
  }

  private static byte[] sign(PrivateKey key) throws Exception {
    Signature signer = Signature.getInstance("SHA256withDSA", CARBIDE);
    signer.initSign(key);
    signer.update(MESSAGE);
    return signer.sign();
  }

  private static boolean verify(Provider provider, PublicKey key, byte[] signature)
      throws Exception {
    Signature verifier = Signature.getInstance("SHA256withDSA", provider);
    verifier.initVerify(key);
    verifier.update(MESSAGE);
    return verifier.verify(signature);
  }

  private static byte[] agree(Provider provider, PrivateKey own, PublicKey peer) throws Exception {
    KeyAgreement agreement = KeyAgreement.getInstance("DiffieHellman", provider);
    agreement.init(own);
    agreement.doPhase(peer, true);
    return agreement.generateSecret();
  }

  private static PublicKey jdkCopy(String algorithm, PublicKey key) throws Exception {
    String provider = algorithm.equals("DSA") ? "SUN" : "SunJCE";
    return KeyFactory.getInstance(algorithm, Security.getProvider(provider))
        .generatePublic(new X509EncodedKeySpec(key.getEncoded()));
  }

  @Test
  void dsaPublicKeyWorksAfterItsPrivateKeyIsDestroyed() throws Exception {
    KeyPair keys = pair("DSA", 2048);
    byte[] signature = sign(keys.getPrivate());
    PublicKey sunCopy = jdkCopy("DSA", keys.getPublic());
    ((Destroyable) keys.getPrivate()).destroy();
    // The first read of y comes after the sharing ended.
    assertEquals(((DSAPublicKey) sunCopy).getY(), ((DSAPublicKey) keys.getPublic()).getY());
    assertArrayEquals(sunCopy.getEncoded(), keys.getPublic().getEncoded());
    assertTrue(verify(CARBIDE, keys.getPublic(), signature));
    assertTrue(verify(Security.getProvider("SUN"), sunCopy, signature));
  }

  @Test
  void dhPublicKeyWorksAfterItsPrivateKeyIsDestroyed() throws Exception {
    KeyPair keys = pair("DiffieHellman", 2048);
    KeyPair peer = pair("DiffieHellman", 2048);
    PublicKey sunCopy = jdkCopy("DH", keys.getPublic());
    byte[] secret = agree(CARBIDE, peer.getPrivate(), keys.getPublic());
    ((Destroyable) keys.getPrivate()).destroy();
    assertEquals(((DHPublicKey) sunCopy).getY(), ((DHPublicKey) keys.getPublic()).getY());
    assertArrayEquals(sunCopy.getEncoded(), keys.getPublic().getEncoded());
    // As a peer once more, now through a native key of its own made from y.
    assertArrayEquals(secret, agree(CARBIDE, peer.getPrivate(), keys.getPublic()));
    assertThrows(
        java.security.InvalidKeyException.class,
        () -> agree(CARBIDE, keys.getPrivate(), peer.getPublic()));
  }

  /**
   * The keys of a pair share one native reference: the private key's collection must not free it.
   */
  @Test
  void publicKeysOutliveTheirCollectedPrivateKeys() throws Exception {
    List<Object> dsa = signAndDrop();
    List<Object> dh = agreeAndDrop();
    for (int i = 0; i < 100 && (live(dsa) || live(dh)); i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(((WeakReference<?>) dsa.get(2)).get(), "the DSA private key was not collected");
    assertNull(((WeakReference<?>) dh.get(2)).get(), "the DH private key was not collected");
    // Give a wrongly freed key time to be freed by the Cleaner and its memory to be reused.
    Thread.sleep(100);
    for (int i = 0; i < 20; i++) {
      pair("DSA", 2048);
    }
    assertTrue(verify(CARBIDE, (PublicKey) dsa.get(0), (byte[]) dsa.get(1)));
    KeyPair peer = (KeyPair) dh.get(3);
    assertArrayEquals((byte[]) dh.get(1), agree(CARBIDE, peer.getPrivate(), (PublicKey) dh.get(0)));
  }

  private static boolean live(List<Object> held) {
    return ((WeakReference<?>) held.get(2)).get() != null;
  }

  // [public key, signature, weak reference to the private key]
  private static List<Object> signAndDrop() throws Exception {
    KeyPair keys = pair("DSA", 2048);
    return List.of(
        keys.getPublic(), sign(keys.getPrivate()), new WeakReference<>(keys.getPrivate()));
  }

  // [public key, secret with the peer, weak reference to the private key, the peer]
  private static List<Object> agreeAndDrop() throws Exception {
    KeyPair keys = pair("DiffieHellman", 2048);
    KeyPair peer = pair("DiffieHellman", 2048);
    return List.of(
        keys.getPublic(),
        agree(CARBIDE, peer.getPrivate(), keys.getPublic()),
        new WeakReference<>(keys.getPrivate()),
        peer);
  }
}
