package dev.carbide.bench;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * A mixed workload: one operation is the server's side of one TLS 1.3 connection, made of the JCA
 * calls SunJSSE makes, so that no single primitive's speed decides the row. Per connection:
 *
 * <ul>
 *   <li>ECDHE: a fresh ephemeral key pair and the shared secret with the client's share
 *       (KeyPairGenerator and KeyAgreement by {@code getInstance}, as JSSE does per handshake);
 *   <li>the transcript hash over the client and server hello and the server's flight, cloned at
 *       each point where the key schedule needs it;
 *   <li>the key schedule: every HKDF extract and expand step of RFC 8446 section 7.1 that a server
 *       takes (secrets, traffic keys and IVs, finished keys), each one HMAC on a freshly keyed Mac,
 *       as JSSE's HKDF runs over Mac;
 *   <li>the CertificateVerify signature over the transcript hash, with the server's long-term key;
 *   <li>the server and client Finished MACs;
 *   <li>AES-GCM: the server's encrypted flight (about 1 KiB) under the handshake key, then {@link
 *       #records} application records of 16 KiB, each an {@code init} with the per-record nonce,
 *       the 5-byte header as AAD and a {@code doFinal} into a reused array.
 * </ul>
 *
 * <p>Carbide is measured with its default routing ({@code carbide.hybrid=auto}) and as {@code
 * Carbide-hybrid-off}, a JVM of its own started with {@code -Dcarbide.hybrid=off} ({@link
 * Providers#CARBIDE_HYBRID_OFF}). Until the routing layer exists both names run everything on
 * OpenSSL, so their rows agree within noise.
 */
public class TlsServerMixBenchmark extends ProviderBenchmark {
  /** The key exchange, signature and cipher suite: see {@link #SUITES}. */
  @Param({"X25519-Ed25519-AES128GCM", "P256-ECDSA-AES256GCM"})
  public String algorithm;

  /** Application records of 16 KiB that the server encrypts per connection. */
  @Param({"1", "16"})
  public int records;

  /**
   * One TLS 1.3 configuration: the ephemeral key type (a {@link KeyPairs} name) and its key
   * agreement, the server's signature key type and algorithm, the transcript hash with its HMAC,
   * and the AES-GCM key length of the cipher suite.
   */
  record Suite(
      String exchangeKey,
      String agreement,
      String signingKey,
      String signature,
      String hash,
      String hmac,
      int keyLength) {
    int hashLength() {
      return hash.equals("SHA-384") ? 48 : 32;
    }
  }

  static final Map<String, Suite> SUITES =
      Map.of(
          // TLS_AES_128_GCM_SHA256 with x25519 and ed25519
          "X25519-Ed25519-AES128GCM",
          new Suite("X25519", "X25519", "Ed25519", "Ed25519", "SHA-256", "HmacSHA256", 16),
          // TLS_AES_256_GCM_SHA384 with secp256r1 and ecdsa_secp256r1_sha256
          "P256-ECDSA-AES256GCM",
          new Suite("P-256", "ECDH", "P-256", "SHA256withECDSA", "SHA-384", "HmacSHA384", 32));

  private static final int RECORD = 16 * 1024;
  private static final int TAG = 16;
  private static final byte[] EMPTY = new byte[0];

  /** CertificateVerify's signed content before the hash: 64 spaces, the context string, a zero. */
  private static final byte[] VERIFY_PREFIX;

  static {
    String context = "TLS 1.3, server CertificateVerify";
    VERIFY_PREFIX = new byte[64 + context.length() + 1];
    java.util.Arrays.fill(VERIFY_PREFIX, 0, 64, (byte) ' ');
    System.arraycopy(
        context.getBytes(StandardCharsets.US_ASCII), 0, VERIFY_PREFIX, 64, context.length());
  }

  private Suite suite;
  private Provider agreementProvider;
  private Provider signatureProvider;
  private Provider digestProvider;
  private Provider macProvider;
  private Provider cipherProvider;
  private PublicKey clientShare;
  private KeyPair serverIdentity;
  private final byte[] clientHello = Inputs.bytes(512, 11);
  private final byte[] serverHello = Inputs.bytes(128, 12);
  private final byte[] serverFlight = Inputs.bytes(1024, 13); // EncryptedExtensions, Certificate
  private final byte[] plaintext = Inputs.bytes(RECORD, 14);
  private final byte[] sealed = new byte[RECORD + TAG];
  private final byte[] header = {23, 3, 3, (byte) ((RECORD + TAG) >>> 8), (byte) (RECORD + TAG)};

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    suite = SUITES.get(algorithm);
    agreementProvider = Providers.forService(provider, "KeyAgreement", suite.agreement());
    signatureProvider = Providers.forService(provider, "Signature", suite.signature());
    digestProvider = Providers.forService(provider, "MessageDigest", suite.hash());
    macProvider = Providers.forService(provider, "Mac", suite.hmac());
    cipherProvider = Providers.forService(provider, "Cipher", "AES/GCM/NoPadding");
    clientShare = KeyPairs.forProvider(provider, suite.exchangeKey()).getPublic();
    serverIdentity = KeyPairs.forProvider(provider, suite.signingKey());
  }

  @Benchmark
  public byte[] connection() throws GeneralSecurityException, NotAvailableException {
    // ECDHE, with a fresh key pair per connection.
    KeyPair ephemeral = KeyPairs.generator(provider, suite.exchangeKey()).generateKeyPair();
    KeyAgreement agreement = KeyAgreement.getInstance(suite.agreement(), agreementProvider);
    agreement.init(ephemeral.getPrivate());
    agreement.doPhase(clientShare, true);
    byte[] shared = agreement.generateSecret();

    MessageDigest transcript = MessageDigest.getInstance(suite.hash(), digestProvider);
    transcript.update(clientHello);
    transcript.update(serverHello);
    byte[] helloHash = snapshot(transcript);

    // The handshake half of the key schedule.
    Mac mac = Mac.getInstance(suite.hmac(), macProvider);
    int hashLength = suite.hashLength();
    byte[] emptyHash = MessageDigest.getInstance(suite.hash(), digestProvider).digest();
    byte[] early = extract(mac, new byte[hashLength], new byte[hashLength]);
    byte[] handshake =
        extract(mac, expandLabel(mac, early, "derived", emptyHash, hashLength), shared);
    byte[] clientHs = expandLabel(mac, handshake, "c hs traffic", helloHash, hashLength);
    byte[] serverHs = expandLabel(mac, handshake, "s hs traffic", helloHash, hashLength);
    byte[] serverHsKey = expandLabel(mac, serverHs, "key", EMPTY, suite.keyLength());
    byte[] serverHsIv = expandLabel(mac, serverHs, "iv", EMPTY, 12);

    // CertificateVerify over the transcript so far, then the server's Finished.
    transcript.update(serverFlight);
    Signature signer = Signature.getInstance(suite.signature(), signatureProvider);
    signer.initSign(serverIdentity.getPrivate());
    signer.update(VERIFY_PREFIX);
    signer.update(snapshot(transcript));
    byte[] certificateVerify = signer.sign();
    transcript.update(certificateVerify);
    byte[] serverFinished =
        hmac(mac, expandLabel(mac, serverHs, "finished", EMPTY, hashLength), snapshot(transcript));
    transcript.update(serverFinished);

    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", cipherProvider);
    seal(cipher, serverHsKey, serverHsIv, 0, serverFlight, serverFlight.length);

    // The application half: master secret, traffic secrets, the client's Finished checked.
    byte[] serverFinishedHash = snapshot(transcript);
    byte[] master =
        extract(
            mac,
            expandLabel(mac, handshake, "derived", emptyHash, hashLength),
            new byte[hashLength]);
    byte[] serverAp = expandLabel(mac, master, "s ap traffic", serverFinishedHash, hashLength);
    expandLabel(mac, master, "c ap traffic", serverFinishedHash, hashLength);
    byte[] clientFinished =
        hmac(mac, expandLabel(mac, clientHs, "finished", EMPTY, hashLength), serverFinishedHash);
    transcript.update(clientFinished);
    byte[] serverApKey = expandLabel(mac, serverAp, "key", EMPTY, suite.keyLength());
    byte[] serverApIv = expandLabel(mac, serverAp, "iv", EMPTY, 12);

    for (int sequence = 0; sequence < records; sequence++) {
      seal(cipher, serverApKey, serverApIv, sequence, plaintext, RECORD);
    }
    return sealed;
  }

  /** One record: a new nonce (the IV XOR the sequence number), the header as AAD, doFinal. */
  private void seal(Cipher cipher, byte[] key, byte[] iv, long sequence, byte[] data, int length)
      throws GeneralSecurityException {
    byte[] nonce = iv.clone();
    for (int i = 0; i < 8; i++) {
      nonce[nonce.length - 1 - i] ^= (byte) (sequence >>> (8 * i));
    }
    cipher.init(
        Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(TAG * 8, nonce));
    cipher.updateAAD(header);
    cipher.doFinal(data, 0, length, sealed, 0);
  }

  /** The transcript hash at this point, leaving the running hash going (JSSE clones it). */
  private static byte[] snapshot(MessageDigest transcript) throws GeneralSecurityException {
    try {
      return ((MessageDigest) transcript.clone()).digest();
    } catch (CloneNotSupportedException e) {
      throw new GeneralSecurityException("transcript hash cannot be cloned", e);
    }
  }

  private static byte[] hmac(Mac mac, byte[] key, byte[] data) throws GeneralSecurityException {
    mac.init(new SecretKeySpec(key, mac.getAlgorithm()));
    return mac.doFinal(data);
  }

  /** HKDF-Extract (RFC 5869): HMAC keyed with the salt over the input keying material. */
  private static byte[] extract(Mac mac, byte[] salt, byte[] ikm) throws GeneralSecurityException {
    return hmac(mac, salt, ikm);
  }

  /**
   * HKDF-Expand-Label (RFC 8446 section 7.1) for at most one hash length of output: one HMAC over
   * the HkdfLabel and the counter byte 1.
   */
  private static byte[] expandLabel(
      Mac mac, byte[] secret, String label, byte[] context, int length)
      throws GeneralSecurityException {
    // The HkdfLabel and the counter byte 1 of the first (and only) block.
    byte[] label13 = TlsHandshakeCalls.hkdfInfo(label, context, length);
    byte[] info = java.util.Arrays.copyOf(label13, label13.length + 1);
    info[label13.length] = 1;
    byte[] block = hmac(mac, secret, info);
    return length == block.length ? block : java.util.Arrays.copyOf(block, length);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    TlsServerMixBenchmark benchmark = new TlsServerMixBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.records = 1;
    benchmark.setup();
    benchmark.connection();
  }
}
