package dev.carbide.soak;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.ResidentMemory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The soak test (issue 13): mixed operations (digest, HMAC, AES-GCM, ECDSA sign and verify, ECDH,
 * EC key generation, HKDF, random) on several threads, with the resident set sampled every second.
 * Each thread keeps its engines but replaces one of them every {@link #FRESH_EVERY} operations, and
 * keeps no key it generates, so native objects are made and dropped all the time. Every result is
 * checked (the GCM round trip, the verification, both sides of the agreement), so a soak that
 * corrupts memory fails rather than only grows.
 *
 * <p>The first tenth of the operations is the warm-up (JIT compilation, the heap and malloc's
 * arenas reaching their working size); the growth is the highest sample after it less the highest
 * sample during it. Prints each sample ("rss SECONDS MB OPS"), then "growth MB" and "verdict
 * PASS|FAIL", and exits 1 on a failure. Run by {@code ./carbide soak}; arguments: {@code --ops N
 * --threads T --max-growth-mb M}.
 */
public final class Soak {
  /** The operations of the mix, taken in turn. */
  private static final int KINDS = 9;

  /** Each thread replaces one of its engines this often. */
  private static final int FRESH_EVERY = 64;

  private Soak() {}

  public static void main(String[] args) throws Exception {
    long ops = 10_000_000;
    int threads = 8;
    long maxGrowthMb = 16;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--ops" -> ops = Long.parseLong(args[i + 1]);
        case "--threads" -> threads = Integer.parseInt(args[i + 1]);
        case "--max-growth-mb" -> maxGrowthMb = Long.parseLong(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Provider carbide = Carbide.provider();
    long warmUpOps = ops / 10;
    AtomicLong done = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<long[]> samples = new ArrayList<>(); // {seconds, MB, ops}
    long start = System.nanoTime();

    ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
    sampler.scheduleAtFixedRate(
        () -> {
          long[] sample = {
            TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start),
            ResidentMemory.megabytes(),
            done.get()
          };
          synchronized (samples) {
            samples.add(sample);
          }
          System.out.println("rss\t" + sample[0] + "\t" + sample[1] + "\t" + sample[2]);
        },
        0,
        1,
        TimeUnit.SECONDS);

    long perThread = ops / threads;
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long seed = 0x50A4L * 31 + t;
      Thread worker =
          new Thread(
              () -> {
                try {
                  new Worker(carbide, seed).run(perThread, done);
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              },
              "soak-" + t);
      worker.start();
      workers.add(worker);
    }
    for (Thread worker : workers) {
      worker.join();
    }
    sampler.shutdown();
    sampler.awaitTermination(5, TimeUnit.SECONDS);

    long warmUpPeak = 0;
    long afterPeak = 0;
    synchronized (samples) {
      for (long[] sample : samples) {
        if (sample[2] <= warmUpOps) {
          warmUpPeak = Math.max(warmUpPeak, sample[1]);
        } else {
          afterPeak = Math.max(afterPeak, sample[1]);
        }
      }
    }
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    long growth = Math.max(0, afterPeak - warmUpPeak);
    System.out.println(
        "operations\t" + done.get() + " on " + threads + " threads in " + seconds + " s");
    System.out.println("warm-up peak\t" + warmUpPeak + " MB (first " + warmUpOps + " operations)");
    System.out.println("after peak\t" + afterPeak + " MB");
    System.out.println("growth\t" + growth + " MB (limit " + maxGrowthMb + " MB)");
    Throwable error = failure.get();
    if (error != null) {
      error.printStackTrace(System.out);
    }
    boolean pass = error == null && done.get() == perThread * threads && growth < maxGrowthMb;
    System.out.println("verdict\t" + (pass ? "PASS" : "FAIL"));
    System.exit(pass ? 0 : 1);
  }

  /** One thread's engines and inputs. */
  private static final class Worker {
    private final Provider carbide;
    private final SplittableRandom random;
    private final byte[] message = new byte[256];
    private final SecretKeySpec aesKey;
    private final SecretKeySpec macKey;
    private MessageDigest digest;
    private Mac mac;
    private Cipher encrypt;
    private Cipher decrypt;
    private Signature signer;
    private Signature verifier;
    private KeyAgreement agreement;
    private KeyPairGenerator generator;
    private KDF hkdf;
    private SecureRandom secureRandom;
    private final KeyPair own;
    private final KeyPair peer;

    Worker(Provider carbide, long seed) throws Exception {
      this.carbide = carbide;
      this.random = new SplittableRandom(seed);
      random.nextBytes(message);
      byte[] key = new byte[32];
      random.nextBytes(key);
      aesKey = new SecretKeySpec(key, "AES");
      macKey = new SecretKeySpec(key, "HmacSHA256");
      generator = KeyPairGenerator.getInstance("EC", carbide);
      generator.initialize(256);
      own = generator.generateKeyPair();
      peer = generator.generateKeyPair();
      for (int kind = 0; kind < KINDS; kind++) {
        renew(kind);
      }
    }

    /** Replaces the engine that operation {@code kind} uses. */
    private void renew(int kind) throws Exception {
      switch (kind) {
        case 0 -> digest = MessageDigest.getInstance("SHA-256", carbide);
        case 1 -> {
          mac = Mac.getInstance("HmacSHA256", carbide);
          mac.init(macKey);
        }
        case 2 -> {
          encrypt = Cipher.getInstance("AES/GCM/NoPadding", carbide);
          decrypt = Cipher.getInstance("AES/GCM/NoPadding", carbide);
        }
        case 3 -> {
          signer = Signature.getInstance("SHA256withECDSA", carbide);
          signer.initSign(own.getPrivate());
        }
        case 4 -> {
          verifier = Signature.getInstance("SHA256withECDSA", carbide);
          verifier.initVerify(own.getPublic());
        }
        case 5 -> agreement = KeyAgreement.getInstance("ECDH", carbide);
        case 6 -> {
          generator = KeyPairGenerator.getInstance("EC", carbide);
          generator.initialize(256);
        }
        case 7 -> hkdf = KDF.getInstance("HKDF-SHA256", carbide);
        case 8 -> secureRandom = SecureRandom.getInstance("DEFAULT", carbide);
        default -> throw new IllegalArgumentException("kind " + kind);
      }
    }

    void run(long count, AtomicLong done) throws Exception {
      byte[] signature = null;
      for (long i = 0; i < count; i++) {
        int kind = (int) (i % KINDS);
        if (i % FRESH_EVERY == 0) {
          renew(random.nextInt(KINDS));
        }
        int length = random.nextInt(message.length + 1);
        switch (kind) {
          case 0 -> {
            digest.update(message, 0, length);
            check(digest.digest().length == 32, "digest length");
          }
          case 1 -> check(mac.doFinal(Arrays.copyOf(message, length)).length == 32, "mac length");
          case 2 -> {
            byte[] iv = new byte[12];
            random.nextBytes(iv);
            encrypt.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(128, iv));
            byte[] sealed = encrypt.doFinal(message, 0, length);
            decrypt.init(Cipher.DECRYPT_MODE, aesKey, new GCMParameterSpec(128, iv));
            check(
                Arrays.equals(decrypt.doFinal(sealed), Arrays.copyOf(message, length)), "GCM trip");
          }
          case 3 -> {
            signer.update(message, 0, length);
            signature = signer.sign();
            verifier.update(message, 0, length);
            check(verifier.verify(signature), "ECDSA verify");
          }
          case 4 -> {
            // A verification that must fail: the message changed by a byte.
            if (signature != null) {
              verifier.update(message, 1, length > 0 ? length - 1 : 0);
              verifier.update((byte) 1);
              check(!verifier.verify(signature), "ECDSA rejection");
            }
          }
          case 5 -> {
            agreement.init(own.getPrivate());
            agreement.doPhase(peer.getPublic(), true);
            byte[] ours = agreement.generateSecret();
            agreement.init(peer.getPrivate());
            agreement.doPhase(own.getPublic(), true);
            check(Arrays.equals(ours, agreement.generateSecret()), "ECDH agreement");
          }
          case 6 -> check(generator.generateKeyPair().getPublic().getEncoded().length == 91, "key");
          case 7 -> {
            byte[] okm =
                hkdf.deriveData(
                    HKDFParameterSpec.ofExtract()
                        .addIKM(Arrays.copyOf(message, 32))
                        .addSalt(Arrays.copyOf(message, length))
                        .thenExpand(new byte[0], 42));
            check(okm.length == 42, "HKDF length");
          }
          case 8 -> {
            byte[] bytes = new byte[1 + length];
            secureRandom.nextBytes(bytes);
          }
          default -> throw new IllegalStateException();
        }
        done.incrementAndGet();
      }
    }

    private static void check(boolean condition, String what) {
      if (!condition) {
        throw new AssertionError(what + " failed");
      }
    }
  }
}
