package dev.carbide.dsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.security.SignatureException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NONEwithDSA and NONEwithDSAinP1363Format against SUN's RawDSA: signatures cross both ways on keys
 * of each size SUN has parameters for, and every misuse (a wrong length, a failed operation, an
 * overflow) leaves the same state and gives the same exception as in SUN.
 */
class RawDsaTest {
  private static final Provider CARBIDE = DsaInteropTest.CARBIDE;
  private static final Provider SUN = DsaInteropTest.SUN;
  private static final String[] FORMS = {"NONEwithDSA", "NONEwithDSAinP1363Format"};
  private static final Map<String, KeyPair> PAIRS = new ConcurrentHashMap<>();

  // One pair per provider and size (q of 160, 224 and 256 bits), made once for the whole class.
  private static KeyPair pair(Provider provider, int bits) {
    return PAIRS.computeIfAbsent(
        provider.getName() + bits,
        k -> {
          try {
            return DsaInteropTest.pair(provider, bits);
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
  }

  private static byte[] sign(Provider provider, String algorithm, KeyPair keys, byte[] data)
      throws Exception {
    Signature signer = Signature.getInstance(algorithm, provider);
    signer.initSign(keys.getPrivate());
    // Split: one byte, a slice, then the rest, so the accumulation is exercised.
    signer.update(data[0]);
    signer.update(data, 1, 7);
    signer.update(data, 8, data.length - 8);
    return signer.sign();
  }

  private static boolean verify(
      Provider provider, String algorithm, KeyPair keys, byte[] data, byte[] signature)
      throws Exception {
    Signature verifier = Signature.getInstance(algorithm, provider);
    verifier.initVerify(keys.getPublic());
    verifier.update(data);
    return verifier.verify(signature);
  }

  @ParameterizedTest
  @ValueSource(ints = {1024, 2048, 3072})
  void signaturesCrossBothWays(int bits) throws Exception {
    Random random = new Random(bits);
    KeyPair ours = pair(CARBIDE, bits);
    KeyPair theirs = pair(SUN, bits);
    for (String algorithm : FORMS) {
      for (int i = 0; i < 4; i++) {
        byte[] data = new byte[20];
        random.nextBytes(data);
        for (KeyPair keys : List.of(ours, theirs)) {
          byte[] byCarbide = sign(CARBIDE, algorithm, keys, data);
          assertTrue(verify(SUN, algorithm, keys, data, byCarbide), algorithm + " " + bits);
          assertTrue(verify(CARBIDE, algorithm, keys, data, byCarbide));
          byte[] bySun = sign(SUN, algorithm, keys, data);
          assertTrue(verify(CARBIDE, algorithm, keys, data, bySun), algorithm + " " + bits);
          byte[] other = data.clone();
          other[19] ^= 1;
          assertFalse(verify(CARBIDE, algorithm, keys, other, bySun));
          assertFalse(verify(SUN, algorithm, keys, other, byCarbide));
        }
      }
    }
  }

  /** NONEwithDSA over SHA-1(m) is SHA1withDSA over m, whichever provider signs. */
  @Test
  void agreesWithSha1WithDsa() throws Exception {
    KeyPair ours = pair(CARBIDE, 1024);
    byte[] message = "a message".getBytes();
    byte[] digest = MessageDigest.getInstance("SHA-1").digest(message);
    byte[] raw = sign(CARBIDE, "NONEwithDSA", ours, digest);
    Signature sha1 = Signature.getInstance("SHA1withDSA", SUN);
    sha1.initVerify(ours.getPublic());
    sha1.update(message);
    assertTrue(sha1.verify(raw));
  }

  @Test
  void p1363HasSunsWidthAndAliasResolves() throws Exception {
    for (int bits : new int[] {1024, 2048, 3072}) {
      byte[] signature = sign(CARBIDE, FORMS[1], pair(CARBIDE, bits), new byte[20]);
      assertEquals(bits == 1024 ? 40 : bits == 2048 ? 56 : 64, signature.length);
    }
    // SUN's alias.
    assertEquals("NONEwithDSA", CARBIDE.getService("Signature", "RawDSA").getAlgorithm());
  }

  /** No digest-strength check: 20 bytes sign with any key size, in SUN and in Carbide. */
  @Test
  void anyKeySizeSigns() throws Exception {
    for (Provider provider : new Provider[] {SUN, CARBIDE}) {
      Signature.getInstance("NONEwithDSA", provider).initSign(pair(SUN, 3072).getPrivate());
    }
  }

  /**
   * Runs {@code steps} on a Signature of each provider and compares what each step answered: the
   * verdict, "signed", or the exception's class and message.
   */
  private static void sameTranscript(String algorithm, int bits, Step... steps) throws Exception {
    KeyPair keys = pair(SUN, bits);
    List<String> sun = transcript(SUN, algorithm, keys, steps);
    List<String> ours = transcript(CARBIDE, algorithm, keys, steps);
    assertEquals(sun, ours, algorithm);
  }

  @FunctionalInterface
  interface Step {
    Object run(Signature signature, KeyPair keys) throws Exception;
  }

  private static List<String> transcript(
      Provider provider, String algorithm, KeyPair keys, Step... steps) throws Exception {
    Signature signature = Signature.getInstance(algorithm, provider);
    List<String> answers = new ArrayList<>();
    for (Step step : steps) {
      try {
        Object result = step.run(signature, keys);
        answers.add(result instanceof byte[] ? "signed" : String.valueOf(result));
      } catch (SignatureException e) {
        answers.add(e.getClass().getName() + ": " + e.getMessage());
      }
    }
    return answers;
  }

  private static final byte[] DATA = new byte[20];

  static {
    Arrays.fill(DATA, (byte) 0x5a);
  }

  private static Step initSign() {
    return (s, k) -> {
      s.initSign(k.getPrivate());
      return "initSign";
    };
  }

  private static Step initVerify() {
    return (s, k) -> {
      s.initVerify(k.getPublic());
      return "initVerify";
    };
  }

  private static Step update(int from, int to) {
    return (s, k) -> {
      s.update(DATA, from, to - from);
      return "update";
    };
  }

  private static Step sign() {
    return (s, k) -> s.sign();
  }

  // Verifies a SUN signature over DATA by the same key.
  private static Step verifyGood(String algorithm) {
    return (s, k) -> s.verify(sign(SUN, algorithm, k, DATA));
  }

  private static Step verify(byte[] signature) {
    return (s, k) -> s.verify(signature);
  }

  @Test
  void wrongLengthsFailAsInSun() throws Exception {
    for (String algorithm : FORMS) {
      for (int length : new int[] {0, 1, 19, 21, 32, 64}) {
        Step feed =
            (s, k) -> {
              s.update(new byte[length]);
              return "update";
            };
        sameTranscript(algorithm, 2048, initSign(), feed, sign());
        sameTranscript(algorithm, 2048, initVerify(), feed, verifyGood(algorithm));
      }
    }
  }

  /** A failed sign or verify keeps what was fed, as SUN's RawDSA does; success starts again. */
  @Test
  void failuresKeepTheDataAsInSun() throws Exception {
    for (String algorithm : FORMS) {
      // Short, then completed: the second sign covers all 20 bytes.
      sameTranscript(algorithm, 2048, initSign(), update(0, 10), sign(), update(10, 20), sign());
      sameTranscript(
          algorithm,
          2048,
          initVerify(),
          update(0, 12),
          verifyGood(algorithm),
          update(12, 20),
          verifyGood(algorithm),
          verifyGood(algorithm));
      // Too long: refused until a new init.
      sameTranscript(
          algorithm,
          2048,
          initSign(),
          update(0, 20),
          update(0, 1),
          sign(),
          sign(),
          initSign(),
          update(0, 20),
          sign(),
          sign());
      // A signature refused before the data is read (malformed, or r out of range) keeps it.
      byte[] malformed = algorithm.endsWith("Format") ? new byte[3] : new byte[] {0x30, 0};
      byte[] outOfRange =
          algorithm.endsWith("Format") ? new byte[56] : new byte[] {0x30, 6, 2, 1, 0, 2, 1, 1};
      sameTranscript(
          algorithm,
          2048,
          initVerify(),
          update(0, 20),
          verify(malformed),
          verify(outOfRange),
          verifyGood(algorithm),
          verifyGood(algorithm));
    }
  }

  /** Threads sharing one engine (which the JCA forbids) get exceptions, never a crash. */
  @Test
  void sharedSignatureNeverCrashes() throws Exception {
    KeyPair keys = pair(CARBIDE, 2048);
    Signature shared = Signature.getInstance("NONEwithDSA", CARBIDE);
    shared.initSign(keys.getPrivate());
    AtomicInteger unexpected = new AtomicInteger();
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int id = t;
      Thread worker =
          new Thread(
              () -> {
                for (int i = 0; i < 300; i++) {
                  try {
                    if (id == 0 && i % 10 == 0) {
                      shared.initSign(keys.getPrivate());
                    } else {
                      shared.update(DATA, 0, 1 + i % 20);
                      shared.sign();
                    }
                  } catch (IllegalStateException | SignatureException e) {
                    // what a shared engine may answer
                  } catch (Throwable e) {
                    unexpected.incrementAndGet();
                  }
                }
              });
      worker.start();
      workers.add(worker);
    }
    for (Thread worker : workers) {
      worker.join();
    }
    assertEquals(0, unexpected.get());
  }

  /**
   * Carbide's one deliberate difference: a single byte past the 20 is remembered like any update
   * (SUN's update(byte) throws ArrayIndexOutOfBoundsException there) and reported at sign.
   */
  @Test
  void byteUpdatesAccumulate() throws Exception {
    Signature signer = Signature.getInstance("NONEwithDSA", CARBIDE);
    KeyPair keys = pair(CARBIDE, 2048);
    signer.initSign(keys.getPrivate());
    for (byte b : DATA) {
      signer.update(b);
    }
    assertTrue(verify(SUN, "NONEwithDSA", keys, DATA, signer.sign()));
    for (int i = 0; i < 21; i++) {
      signer.update((byte) i);
    }
    SignatureException e = assertThrows(SignatureException.class, signer::sign);
    assertEquals("Data for RawDSA must be exactly 20 bytes long", e.getMessage());
  }
}
