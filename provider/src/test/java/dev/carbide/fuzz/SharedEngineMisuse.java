package dev.carbide.fuzz;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Run in a child JVM (it may crash it): several threads share one engine of each type, which the
 * JCA does not allow, and hammer it. Any exception is an acceptable answer to the misuse; an {@link
 * Error} reaching the caller is not, and a crash ends the child with a signal. Prints one "ERROR
 * engine: ..." line per Error and "ops N" at the end; exits 0 unless an Error was seen.
 */
public final class SharedEngineMisuse {
  private static final int THREADS = 4;

  private SharedEngineMisuse() {}

  /** One shared engine and what each thread does with it. */
  private record Shared(String name, Op op) {}

  @FunctionalInterface
  private interface Op {
    void run(int thread, int i) throws Exception;
  }

  public static void main(String[] args) throws Exception {
    long millisEach = args.length > 0 ? Long.parseLong(args[0]) : 400;
    String only = args.length > 1 ? args[1] : null;
    Provider carbide = Carbide.provider();
    if ("--list".equals(only)) {
      engines(carbide).forEach(shared -> System.out.println("engine " + shared.name));
      return;
    }
    AtomicLong ops = new AtomicLong();
    List<String> errors = new ArrayList<>();
    for (Shared shared : engines(carbide)) {
      if (only != null && !shared.name.equals(only)) {
        continue;
      }
      CountDownLatch start = new CountDownLatch(1);
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        Thread worker =
            new Thread(
                () -> {
                  try {
                    start.await();
                  } catch (InterruptedException e) {
                    return;
                  }
                  long end = System.nanoTime() + millisEach * 1_000_000;
                  for (int i = 0; System.nanoTime() < end; i++) {
                    try {
                      shared.op.run(thread, i);
                    } catch (Exception expected) {
                      // Any exception is a fair answer to sharing an engine.
                    } catch (Error e) {
                      synchronized (errors) {
                        errors.add(shared.name + ": " + e);
                      }
                    }
                    ops.incrementAndGet();
                  }
                });
        worker.start();
        threads.add(worker);
      }
      start.countDown();
      for (Thread worker : threads) {
        worker.join();
      }
    }
    errors.stream().distinct().forEach(e -> System.out.println("ERROR " + e));
    System.out.println("ops " + ops.get());
    System.exit(errors.isEmpty() ? 0 : 1);
  }

  private static List<Shared> engines(Provider carbide) throws GeneralSecurityException {
    byte[] data = new byte[3000];
    byte[] key = new byte[32];
    List<Shared> list = new ArrayList<>();
    MessageDigest digest = MessageDigest.getInstance("SHA-256", carbide);
    list.add(
        new Shared(
            "MessageDigest",
            (t, i) -> {
              digest.update(data, 0, i % data.length);
              digest.update(ByteBuffer.allocateDirect(100));
              if (i % 3 == 0) {
                digest.digest();
              }
            }));
    Mac mac = Mac.getInstance("HmacSHA256", carbide);
    mac.init(new SecretKeySpec(key, "RAW"));
    list.add(
        new Shared(
            "Mac",
            (t, i) -> {
              mac.update(data, 0, i % data.length);
              if (i % 2 == 0) {
                mac.doFinal();
              }
              if (i % 7 == 0) {
                mac.init(new SecretKeySpec(key, "RAW"));
              }
            }));
    for (String transformation :
        List.of("AES/GCM/NoPadding", "AES/CBC/PKCS5Padding", "AES/CTR/NoPadding")) {
      Cipher cipher = Cipher.getInstance(transformation, carbide);
      SecretKeySpec aes = new SecretKeySpec(key, "AES");
      list.add(
          new Shared(
              "Cipher " + transformation,
              (t, i) -> {
                byte[] iv = new byte[transformation.contains("GCM") ? 12 : 16];
                iv[0] = (byte) i;
                iv[1] = (byte) t;
                int mode = (i & 1) == 0 ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
                cipher.init(
                    mode,
                    aes,
                    transformation.contains("GCM")
                        ? new GCMParameterSpec(128, iv)
                        : new IvParameterSpec(iv));
                cipher.update(data, 0, (i * 37) % 2000);
                cipher.update(ByteBuffer.wrap(data, 0, 100), ByteBuffer.allocateDirect(4096));
                cipher.doFinal(data, 0, i % 64);
              }));
    }
    for (String[] pair : new String[][] {{"EC", "SHA256withECDSA"}, {"Ed25519", "Ed25519"}}) {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(pair[0], carbide);
      if (pair[0].equals("EC")) {
        generator.initialize(new ECGenParameterSpec("secp256r1"));
      }
      KeyPair keys = generator.generateKeyPair();
      Signature signature = Signature.getInstance(pair[1], carbide);
      list.add(
          new Shared(
              "Signature " + pair[1],
              (t, i) -> {
                if ((i + t) % 2 == 0) {
                  signature.initSign(keys.getPrivate());
                  signature.update(data, 0, i % 500);
                  signature.sign();
                } else {
                  signature.initVerify(keys.getPublic());
                  signature.update(data, 0, i % 500);
                  signature.verify(new byte[64]);
                }
              }));
      list.add(new Shared("KeyPairGenerator " + pair[0], (t, i) -> generator.generateKeyPair()));
    }
    KeyPairGenerator x25519 = KeyPairGenerator.getInstance("X25519", carbide);
    KeyPair own = x25519.generateKeyPair();
    KeyPair peer = x25519.generateKeyPair();
    KeyAgreement agreement = KeyAgreement.getInstance("X25519", carbide);
    list.add(
        new Shared(
            "KeyAgreement X25519",
            (t, i) -> {
              agreement.init(own.getPrivate());
              agreement.doPhase(peer.getPublic(), true);
              agreement.generateSecret();
            }));
    return list;
  }
}
