package dev.carbide.storm;

import dev.carbide.storm.ThreadStorm.Scenario;
import dev.carbide.storm.ThreadStorm.WrongResult;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.Jdk;
import java.nio.ByteBuffer;
import java.security.DrbgParameters;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One engine object of each kind, shared by every thread of a storm.
 *
 * <p>What a storm can assert depends on the engine. A MessageDigest, Mac or Signature buffers short
 * updates in Java, unguarded, and its message is shared by every thread, so a call that returns
 * normally may hash, MAC or sign a mixture of the threads' inputs: such results are not checked, as
 * SunEC's and SunJCE's are not right either under the same misuse. What is asserted is that nothing
 * crashes, that every failure is an exception a racing caller may see ({@link
 * ThreadStorm.Tally#record}), and that the engine still gives right answers when one thread uses it
 * afterwards, which it could not if its native state had been corrupted. A KeyAgreement is guarded
 * whole and every thread gives it the same keys, and a KeyPairGenerator's result depends on no
 * shared input, so there every result that is returned must be right.
 */
final class SharedEngines {
  private SharedEngines() {}

  static Provider carbide() {
    return Carbide.provider();
  }

  static KeyPair pair(String algorithm, AlgorithmParameterSpec spec) throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm, carbide());
    generator.initialize(spec);
    return generator.generateKeyPair();
  }

  static KeyPair ecPair() throws Exception {
    return pair("EC", new ECGenParameterSpec("secp256r1"));
  }

  static KeyPair ed25519Pair() throws Exception {
    return pair("Ed25519", NamedParameterSpec.ED25519);
  }

  /**
   * One Signature, switched between signing and verifying with {@code pair}, fed messages that
   * sometimes pass its Java buffer, so updates cross to native too.
   */
  static Scenario signature(String algorithm, KeyPair pair, int maxMessage) throws Exception {
    Signature shared = Signature.getInstance(algorithm, carbide());
    byte[] message = new byte[Math.min(maxMessage, 32)];
    new Random(1).nextBytes(message);
    Signature signer = Signature.getInstance(algorithm, carbide());
    signer.initSign(pair.getPrivate());
    signer.update(message);
    byte[] good = signer.sign();
    shared.initSign(pair.getPrivate());
    return new Scenario() {
      @Override
      public void step(Random random) throws Exception {
        switch (random.nextInt(7)) {
          case 0 -> shared.initSign(pair.getPrivate());
          case 1 -> shared.initVerify(pair.getPublic());
          case 2 -> shared.update(new byte[random.nextInt(maxMessage + 1)]);
          case 3 -> shared.update((byte) random.nextInt());
          case 4 -> shared.update(message);
          case 5 -> shared.sign();
          default -> shared.verify(good);
        }
      }

      @Override
      public void checkAlone() throws Exception {
        shared.initVerify(pair.getPublic());
        shared.update(message);
        expect(shared.verify(good), algorithm + " rejects a good signature after the storm");
        shared.initSign(pair.getPrivate());
        shared.update(message);
        byte[] made = shared.sign();
        Signature verifier = Signature.getInstance(algorithm, carbide());
        verifier.initVerify(pair.getPublic());
        verifier.update(message);
        expect(verifier.verify(made), algorithm + " signs wrongly after the storm");
      }
    };
  }

  static Scenario digest(String algorithm) throws Exception {
    MessageDigest shared = MessageDigest.getInstance(algorithm, carbide());
    ByteBuffer direct = ByteBuffer.allocateDirect(3000);
    return new Scenario() {
      @Override
      public void step(Random random) throws Exception {
        switch (random.nextInt(8)) {
          case 0 -> shared.update((byte) random.nextInt());
          case 1 -> shared.update(new byte[random.nextInt(200)]);
          case 2 -> shared.update(new byte[random.nextInt(5000)]);
          case 3 -> shared.update(direct.duplicate());
          case 4 -> shared.digest();
          case 5 -> shared.digest(new byte[64], 0, 64);
          case 6 -> shared.reset();
          default -> ((MessageDigest) shared.clone()).digest();
        }
      }

      @Override
      public void checkAlone() throws Exception {
        byte[] message = new byte[3000];
        new Random(2).nextBytes(message);
        shared.reset();
        shared.update(message, 0, 100);
        shared.update(message, 100, 2900);
        expect(
            Arrays.equals(Jdk.digest(algorithm, message), shared.digest()),
            algorithm + " digests wrongly after the storm");
      }
    };
  }

  static Scenario mac(String algorithm) throws Exception {
    Mac shared = Mac.getInstance(algorithm, carbide());
    SecretKeySpec[] keys = {
      new SecretKeySpec(new byte[] {1, 2, 3}, "RAW"), new SecretKeySpec(new byte[200], "RAW")
    };
    shared.init(keys[0]);
    return new Scenario() {
      @Override
      public void step(Random random) throws Exception {
        switch (random.nextInt(8)) {
          case 0 -> shared.init(keys[random.nextInt(keys.length)]);
          case 1 -> shared.update((byte) random.nextInt());
          case 2 -> shared.update(new byte[random.nextInt(200)]);
          case 3 -> shared.update(new byte[random.nextInt(5000)]);
          case 4 -> shared.doFinal();
          case 5 -> shared.reset();
          case 6 -> shared.update(ByteBuffer.allocateDirect(random.nextInt(3000)));
          default -> ((Mac) shared.clone()).doFinal();
        }
      }

      @Override
      public void checkAlone() throws Exception {
        byte[] message = new byte[3000];
        new Random(3).nextBytes(message);
        Mac jdk = Jdk.mac(algorithm);
        jdk.init(keys[1]);
        shared.init(keys[1]);
        shared.update(message, 0, 10);
        shared.update(message, 10, 2990);
        expect(
            Arrays.equals(jdk.doFinal(message), shared.doFinal()),
            algorithm + " MACs wrongly after the storm");
      }
    };
  }

  /**
   * One KeyAgreement that every thread initialises with the same key and gives the same peer, so
   * every secret it hands out must be the one secret of the two keys.
   */
  static Scenario agreement(String algorithm, KeyPair own, KeyPair peer) throws Exception {
    KeyAgreement shared = KeyAgreement.getInstance(algorithm, carbide());
    KeyAgreement single = KeyAgreement.getInstance(algorithm, carbide());
    single.init(own.getPrivate());
    single.doPhase(peer.getPublic(), true);
    byte[] expected = single.generateSecret();
    shared.init(own.getPrivate());
    return new Scenario() {
      @Override
      public void step(Random random) throws Exception {
        byte[] secret;
        switch (random.nextInt(5)) {
          case 0 -> {
            shared.init(own.getPrivate());
            return;
          }
          case 1, 2 -> {
            shared.doPhase(peer.getPublic(), true);
            return;
          }
          case 3 -> secret = shared.generateSecret();
          default -> secret = shared.generateSecret("TlsPremasterSecret").getEncoded();
        }
        expect(Arrays.equals(expected, secret), algorithm + " handed out a wrong secret");
      }

      @Override
      public void checkAlone() throws Exception {
        shared.init(own.getPrivate());
        shared.doPhase(peer.getPublic(), true);
        expect(Arrays.equals(expected, shared.generateSecret()), algorithm + " wrong after");
      }
    };
  }

  /**
   * One KeyPairGenerator switched between two parameter sets while it generates: every pair it
   * returns must be a working pair, checked by a signature of each thread's own.
   */
  static Scenario generator(
      String algorithm, AlgorithmParameterSpec[] specs, String signatureAlgorithm)
      throws Exception {
    KeyPairGenerator shared = KeyPairGenerator.getInstance(algorithm, carbide());
    ThreadLocal<Signature> signers =
        ThreadLocal.withInitial(() -> newSignature(signatureAlgorithm));
    ThreadLocal<Signature> verifiers =
        ThreadLocal.withInitial(() -> newSignature(signatureAlgorithm));
    byte[] message = {1, 2, 3};
    return new Scenario() {
      @Override
      public void step(Random random) throws Exception {
        if (random.nextInt(3) == 0) {
          shared.initialize(specs[random.nextInt(specs.length)]);
          return;
        }
        checkPair(shared.generateKeyPair());
      }

      private void checkPair(KeyPair pair) throws Exception {
        Signature signer = signers.get();
        signer.initSign(pair.getPrivate());
        signer.update(message);
        Signature verifier = verifiers.get();
        verifier.initVerify(pair.getPublic());
        verifier.update(message);
        expect(verifier.verify(signer.sign()), algorithm + " generated a broken pair");
      }

      @Override
      public void checkAlone() throws Exception {
        for (AlgorithmParameterSpec spec : specs) {
          shared.initialize(spec);
          checkPair(shared.generateKeyPair());
        }
      }
    };
  }

  /**
   * One SecureRandom, which (unlike an engine) is thread-safe by its service's ThreadSafe
   * attribute: every call, seeding and reseeding included, must succeed, and no two requests may
   * get the same bytes.
   */
  static Scenario secureRandom() throws Exception {
    SecureRandom shared = SecureRandom.getInstance("DEFAULT", carbide());
    Set<ByteBuffer> seen = ConcurrentHashMap.newKeySet();
    return new Scenario() {
      @Override
      public void step(Random random) {
        try {
          byte[] out = new byte[16 + random.nextInt(random.nextBoolean() ? 300 : 5000)];
          switch (random.nextInt(8)) {
            case 0 -> {
              shared.setSeed(out.clone());
              return;
            }
            case 1 -> {
              shared.reseed();
              return;
            }
            case 2 -> out = shared.generateSeed(out.length);
            case 3 ->
                shared.nextBytes(out, DrbgParameters.nextBytes(128, random.nextBoolean(), out));
            default -> shared.nextBytes(out);
          }
          expect(seen.add(ByteBuffer.wrap(out, 0, 16)), "SecureRandom repeated its output");
        } catch (RuntimeException e) {
          throw new WrongResult("a thread-safe SecureRandom threw " + e);
        }
      }

      @Override
      public void checkAlone() {
        byte[] out = new byte[64];
        shared.nextBytes(out);
        expect(!Arrays.equals(new byte[64], out), "SecureRandom gave zeros after the storm");
      }
    };
  }

  static Signature newSignature(String algorithm) {
    try {
      return Signature.getInstance(algorithm, carbide());
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  static void expect(boolean condition, String message) {
    if (!condition) {
      throw new WrongResult(message);
    }
  }
}
