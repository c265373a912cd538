package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.PqcSignatureParameterSpec;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.NamedParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ML-DSA and SLH-DSA signatures: interoperation with the JDK's ML-DSA both ways, the hedged default
 * and the deterministic option, contexts, misuse, and one key pair shared by 8 threads.
 */
class PqcSignatureTest {
  private static final byte[] MESSAGE = "post-quantum".getBytes();

  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"})
  void interoperatesWithTheJdk(String set) throws Exception {
    Provider jdk = PqcTesting.jdkProvider("Signature", "ML-DSA");
    PqcTesting.assumeJdkHas("Signature", "ML-DSA");
    KeyPairGenerator jdkGenerator = KeyPairGenerator.getInstance("ML-DSA", jdk);
    jdkGenerator.initialize(new NamedParameterSpec(set));
    Random random = new Random(set.hashCode());
    for (KeyPair pair : new KeyPair[] {PqcTesting.generate(set), jdkGenerator.generateKeyPair()}) {
      byte[] message = new byte[random.nextInt(3000)];
      random.nextBytes(message);
      for (String name : new String[] {"ML-DSA", set}) {
        byte[] ours = sign(CARBIDE, name, pair, message);
        byte[] theirs = sign(jdk, name, pair, message);
        assertEquals(PqcAlgorithm.byName(set).outputSize, ours.length);
        assertTrue(verify(jdk, name, pair, message, ours));
        assertTrue(verify(CARBIDE, name, pair, message, theirs));
        theirs[theirs.length / 3] ^= 1;
        assertFalse(verify(CARBIDE, name, pair, message, theirs));
      }
    }
  }

  private static byte[] sign(Provider provider, String name, KeyPair pair, byte[] message)
      throws Exception {
    Signature signature = Signature.getInstance(name, provider);
    signature.initSign(pair.getPrivate());
    // Split updates, as streaming callers send them.
    signature.update(message, 0, message.length / 2);
    signature.update(message, message.length / 2, message.length - message.length / 2);
    return signature.sign();
  }

  private static boolean verify(
      Provider provider, String name, KeyPair pair, byte[] message, byte[] signed)
      throws Exception {
    Signature signature = Signature.getInstance(name, provider);
    signature.initVerify(pair.getPublic());
    signature.update(message);
    return signature.verify(signed);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ML-DSA-65", "SLH-DSA-SHA2-128f", "SLH-DSA-SHAKE-128f"})
  void hedgedByDefaultDeterministicOnRequestAndContexts(String set) throws Exception {
    KeyPair pair = PqcTesting.generate(set);
    byte[] context = "carbide".getBytes();
    assertFalse(
        Arrays.equals(sign(CARBIDE, set, pair, MESSAGE), sign(CARBIDE, set, pair, MESSAGE)),
        "hedged signatures differ");
    byte[] first = MlDsaTesting.sign(set, pair.getPrivate(), MESSAGE, context, true);
    assertArrayEquals(first, MlDsaTesting.sign(set, pair.getPrivate(), MESSAGE, context, true));
    assertTrue(MlDsaTesting.verify(set, pair.getPublic(), MESSAGE, context, first));
    assertFalse(MlDsaTesting.verify(set, pair.getPublic(), MESSAGE, null, first), "no context");
    assertFalse(MlDsaTesting.verify(set, pair.getPublic(), MESSAGE, new byte[1], first));
    byte[] longest = new byte[255];
    byte[] withLongest = MlDsaTesting.sign(set, pair.getPrivate(), MESSAGE, longest, false);
    assertTrue(MlDsaTesting.verify(set, pair.getPublic(), MESSAGE, longest, withLongest));
    // A spec set before init stays for later inits, and null restores the empty context.
    Signature signature = Signature.getInstance(set, CARBIDE);
    signature.setParameter(new PqcSignatureParameterSpec(context, false));
    signature.initVerify(pair.getPublic());
    signature.update(MESSAGE);
    assertTrue(signature.verify(first));
    signature.setParameter(null);
    signature.update(MESSAGE);
    assertFalse(signature.verify(first));
  }

  @Test
  void refusesMisuse() throws Exception {
    KeyPair pair = PqcTesting.generate("ML-DSA-65");
    Signature only44 = Signature.getInstance("ML-DSA-44", CARBIDE);
    assertThrows(InvalidKeyException.class, () -> only44.initSign(pair.getPrivate()));
    assertThrows(InvalidKeyException.class, () -> only44.initVerify(pair.getPublic()));
    Signature mlDsa = Signature.getInstance("ML-DSA", CARBIDE);
    KeyPair kem = PqcTesting.generate("ML-KEM-768");
    assertThrows(InvalidKeyException.class, () -> mlDsa.initSign(kem.getPrivate()));
    KeyPair slh = PqcTesting.generate("SLH-DSA-SHA2-128f");
    assertThrows(InvalidKeyException.class, () -> mlDsa.initVerify(slh.getPublic()));
    assertThrows(
        InvalidKeyException.class,
        () -> Signature.getInstance("SLH-DSA", CARBIDE).initSign(pair.getPrivate()));
    assertThrows(SignatureException.class, () -> mlDsa.sign());
    assertThrows(
        IllegalArgumentException.class, () -> new PqcSignatureParameterSpec(new byte[256], false));
    assertThrows(
        InvalidAlgorithmParameterException.class,
        () -> mlDsa.setParameter(new NamedParameterSpec("ML-DSA-65")));
    mlDsa.initVerify(pair.getPublic());
    byte[] signed = sign(CARBIDE, "ML-DSA", pair, MESSAGE);
    for (int length : new int[] {0, 1, signed.length - 1}) {
      mlDsa.update(MESSAGE);
      assertFalse(mlDsa.verify(Arrays.copyOf(signed, length)), "length " + length);
    }
    mlDsa.update(MESSAGE);
    assertFalse(mlDsa.verify(Arrays.copyOf(signed, signed.length + 1)));
    mlDsa.update(MESSAGE);
    assertTrue(mlDsa.verify(signed));
  }

  /** One key pair of each kind shared by 8 threads, each with its own Signature. */
  @ParameterizedTest
  @ValueSource(strings = {"ML-DSA-44", "SLH-DSA-SHA2-128f"})
  void sharedKeysAcrossThreads(String set) throws Exception {
    KeyPair pair = PqcTesting.generate(set);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        results.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 5; i++) {
                    byte[] message = (set + thread + "/" + i).getBytes();
                    byte[] signed = sign(CARBIDE, set, pair, message);
                    assertTrue(verify(CARBIDE, set, pair, message, signed));
                    message[0] ^= 1;
                    assertFalse(verify(CARBIDE, set, pair, message, signed));
                  }
                  return 5;
                }));
      }
      int total = 0;
      for (Future<Integer> result : results) {
        total += result.get();
      }
      assertEquals(40, total);
    } finally {
      pool.shutdownNow();
    }
  }
}
