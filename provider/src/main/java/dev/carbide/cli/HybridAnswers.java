package dev.carbide.cli;

import dev.carbide.CarbideKem;
import dev.carbide.RawEncodedKeySpec;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KeyAgreement;

/**
 * Checks for the hybrid KEMs of the TLS hybrid design (draft-ietf-tls-ecdhe-mlkem). No published
 * known answers exist for them and OpenSSL cannot import the NIST-curve hybrids' private keys, so
 * the check is a known-answer test of their structure: a key share is assembled from an ML-KEM key
 * pair and an X25519 or ECDH key pair made separately, a hybrid encapsulation to it is split in the
 * draft's order, and its secret must be the concatenation of the ML-KEM secret (decapsulated by
 * Carbide's ML-KEM) and the ECDH secret (computed by Carbide's KeyAgreement) in that order. A round
 * trip over a generated hybrid key pair checks decapsulation.
 */
public final class HybridAnswers {
  private HybridAnswers() {}

  /** Encapsulation through some API: returns {ciphertext, secret}. */
  public interface Encapsulation {
    byte[][] encapsulate(Provider provider, String set, PublicKey key) throws Exception;
  }

  /**
   * One hybrid: its ML-KEM set, the classical key pair (algorithm, curve or null), the length of
   * its share, the X.509 prefix that makes a share a public key, and whether it comes first.
   */
  record Hybrid(
      String set,
      String mlKem,
      int mlKemShare,
      int mlKemCiphertext,
      String classical,
      String curve,
      String agreement,
      int classicalShare,
      String x509Prefix,
      boolean classicalFirst) {}

  static final List<Hybrid> HYBRIDS =
      List.of(
          new Hybrid(
              "X25519MLKEM768",
              "ML-KEM-768",
              1184,
              1088,
              "X25519",
              null,
              "X25519",
              32,
              "302a300506032b656e032100",
              false),
          new Hybrid(
              "SecP256r1MLKEM768",
              "ML-KEM-768",
              1184,
              1088,
              "EC",
              "secp256r1",
              "ECDH",
              65,
              "3059301306072a8648ce3d020106082a8648ce3d030107034200",
              true),
          new Hybrid(
              "SecP384r1MLKEM1024",
              "ML-KEM-1024",
              1568,
              1568,
              "EC",
              "secp384r1",
              "ECDH",
              97,
              "3076301006072a8648ce3d020106052b81040022036200",
              true));

  private static final String SOURCE =
      "secret = ML-KEM and ECDH secrets computed apart, in the TLS draft's order";

  /** The KeyPairGenerator and KeyFactory rows, checked through the Java 17 API (CarbideKem). */
  static void addTo(KnownAnswers table) {
    for (Hybrid hybrid : HYBRIDS) {
      table.add(
          "KeyPairGenerator",
          hybrid.set,
          "encapsulate/decapsulate round trip, no known answer",
          p -> KnownAnswers.rethrow(() -> roundTrip(p, hybrid, HybridAnswers::carbideKem)));
      table.add(
          "KeyFactory",
          hybrid.set,
          SOURCE + " (CarbideKem)",
          p -> KnownAnswers.rethrow(() -> structure(p, hybrid, HybridAnswers::carbideKem)));
    }
  }

  /** The KEM rows (Java 21 and later), which encapsulate through {@code kem}. */
  static void addKemRows(KnownAnswers table, Encapsulation kem) {
    for (Hybrid hybrid : HYBRIDS) {
      table.add(
          "KEM",
          hybrid.set,
          SOURCE + "; round trip",
          p ->
              KnownAnswers.rethrow(
                  () -> {
                    structure(p, hybrid, kem);
                    roundTrip(p, hybrid, kem);
                  }));
    }
  }

  private static byte[][] carbideKem(Provider provider, String set, PublicKey key)
      throws Exception {
    CarbideKem.Encapsulated sent = CarbideKem.of(set).encapsulate(key);
    return new byte[][] {sent.ciphertext(), sent.secret()};
  }

  private static void roundTrip(Provider provider, Hybrid hybrid, Encapsulation kem)
      throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance(hybrid.set, provider).generateKeyPair();
    byte[][] sent = kem.encapsulate(provider, hybrid.set, pair.getPublic());
    byte[] received = CarbideKem.of(hybrid.set).decapsulate(pair.getPrivate(), sent[0]);
    if (!MessageDigest.isEqual(sent[1], received)) {
      throw new KnownAnswers.Failure("the two sides of an encapsulation differ");
    }
  }

  /**
   * The secret of an encapsulation to a share assembled from separate ML-KEM and classical key
   * pairs, recomputed from its two parts; returns {expected, actual}.
   */
  public static byte[][] componentSecrets(Provider provider, String set, Encapsulation kem)
      throws Exception {
    Hybrid hybrid = HYBRIDS.stream().filter(h -> h.set.equals(set)).findFirst().orElseThrow();
    KeyPair mlKem = KeyPairGenerator.getInstance(hybrid.mlKem, provider).generateKeyPair();
    KeyPairGenerator classicalGenerator = KeyPairGenerator.getInstance(hybrid.classical, provider);
    if (hybrid.curve != null) {
      classicalGenerator.initialize(new ECGenParameterSpec(hybrid.curve));
    }
    KeyPair classical = classicalGenerator.generateKeyPair();
    // Both X.509 encodings end with the raw key (ML-KEM's ek, the X25519 key, the EC point).
    byte[] mlKemShare = tail(mlKem.getPublic().getEncoded(), hybrid.mlKemShare);
    byte[] classicalShare = tail(classical.getPublic().getEncoded(), hybrid.classicalShare);
    PublicKey hybridKey =
        KeyFactory.getInstance(hybrid.set, provider)
            .generatePublic(new RawEncodedKeySpec(ordered(hybrid, classicalShare, mlKemShare)));

    byte[][] sent = kem.encapsulate(provider, set, hybridKey);
    int split = hybrid.classicalFirst ? hybrid.classicalShare : hybrid.mlKemCiphertext;
    byte[] first = Arrays.copyOfRange(sent[0], 0, split);
    byte[] second = Arrays.copyOfRange(sent[0], split, sent[0].length);
    byte[] classicalCiphertext = hybrid.classicalFirst ? first : second;
    byte[] mlKemCiphertext = hybrid.classicalFirst ? second : first;

    byte[] mlKemSecret =
        CarbideKem.of(hybrid.mlKem).decapsulate(mlKem.getPrivate(), mlKemCiphertext);
    KeyAgreement agreement = KeyAgreement.getInstance(hybrid.agreement, provider);
    agreement.init(classical.getPrivate());
    PublicKey peer =
        KeyFactory.getInstance(hybrid.classical, provider)
            .generatePublic(
                new X509EncodedKeySpec(
                    concat(KnownAnswers.hex(hybrid.x509Prefix), classicalCiphertext)));
    agreement.doPhase(peer, true);
    byte[] classicalSecret = agreement.generateSecret();
    return new byte[][] {ordered(hybrid, classicalSecret, mlKemSecret), sent[1]};
  }

  private static void structure(Provider provider, Hybrid hybrid, Encapsulation kem)
      throws Exception {
    byte[][] secrets = componentSecrets(provider, hybrid.set, kem);
    if (!MessageDigest.isEqual(secrets[0], secrets[1])) {
      throw new KnownAnswers.Failure(
          "the hybrid secret is not the concatenation of its ML-KEM and ECDH secrets");
    }
  }

  private static byte[] ordered(Hybrid hybrid, byte[] classical, byte[] mlKem) {
    return hybrid.classicalFirst ? concat(classical, mlKem) : concat(mlKem, classical);
  }

  private static byte[] tail(byte[] bytes, int length) {
    return Arrays.copyOfRange(bytes, bytes.length - length, bytes.length);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
