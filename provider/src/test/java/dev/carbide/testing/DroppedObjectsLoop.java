package dev.carbide.testing;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The main class of a child JVM that makes and drops native objects in a loop, as a careless
 * application does: each iteration leaves a few hundred bytes of heap garbage and a few kilobytes
 * of native memory that only a collection can free. Prints the resident set ("rss\tMB", every
 * {@code SAMPLE_EVERY} iterations) and its peak ("peak\tMB"). Arguments: the workload and the
 * iteration count.
 */
public final class DroppedObjectsLoop {
  private static final int SAMPLE_EVERY = 2000;

  private DroppedObjectsLoop() {}

  /** One iteration of a workload; returns something, so the JIT cannot drop the work. */
  private interface Step {
    int run() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    Provider carbide = Carbide.provider();
    Step step = workloads(carbide).get(args[0]);
    if (step == null) {
      throw new IllegalArgumentException("unknown workload " + args[0]);
    }
    long count = Long.parseLong(args[1]);
    long peak = 0;
    int sink = 0;
    for (long i = 1; i <= count; i++) {
      sink += step.run();
      if (i % SAMPLE_EVERY == 0) {
        long rss = ResidentMemory.megabytes();
        peak = Math.max(peak, rss);
        System.out.println("rss\t" + rss);
      }
    }
    System.out.println("peak\t" + peak);
    System.out.println("sink\t" + sink);
  }

  private static Map<String, Step> workloads(Provider carbide) throws Exception {
    KeyPairGenerator ec = KeyPairGenerator.getInstance("EC", carbide);
    ec.initialize(256);
    KeyPairGenerator ed25519 = KeyPairGenerator.getInstance("Ed25519", carbide);
    KeyPairGenerator x25519 = KeyPairGenerator.getInstance("X25519", carbide);
    KeyPair ecPair = ec.generateKeyPair();
    KeyPair ecPeer = ec.generateKeyPair();
    byte[] message = "a message of a few bytes".getBytes(StandardCharsets.US_ASCII);
    SecretKeySpec aesKey = new SecretKeySpec(new byte[16], "AES");
    return Map.of(
        "ec-keygen",
        () -> ec.generateKeyPair().getPublic().hashCode(),
        "ed25519-keygen",
        () -> ed25519.generateKeyPair().getPublic().hashCode(),
        "x25519-keygen",
        () -> x25519.generateKeyPair().getPublic().hashCode(),
        "ecdsa-fresh",
        () -> {
          Signature signer = Signature.getInstance("SHA256withECDSA", carbide);
          signer.initSign(ecPair.getPrivate());
          signer.update(message);
          return signer.sign().length;
        },
        "ecdh-fresh",
        () -> {
          KeyAgreement agreement = KeyAgreement.getInstance("ECDH", carbide);
          agreement.init(ecPair.getPrivate());
          agreement.doPhase(ecPeer.getPublic(), true);
          return agreement.generateSecret()[0];
        },
        "sha256-fresh",
        () -> MessageDigest.getInstance("SHA-256", carbide).digest(message)[0],
        "gcm-fresh",
        () -> {
          Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", carbide);
          cipher.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(128, new byte[12]));
          return cipher.doFinal(message)[0];
        });
  }
}
