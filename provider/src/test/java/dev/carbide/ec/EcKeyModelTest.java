package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.ref.WeakReference;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.crypto.KeyAgreement;
import javax.security.auth.Destroyable;
import org.junit.jupiter.api.Test;

/** The key model: equality, serialization, destroy, translation and its cache, threads. */
class EcKeyModelTest {
  @Test
  void equalityFollowsEncodings() throws Exception {
    KeyPair keys = EcTesting.pair(Carbide.provider(), "secp256r1");
    KeyFactory factory = KeyFactory.getInstance("EC", Carbide.provider());
    Key samePublic =
        factory.translateKey(
            KeyFactory.getInstance("EC", EcTesting.sunEc()).translateKey(keys.getPublic()));
    assertEquals(keys.getPublic(), samePublic);
    assertEquals(keys.getPublic().hashCode(), samePublic.hashCode());
    PrivateKey samePrivate =
        factory.generatePrivate(
            new java.security.spec.PKCS8EncodedKeySpec(keys.getPrivate().getEncoded()));
    assertEquals(keys.getPrivate(), samePrivate);
    assertEquals(keys.getPrivate().hashCode(), samePrivate.hashCode());
    assertNotEquals(
        keys.getPrivate(), EcTesting.pair(Carbide.provider(), "secp256r1").getPrivate());
  }

  @Test
  void keysSerializeThroughTheirEncoding() throws Exception {
    KeyPair keys = EcTesting.pair(Carbide.provider(), "secp384r1");
    for (Key key : new Key[] {keys.getPublic(), keys.getPrivate()}) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(key);
      }
      Object read;
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        read = in.readObject();
      }
      assertArrayEquals(key.getEncoded(), ((Key) read).getEncoded());
    }
  }

  @Test
  void destroyLeavesRunningOperationsIntact() throws Exception {
    KeyPair keys = EcTesting.pair(Carbide.provider(), "secp256r1");
    PrivateKey copy =
        (PrivateKey)
            KeyFactory.getInstance("EC", Carbide.provider())
                .translateKey(EcTesting.sunEcCopy(keys.getPrivate()));
    Signature signature = Signature.getInstance("SHA256withECDSA", Carbide.provider());
    signature.initSign(copy);
    ((Destroyable) copy).destroy();
    assertTrue(((Destroyable) copy).isDestroyed());
    assertThrows(IllegalStateException.class, copy::getEncoded);
    signature.update(new byte[] {1, 2, 3});
    byte[] signed = signature.sign();
    Signature verifier = Signature.getInstance("SHA256withECDSA", Carbide.provider());
    verifier.initVerify(keys.getPublic());
    verifier.update(new byte[] {1, 2, 3});
    assertTrue(verifier.verify(signed));
    assertThrows(InvalidKeyException.class, () -> signature.initSign(copy));
  }

  /**
   * A generated public key enters OpenSSL only when an operation needs it; it must then work as any
   * other, also after its private key is destroyed, and agree with SunEC on its point.
   */
  @Test
  void generatedPublicKeyWorksWithoutItsPrivateKey() throws Exception {
    for (String curve : EcTesting.CURVES) {
      KeyPair keys = EcTesting.pair(Carbide.provider(), curve);
      java.security.interfaces.ECPublicKey sunCopy =
          (java.security.interfaces.ECPublicKey) EcTesting.sunEcCopy(keys.getPublic());
      assertEquals(
          sunCopy.getW(), ((java.security.interfaces.ECPublicKey) keys.getPublic()).getW());
      Signature signer = Signature.getInstance("SHA256withECDSA", Carbide.provider());
      signer.initSign(keys.getPrivate());
      signer.update(new byte[] {1, 2, 3});
      byte[] signature = signer.sign();
      KeyPair peer = EcTesting.pair(Carbide.provider(), curve);
      KeyAgreement agreement = KeyAgreement.getInstance("ECDH", Carbide.provider());
      agreement.init(peer.getPrivate());
      agreement.doPhase(keys.getPublic(), true);
      byte[] secret = agreement.generateSecret();
      ((Destroyable) keys.getPrivate()).destroy();
      Signature verifier = Signature.getInstance("SHA256withECDSA", Carbide.provider());
      verifier.initVerify(keys.getPublic());
      verifier.update(new byte[] {1, 2, 3});
      assertTrue(verifier.verify(signature), curve);
      assertArrayEquals(sunCopy.getEncoded(), keys.getPublic().getEncoded(), curve);
      KeyAgreement sun = KeyAgreement.getInstance("ECDH", EcTesting.sunEc());
      sun.init(EcTesting.sunEcCopy(peer.getPrivate()));
      sun.doPhase(sunCopy, true);
      assertArrayEquals(sun.generateSecret(), secret, curve);
    }
  }

  @Test
  void generatedPublicKeyFirstReadAfterItsPrivateKeyIsDestroyed() throws Exception {
    // The generated public key shares the pair's native key until destroy() ends the sharing.
    for (String curve : EcTesting.CURVES) {
      KeyPair keys = EcTesting.pair(Carbide.provider(), curve);
      Signature signer = Signature.getInstance("SHA384withECDSA", Carbide.provider());
      signer.initSign(keys.getPrivate());
      signer.update(new byte[] {4, 5, 6});
      byte[] signature = signer.sign();
      ((Destroyable) keys.getPrivate()).destroy();
      Signature sun = Signature.getInstance("SHA384withECDSA", EcTesting.sunEc());
      sun.initVerify((java.security.PublicKey) EcTesting.sunEcCopy(keys.getPublic()));
      sun.update(new byte[] {4, 5, 6});
      assertTrue(sun.verify(signature), curve);
      Signature verifier = Signature.getInstance("SHA384withECDSA", Carbide.provider());
      verifier.initVerify(keys.getPublic());
      verifier.update(new byte[] {4, 5, 6});
      assertTrue(verifier.verify(signature), curve);
      assertThrows(InvalidKeyException.class, () -> signer.initSign(keys.getPrivate()));
    }
  }

  /**
   * The keys of a generated pair share one native reference: collecting the private key must leave
   * it to the public key, which is still unread and so still sharing.
   */
  @Test
  void generatedPublicKeyOutlivesItsCollectedPrivateKey() throws Exception {
    byte[] message = {7, 8, 9};
    List<Object> signedBy = signWithAPairAndDropItsPrivateKey(message);
    @SuppressWarnings("unchecked")
    WeakReference<PrivateKey> privateKey = (WeakReference<PrivateKey>) signedBy.get(2);
    for (int i = 0; i < 100 && privateKey.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(privateKey.get(), "the private key was not collected");
    // Give a wrongly freed key time to be freed by the Cleaner and its memory to be reused.
    Thread.sleep(100);
    for (int i = 0; i < 200; i++) {
      EcTesting.pair(Carbide.provider(), "secp256r1");
    }
    PublicKey publicKey = (PublicKey) signedBy.get(0);
    byte[] signature = (byte[]) signedBy.get(1);
    assertTrue(
        EcInteropTest.verify(
            EcTesting.sunEc(),
            "SHA256withECDSA",
            (PublicKey) EcTesting.sunEcCopy(publicKey),
            message,
            signature));
    assertTrue(
        EcInteropTest.verify(Carbide.provider(), "SHA256withECDSA", publicKey, message, signature));
  }

  /**
   * [public key, signature of message, weak reference to the private key]; nothing else holds it.
   */
  private static List<Object> signWithAPairAndDropItsPrivateKey(byte[] message) throws Exception {
    KeyPair keys = EcTesting.pair(Carbide.provider(), "secp256r1");
    Signature signer = Signature.getInstance("SHA256withECDSA", Carbide.provider());
    signer.initSign(keys.getPrivate());
    signer.update(message);
    return List.of(keys.getPublic(), signer.sign(), new WeakReference<>(keys.getPrivate()));
  }

  @Test
  void foreignKeysAreTranslatedOnce() throws Exception {
    KeyPair sun = EcTesting.pair(EcTesting.sunEc(), "secp256r1");
    assertSame(EcKeys.toPublic(sun.getPublic()), EcKeys.toPublic(sun.getPublic()));
    assertSame(EcKeys.toPrivate(sun.getPrivate()), EcKeys.toPrivate(sun.getPrivate()));
    KeyFactory factory = KeyFactory.getInstance("EC", Carbide.provider());
    // translateKey hands out a key of the caller's own, never the cached one.
    assertNotSame(EcKeys.toPrivate(sun.getPrivate()), factory.translateKey(sun.getPrivate()));
  }

  /**
   * SunJSSE signs each handshake with a fresh Signature and its key manager's key, a SunEC key when
   * the key store was loaded before Carbide was installed: each initSign must find the cached
   * translation (a new one would replace it in the cache), and the signatures must verify.
   */
  @Test
  void freshSignaturesWithAForeignKeyReuseItsTranslation() throws Exception {
    KeyPair sun = EcTesting.pair(EcTesting.sunEc(), "secp256r1");
    Key translated = EcKeys.toPrivate(sun.getPrivate());
    byte[] message = "transcript hash".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int i = 0; i < 20; i++) {
      Signature signer = Signature.getInstance("SHA256withECDSA", Carbide.provider());
      signer.initSign(sun.getPrivate());
      signer.update(message);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance("SHA256withECDSA", EcTesting.sunEc());
      verifier.initVerify(sun.getPublic());
      verifier.update(message);
      assertTrue(verifier.verify(signature), "signature " + i);
    }
    assertSame(translated, EcKeys.toPrivate(sun.getPrivate()));
  }

  /** Eight threads sign, verify and agree with one key pair while another destroys copies. */
  @Test
  void sharedKeysUnderThreads() throws Exception {
    KeyPair keys = EcTesting.pair(Carbide.provider(), "secp256r1");
    KeyPair peer = EcTesting.pair(EcTesting.sunEc(), "secp256r1");
    byte[] expected = EcInteropTest.agree(EcTesting.sunEc(), peer.getPrivate(), keys.getPublic());
    KeyFactory factory = KeyFactory.getInstance("EC", Carbide.provider());
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService pool = Executors.newFixedThreadPool(9);
    try {
      Future<?> destroyer =
          pool.submit(
              () -> {
                while (running.get()) {
                  Key copy = factory.translateKey(EcTesting.sunEcCopy(keys.getPrivate()));
                  EcInteropTest.agree(Carbide.provider(), (PrivateKey) copy, peer.getPublic());
                  ((Destroyable) copy).destroy();
                }
                return null;
              });
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        byte[] message = {(byte) t, 42};
        workers.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 50; i++) {
                    byte[] signed =
                        EcInteropTest.sign(
                            Carbide.provider(),
                            "SHA256withECDSA",
                            keys.getPrivate(),
                            message,
                            new java.util.Random(i));
                    assertTrue(
                        EcInteropTest.verify(
                            Carbide.provider(),
                            "SHA256withECDSA",
                            keys.getPublic(),
                            message,
                            signed));
                    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", Carbide.provider());
                    agreement.init(keys.getPrivate());
                    agreement.doPhase(peer.getPublic(), true);
                    assertArrayEquals(expected, agreement.generateSecret());
                  }
                  return null;
                }));
      }
      for (Future<?> worker : workers) {
        worker.get();
      }
      running.set(false);
      destroyer.get();
    } finally {
      pool.shutdownNow();
    }
  }
}
