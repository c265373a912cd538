package dev.carbide.dsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.AlgorithmParameterGenerator;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.DSAParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Misuse gets SUN's exceptions and messages; malformed signatures are refused as SUN refuses. */
class DsaBadInputTest {
  private static final Provider CARBIDE = DsaInteropTest.CARBIDE;
  private static final Provider SUN = DsaInteropTest.SUN;
  private static final byte[] MESSAGE = "the message".getBytes();

  interface Action {
    void run(Provider provider) throws Exception;
  }

  // The same exception class and message from SUN and Carbide.
  private static void sameException(Class<? extends Throwable> expected, Action action) {
    String sunMessage = assertThrows(expected, () -> action.run(SUN), "SUN").getMessage();
    String ourMessage = assertThrows(expected, () -> action.run(CARBIDE), "Carbide").getMessage();
    assertEquals(sunMessage, ourMessage);
  }

  @Test
  void badSizesAndSpecs() {
    sameException(
        InvalidParameterException.class,
        p -> KeyPairGenerator.getInstance("DSA", p).initialize(1000));
    sameException(
        InvalidParameterException.class,
        p -> KeyPairGenerator.getInstance("DSA", p).initialize(4096));
    sameException(
        InvalidAlgorithmParameterException.class,
        p ->
            KeyPairGenerator.getInstance("DSA", p).initialize(new ECGenParameterSpec("secp256r1")));
    sameException(
        InvalidParameterException.class,
        p ->
            KeyPairGenerator.getInstance("DSA", p)
                .initialize(
                    new DSAParameterSpec(
                        BigInteger.valueOf(23), BigInteger.valueOf(11), BigInteger.TWO)));
    sameException(
        InvalidParameterException.class,
        p -> AlgorithmParameterGenerator.getInstance("DSA", p).init(1000));
    sameException(
        InvalidAlgorithmParameterException.class,
        p ->
            AlgorithmParameterGenerator.getInstance("DSA", p)
                .init(new ECGenParameterSpec("secp256r1")));
    sameException(
        InvalidParameterSpecException.class,
        p -> AlgorithmParameters.getInstance("DSA", p).init(new ECGenParameterSpec("secp256r1")));
    // The DER parsers' messages differ; the class is the contract.
    for (Provider provider : new Provider[] {SUN, CARBIDE}) {
      assertThrows(
          java.io.IOException.class,
          () ->
              AlgorithmParameters.getInstance("DSA", provider).init(new byte[] {0x30, 3, 2, 1, 1}));
    }
  }

  @Test
  void weakDigestForTheKeyIsRefusedAtSigningOnly() throws Exception {
    KeyPair ours = DsaInteropTest.pair(CARBIDE, 2048);
    KeyPair theirs = DsaInteropTest.pair(SUN, 2048);
    sameException(
        InvalidKeyException.class,
        p -> Signature.getInstance("SHA1withDSA", p).initSign(theirs.getPrivate()));
    assertThrows(
        InvalidKeyException.class,
        () -> Signature.getInstance("SHA1withDSA", CARBIDE).initSign(ours.getPrivate()));
    Signature.getInstance("SHA1withDSA", CARBIDE).initVerify(ours.getPublic());
  }

  @Test
  void wrongKeyTypes() throws Exception {
    KeyPair ec = KeyPairGenerator.getInstance("EC").generateKeyPair();
    for (Provider provider : new Provider[] {SUN, CARBIDE}) {
      Signature signature = Signature.getInstance("SHA256withDSA", provider);
      assertThrows(InvalidKeyException.class, () -> signature.initSign(ec.getPrivate()));
      assertThrows(InvalidKeyException.class, () -> signature.initVerify(ec.getPublic()));
    }
  }

  // A signature by SUN, then mangled; Carbide must answer as SUN does: the same verdict, or an
  // exception of the same class and message.
  @Test
  void malformedSignaturesAnswerAsSunDoes() throws Exception {
    KeyPair theirs = DsaInteropTest.pair(SUN, 2048);
    for (String algorithm : new String[] {"SHA256withDSA", "SHA256withDSAinP1363Format"}) {
      byte[] good = DsaInteropTest.sign(SUN, algorithm, theirs.getPrivate(), MESSAGE);
      List<byte[]> bad = new ArrayList<>();
      bad.add(new byte[0]);
      bad.add(Arrays.copyOf(good, good.length - 1));
      bad.add(Arrays.copyOf(good, good.length + 1));
      byte[] flipped = good.clone();
      flipped[flipped.length - 1] ^= 1;
      bad.add(flipped);
      byte[] zeros = new byte[good.length];
      if (algorithm.endsWith("Format")) {
        bad.add(zeros); // r = s = 0
      } else {
        bad.add(new byte[] {0x30, 0x06, 2, 1, 0, 2, 1, 1}); // r = 0
        bad.add(new byte[] {0x30, 0x07, 2, 2, 0, 1, 2, 1, 1}); // redundant leading zero
      }
      for (byte[] signature : bad) {
        if (signature.length == 0 && algorithm.endsWith("Format")) {
          continue; // SUN throws NumberFormatException; Carbide a SignatureException
        }
        String sun = answer(SUN, algorithm, theirs, signature);
        String ours = answer(CARBIDE, algorithm, theirs, signature);
        assertEquals(sun, ours, algorithm + " " + java.util.HexFormat.of().formatHex(signature));
      }
      assertEquals("true", answer(CARBIDE, algorithm, theirs, good));
    }
  }

  private static String answer(Provider provider, String algorithm, KeyPair keys, byte[] signature)
      throws Exception {
    Signature verifier = Signature.getInstance(algorithm, provider);
    verifier.initVerify(keys.getPublic());
    verifier.update(MESSAGE);
    try {
      return String.valueOf(verifier.verify(signature));
    } catch (SignatureException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  @Test
  void verifierRestartsAfterAMalformedSignature() throws Exception {
    KeyPair ours = DsaInteropTest.pair(CARBIDE, 2048);
    byte[] big = new byte[5000]; // past the Java buffer, so the native signer holds the message
    byte[] good = DsaInteropTest.sign(CARBIDE, "SHA256withDSA", ours.getPrivate(), big);
    Signature verifier = Signature.getInstance("SHA256withDSA", CARBIDE);
    verifier.initVerify(ours.getPublic());
    verifier.update(big);
    assertThrows(SignatureException.class, () -> verifier.verify(new byte[] {1, 2, 3}));
    verifier.update(big);
    assertTrue(verifier.verify(good));
    verifier.update(big);
    verifier.update((byte) 1);
    assertFalse(verifier.verify(good));
  }

  @Test
  void sharedSignatureNeverCrashes() throws Exception {
    KeyPair ours = DsaInteropTest.pair(CARBIDE, 2048);
    Signature shared = Signature.getInstance("SHA256withDSA", CARBIDE);
    shared.initSign(ours.getPrivate());
    int threads = 4;
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger unexpected = new AtomicInteger();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      Thread worker =
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int i = 0; i < 200; i++) {
                    try {
                      if (id % 2 == 0) {
                        shared.update(MESSAGE);
                        shared.sign();
                      } else {
                        shared.initSign(ours.getPrivate());
                      }
                    } catch (IllegalStateException | SignatureException e) {
                      // what a shared engine may answer
                    }
                  }
                } catch (Throwable e) {
                  unexpected.incrementAndGet();
                }
              });
      worker.start();
      workers.add(worker);
    }
    start.countDown();
    for (Thread worker : workers) {
      worker.join();
    }
    assertEquals(0, unexpected.get());
  }
}
