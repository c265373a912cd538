package dev.carbide.dh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.KeyAgreement;
import javax.crypto.interfaces.DHPublicKey;
import javax.crypto.spec.DHParameterSpec;
import javax.crypto.spec.DHPublicKeySpec;
import org.junit.jupiter.api.Test;

/** Misuse gets SunJCE's exception classes, and weak peers are refused at doPhase. */
class DhBadInputTest {
  private static final Provider CARBIDE = DhInteropTest.CARBIDE;
  private static final Provider SUN_JCE = DhInteropTest.SUN_JCE;

  interface Action {
    void run(Provider provider) throws Exception;
  }

  private static void sameException(Class<? extends Throwable> expected, Action action) {
    for (Provider provider : new Provider[] {SUN_JCE, CARBIDE}) {
      assertThrows(expected, () -> action.run(provider), provider.getName());
    }
  }

  @Test
  void badSizesAndSpecs() {
    sameException(
        InvalidParameterException.class,
        p -> KeyPairGenerator.getInstance("DH", p).initialize(1000));
    sameException(
        InvalidParameterException.class,
        p -> KeyPairGenerator.getInstance("DH", p).initialize(256));
    sameException(
        InvalidAlgorithmParameterException.class,
        p -> KeyPairGenerator.getInstance("DH", p).initialize(new ECGenParameterSpec("secp256r1")));
    sameException(
        InvalidAlgorithmParameterException.class,
        p ->
            KeyPairGenerator.getInstance("DH", p)
                .initialize(new DHParameterSpec(BigInteger.valueOf(23), BigInteger.TWO)));
  }

  @Test
  void weakPeersAreRefusedAtDoPhase() throws Exception {
    KeyPair own = DhInteropTest.pair(CARBIDE, 2048);
    DHParameterSpec params = ((DHPublicKey) own.getPublic()).getParams();
    BigInteger p = params.getP();
    for (BigInteger y :
        new BigInteger[] {BigInteger.ZERO, BigInteger.ONE, p.subtract(BigInteger.ONE), p}) {
      PublicKey weak =
          KeyFactory.getInstance("DH", SUN_JCE)
              .generatePublic(new DHPublicKeySpec(y, p, params.getG()));
      sameException(
          InvalidKeyException.class,
          provider -> {
            KeyAgreement agreement = KeyAgreement.getInstance("DH", provider);
            agreement.init(own.getPrivate());
            agreement.doPhase(weak, true);
          });
    }
  }

  @Test
  void peersOfAnotherGroupAndOtherMisuse() throws Exception {
    KeyPair own = DhInteropTest.pair(SUN_JCE, 2048);
    KeyPair other = DhInteropTest.pair(SUN_JCE, 3072);
    sameException(
        InvalidKeyException.class,
        provider -> {
          KeyAgreement agreement = KeyAgreement.getInstance("DH", provider);
          agreement.init(own.getPrivate());
          agreement.doPhase(other.getPublic(), true);
        });
    sameException(
        InvalidKeyException.class,
        provider -> KeyAgreement.getInstance("DH", provider).init(own.getPublic()));
    sameException(
        IllegalStateException.class,
        provider -> KeyAgreement.getInstance("DH", provider).doPhase(own.getPublic(), true));
    sameException(
        IllegalStateException.class,
        provider -> {
          KeyAgreement agreement = KeyAgreement.getInstance("DH", provider);
          agreement.init(own.getPrivate());
          agreement.generateSecret();
        });
    sameException(
        NoSuchAlgorithmException.class,
        provider -> {
          KeyAgreement agreement = KeyAgreement.getInstance("DH", provider);
          agreement.init(own.getPrivate());
          agreement.doPhase(own.getPublic(), true);
          agreement.generateSecret("AES");
        });
    sameException(
        InvalidAlgorithmParameterException.class,
        provider ->
            KeyAgreement.getInstance("DH", provider)
                .init(own.getPrivate(), new ECGenParameterSpec("secp256r1")));
    sameException(
        InvalidKeyException.class,
        provider ->
            KeyAgreement.getInstance("DH", provider)
                .init(own.getPrivate(), ((DHPublicKey) other.getPublic()).getParams()));
  }

  /** A shared agreement gives IllegalStateException or right answers, never a crash. */
  @Test
  void sharedAgreementStorm() throws Exception {
    KeyPair a = DhInteropTest.pair(CARBIDE, 1024);
    KeyPair b = DhInteropTest.pair(CARBIDE, 1024);
    byte[] expected = DhInteropTest.agree(SUN_JCE, a.getPrivate(), b.getPublic());
    KeyAgreement shared = KeyAgreement.getInstance("DH", CARBIDE);
    AtomicInteger refused = new AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    CountDownLatch start = new CountDownLatch(1);
    for (int t = 0; t < 4; t++) {
      threads.add(
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int i = 0; i < 200; i++) {
                    try {
                      shared.init(a.getPrivate());
                      shared.doPhase(b.getPublic(), true);
                      byte[] secret = shared.generateSecret();
                      if (!java.util.Arrays.equals(expected, secret)) {
                        failures.add(new AssertionError("a wrong secret"));
                      }
                    } catch (IllegalStateException e) {
                      refused.incrementAndGet();
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              }));
    }
    threads.forEach(Thread::start);
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(List.of(), failures);
  }
}
