package dev.carbide.bench;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.XECPublicKeySpec;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The JCA calls of the server side of one TLS handshake, in the order and with the freshness of
 * SunJSSE on Java 25 (read from its sources and counted by the tests' {@code RecordingProvider}):
 * every engine comes from {@code getInstance(name)} without a provider, so the JCA's lookup and
 * delayed provider selection run per call, as they do in a handshake; the client's key share
 * becomes a key through {@code KeyFactory} from its encoded bytes; each HKDF step is a fresh {@code
 * KDF}; the transcript hash is one {@code MessageDigest} cloned at each point the key schedule
 * needs it; each traffic key gets a fresh {@code Cipher}, initialised once per record.
 *
 * <p>TLS 1.2's master secret, key expansion and Finished go through SunJCE's {@code SunTls*}
 * generators with JDK-internal parameter specs (docs/tls.md): they are the JDK's work whatever the
 * provider, so they are left out, and a TLS 1.2 row measures what a provider can serve.
 */
final class TlsHandshakeCalls {
  /** One handshake configuration, by the name the benchmark takes as its algorithm. */
  record Shape(
      boolean tls13,
      String group, // "X25519" or "secp256r1"
      String identity, // a KeyPairs name: the certificate's key
      String signature,
      AlgorithmParameterSpec signatureParams,
      String hash,
      int keyLength,
      boolean resumed) {
    int hashLength() {
      return hash.equals("SHA-384") ? 48 : 32;
    }

    String kdf() {
      return "HKDF-" + hash.replace("-", "");
    }

    String hmac() {
      return "Hmac" + hash.replace("-", "");
    }

    boolean xdh() {
      return group.equals("X25519");
    }
  }

  static Shape shape(String name) {
    return switch (name) {
      // TLS_AES_128_GCM_SHA256, x25519, ecdsa_secp256r1_sha256
      case "TLS13-X25519-ECDSA" ->
          new Shape(true, "X25519", "P-256", "SHA256withECDSA", null, "SHA-256", 16, false);
      // TLS_AES_128_GCM_SHA256, x25519, rsa_pss_rsae_sha256 with an RSA-2048 certificate
      case "TLS13-X25519-RSAPSS" ->
          new Shape(
              true,
              "X25519",
              "RSA-2048",
              "RSASSA-PSS",
              new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1),
              "SHA-256",
              16,
              false);
      // TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384 (IBM's setting), secp256r1
      case "TLS12-P256-ECDSA" ->
          new Shape(false, "secp256r1", "P-256", "SHA256withECDSA", null, "SHA-384", 32, false);
      // The same, resumed from a session ticket: see TlsResumption12
      case "TLS12-P256-ECDSA-RESUMED" ->
          new Shape(false, "secp256r1", "P-256", "SHA256withECDSA", null, "SHA-384", 32, true);
      default -> throw new IllegalArgumentException("unknown handshake " + name);
    };
  }

  private static final int TAG = 16;
  private static final byte[] EMPTY = new byte[0];
  private static final String VERIFY_CONTEXT = "TLS 1.3, server CertificateVerify";

  final Shape shape;
  private final SecureRandom random;
  private final PrivateKey identity;
  private final byte[] clientShare;
  private final ECParameterSpec curve;

  /** The resumed connection's calls, for a resumed shape; null otherwise. */
  final TlsResumption12 resumedConnection;

  // The handshake messages, as sized on the wire with these certificates.
  private final byte[] clientHello = Inputs.bytes(512, 21);
  private final byte[] serverHello = Inputs.bytes(122, 22);
  private final byte[] serverFlight; // EncryptedExtensions and Certificate
  private final byte[] finished;
  private final byte[] request = Inputs.bytes(96, 24);
  private final byte[] response = Inputs.bytes(1024, 25);
  private final byte[] ticket = Inputs.bytes(160, 26);

  /** The context's session-ticket key, made once per SSLContext (AES-256, as SunJSSE's). */
  private final SecretKey ticketKey = new SecretKeySpec(Inputs.bytes(32, 28), "AES");

  /**
   * A replay for {@code shape}, whose server signs with {@code identity} (a key from the key store,
   * decoded through the JCA as SunJSSE's key manager gets it) and meets a client whose key share is
   * {@code clientShare}'s public key.
   */
  TlsHandshakeCalls(Shape shape, PrivateKey identity, KeyPair clientShare, SecureRandom random)
      throws GeneralSecurityException {
    this.shape = shape;
    this.identity = identity;
    this.random = random;
    this.clientShare = encode(clientShare.getPublic());
    this.curve = shape.xdh() ? null : ((ECPublicKey) clientShare.getPublic()).getParams();
    this.serverFlight = Inputs.bytes(identity.getAlgorithm().equals("RSA") ? 900 : 600, 23);
    this.finished = Inputs.bytes(4 + shape.hashLength(), 27);
    this.resumedConnection = shape.resumed() ? new TlsResumption12(ticketKey, random) : null;
  }

  /**
   * The whole server side of one full handshake (or, for a resumed shape, one resumed connection),
   * then one request and its response.
   */
  byte[] handshake() throws GeneralSecurityException {
    if (resumedConnection != null) {
      return resumedConnection.resume();
    }
    MessageDigest transcript = MessageDigest.getInstance(shape.hash());
    transcript.update(clientHello);
    SecretKey shared = keyShare();
    transcript.update(serverHello);
    if (!shape.tls13()) {
      return handshake12(transcript, shared);
    }
    SecretKey handshakeSecret = handshakeSecret(shared);
    byte[] helloHash = snapshot(transcript);
    SecretKey clientHs = expandKey(handshakeSecret, "c hs traffic", helloHash, "TlsClientHs");
    SecretKey serverHs = expandKey(handshakeSecret, "s hs traffic", helloHash, "TlsServerHs");
    Direction serverHsRecords = direction(serverHs);
    Direction clientHsRecords = direction(clientHs);

    transcript.update(serverFlight);
    byte[] certificateVerify = certificateVerify(snapshot(transcript));
    transcript.update(certificateVerify);
    byte[] serverFinished = finishedMac(serverHs, snapshot(transcript));
    transcript.update(serverFinished);
    serverHsRecords.seal(0, serverFlight);
    serverHsRecords.seal(1, certificateVerify);
    serverHsRecords.seal(2, serverFinished);

    byte[] serverFinishedHash = snapshot(transcript);
    SecretKey master = masterSecret(handshakeSecret);
    SecretKey serverAp = expandKey(master, "s ap traffic", serverFinishedHash, "TlsServerAp");
    Direction serverApRecords = direction(serverAp);
    // The client's Finished: opened under the client's handshake key and checked.
    clientHsRecords.open(0, finished);
    finishedMac(clientHs, serverFinishedHash);
    transcript.update(finished);
    SecretKey clientAp = expandKey(master, "c ap traffic", serverFinishedHash, "TlsClientAp");
    Direction clientApRecords = direction(clientAp);

    // NewSessionTicket: the resumption secret and the ticket's PSK, the ticket sealed under the
    // context's own ticket key (a fresh Cipher), then sent.
    SecretKey resumption =
        expandKey(master, "res master", snapshot(transcript), "TlsResumptionMasterSecret");
    expandKey(resumption, "resumption", new byte[1], "TlsKey");
    Direction.of(ticketKey, serverApRecords.iv).seal(0, ticket);
    serverApRecords.seal(0, ticket);
    clientApRecords.open(0, request);
    return serverApRecords.seal(1, response);
  }

  /**
   * TLS 1.2: ServerKeyExchange's signature, the premaster secret, then the record ciphers; what
   * lies between (the master secret, the key expansion, Finished) is SunJCE's, so the record keys
   * here are stand-ins of the right length.
   */
  private byte[] handshake12(MessageDigest transcript, SecretKey premaster)
      throws GeneralSecurityException {
    byte[] keyExchange = certificateVerify(snapshot(transcript));
    transcript.update(keyExchange);
    byte[] sessionHash = snapshot(transcript); // the extended master secret's session hash
    byte[] iv = Arrays.copyOf(sessionHash, 12);
    Direction read = Direction.of(new SecretKeySpec(sessionHash, 0, shape.keyLength(), "AES"), iv);
    Direction write =
        Direction.of(new SecretKeySpec(premaster.getEncoded(), 0, shape.keyLength(), "AES"), iv);
    read.open(0, finished);
    snapshot(transcript); // the client's Finished
    transcript.update(finished);
    snapshot(transcript); // the server's Finished
    Direction.of(ticketKey, iv).seal(0, ticket);
    write.seal(0, ticket);
    write.seal(1, finished);
    read.open(1, request);
    return write.seal(2, response);
  }

  /**
   * ECDHE as SunJSSE does it: the client's share into a key through KeyFactory, a fresh key pair
   * (its public key encoded for ServerHello), and the agreement.
   */
  SecretKey keyShare() throws GeneralSecurityException {
    PublicKey peer;
    KeyPairGenerator generator;
    if (shape.xdh()) {
      byte[] u = clientShare.clone();
      reverse(u);
      peer =
          KeyFactory.getInstance("XDH")
              .generatePublic(
                  new XECPublicKeySpec(new NamedParameterSpec("X25519"), new BigInteger(1, u)));
      generator = KeyPairGenerator.getInstance("XDH");
      generator.initialize(NamedParameterSpec.X25519, random);
    } else {
      int half = (clientShare.length - 1) / 2;
      ECPoint point =
          new ECPoint(
              new BigInteger(1, Arrays.copyOfRange(clientShare, 1, 1 + half)),
              new BigInteger(1, Arrays.copyOfRange(clientShare, 1 + half, clientShare.length)));
      peer = KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(point, curve));
      generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec(shape.group()), random);
    }
    KeyPair own = generator.generateKeyPair();
    encode(own.getPublic());
    KeyAgreement agreement = KeyAgreement.getInstance(shape.xdh() ? "XDH" : "ECDH");
    agreement.init(own.getPrivate());
    agreement.doPhase(peer, true);
    return agreement.generateSecret("TlsPremasterSecret");
  }

  /** The early secret, the "derived" salt and the handshake secret: three fresh KDFs. */
  SecretKey handshakeSecret(SecretKey shared) throws GeneralSecurityException {
    byte[] zeros = new byte[shape.hashLength()];
    SecretKey early =
        KDF.getInstance(shape.kdf())
            .deriveKey(
                "TlsEarlySecret",
                HKDFParameterSpec.ofExtract().addSalt(zeros).addIKM(zeros).extractOnly());
    SecretKey salt = expandKey(early, "derived", emptyHash(), "TlsSaltSecret");
    return KDF.getInstance(shape.kdf())
        .deriveKey(
            "TlsHandshakeSecret",
            HKDFParameterSpec.ofExtract().addSalt(salt).addIKM(shared).extractOnly());
  }

  /** The "derived" salt and the master secret. */
  SecretKey masterSecret(SecretKey handshakeSecret) throws GeneralSecurityException {
    SecretKey salt = expandKey(handshakeSecret, "derived", emptyHash(), "TlsSaltSecret");
    return KDF.getInstance(shape.kdf())
        .deriveKey(
            "TlsMasterSecret",
            HKDFParameterSpec.ofExtract()
                .addSalt(salt)
                .addIKM(new byte[shape.hashLength()])
                .extractOnly());
  }

  /** All of TLS 1.3's key schedule as a server runs it, with stand-ins for the transcript. */
  SecretKey keySchedule(SecretKey shared) throws GeneralSecurityException {
    SecretKey handshakeSecret = handshakeSecret(shared);
    SecretKey master = masterSecret(handshakeSecret);
    byte[] hash = emptyHash();
    SecretKey last = null;
    for (String label : new String[] {"c hs traffic", "s hs traffic"}) {
      SecretKey traffic = expandKey(handshakeSecret, label, hash, "TlsTraffic");
      trafficKey(traffic);
      iv(traffic);
      expandKey(traffic, "finished", EMPTY, "TlsFinishedSecret");
    }
    for (String label : new String[] {"s ap traffic", "c ap traffic"}) {
      last = expandKey(master, label, hash, "TlsTraffic");
      trafficKey(last);
      iv(last);
    }
    SecretKey resumption = expandKey(master, "res master", hash, "TlsResumptionMasterSecret");
    expandKey(resumption, "resumption", new byte[1], "TlsKey");
    return last;
  }

  /** CertificateVerify (TLS 1.3) or ServerKeyExchange's signature (TLS 1.2). */
  byte[] certificateVerify(byte[] transcriptHash) throws GeneralSecurityException {
    return sign(identity, transcriptHash);
  }

  /** The same signature with another private key object, such as a foreign provider's. */
  byte[] sign(PrivateKey key, byte[] transcriptHash) throws GeneralSecurityException {
    Signature signer = Signature.getInstance(shape.signature());
    if (shape.signatureParams() != null) {
      signer.setParameter(shape.signatureParams());
    }
    signer.initSign(key);
    if (shape.tls13()) {
      byte[] prefix = new byte[64 + VERIFY_CONTEXT.length() + 1];
      Arrays.fill(prefix, 0, 64, (byte) ' ');
      byte[] context = VERIFY_CONTEXT.getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(context, 0, prefix, 64, context.length);
      signer.update(prefix);
    }
    signer.update(transcriptHash);
    return signer.sign();
  }

  /** The verify_data of a Finished: its key by HKDF, then a fresh Mac over the transcript. */
  byte[] finishedMac(SecretKey trafficSecret, byte[] transcriptHash)
      throws GeneralSecurityException {
    SecretKey key = expandKey(trafficSecret, "finished", EMPTY, "TlsFinishedSecret");
    Mac hmac = Mac.getInstance(shape.hmac());
    hmac.init(key);
    return hmac.doFinal(transcriptHash);
  }

  /** The transcript: one digest over the flights, cloned at each point the schedule reads it. */
  byte[] transcript() throws GeneralSecurityException {
    MessageDigest transcript = MessageDigest.getInstance(shape.hash());
    byte[] last = null;
    for (byte[] message :
        new byte[][] {clientHello, serverHello, serverFlight, finished, finished, finished}) {
      transcript.update(message);
      last = snapshot(transcript);
    }
    return last;
  }

  /**
   * The record layer of the handshake alone: four traffic keys, each a fresh Cipher, the ticket's
   * own, and the records the server seals and opens under them.
   */
  byte[] records(SecretKey serverKey, SecretKey clientKey) throws GeneralSecurityException {
    byte[] iv = Arrays.copyOf(finished, 12);
    Direction serverHs = Direction.of(serverKey, iv);
    Direction clientHs = Direction.of(clientKey, iv);
    serverHs.seal(0, serverFlight);
    serverHs.seal(1, finished);
    serverHs.seal(2, finished);
    clientHs.open(0, finished);
    Direction serverAp = Direction.of(serverKey, iv);
    Direction clientAp = Direction.of(clientKey, iv);
    Direction.of(ticketKey, iv).seal(0, ticket);
    serverAp.seal(0, ticket);
    clientAp.open(0, request);
    return serverAp.seal(1, response);
  }

  private SecretKey expandKey(SecretKey secret, String label, byte[] context, String type)
      throws GeneralSecurityException {
    return KDF.getInstance(shape.kdf())
        .deriveKey(
            type,
            HKDFParameterSpec.expandOnly(
                secret, hkdfInfo(label, context, shape.hashLength()), shape.hashLength()));
  }

  private SecretKey trafficKey(SecretKey trafficSecret) throws GeneralSecurityException {
    return KDF.getInstance(shape.kdf())
        .deriveKey(
            "AES",
            HKDFParameterSpec.expandOnly(
                trafficSecret, hkdfInfo("key", EMPTY, shape.keyLength()), shape.keyLength()));
  }

  private byte[] iv(SecretKey trafficSecret) throws GeneralSecurityException {
    return KDF.getInstance(shape.kdf())
        .deriveData(HKDFParameterSpec.expandOnly(trafficSecret, hkdfInfo("iv", EMPTY, 12), 12));
  }

  /** One direction's records under a traffic secret: its key and IV by HKDF, a fresh Cipher. */
  private Direction direction(SecretKey trafficSecret) throws GeneralSecurityException {
    return Direction.of(trafficKey(trafficSecret), iv(trafficSecret));
  }

  /**
   * The records of one direction: a Cipher made once for its key, as SunJSSE's record ciphers are,
   * and initialised per record with that record's nonce.
   */
  private static final class Direction {
    final Cipher cipher;
    final SecretKey key;
    final byte[] iv;
    private final byte[] out = new byte[2048];

    private Direction(Cipher cipher, SecretKey key, byte[] iv) {
      this.cipher = cipher;
      this.key = key;
      this.iv = iv;
    }

    /** A fresh Cipher, which SunJSSE leaves uninitialised until the first record (AEAD). */
    static Direction of(SecretKey key, byte[] iv) throws GeneralSecurityException {
      return new Direction(Cipher.getInstance("AES/GCM/NoPadding"), key, iv);
    }

    /** One record sealed: the nonce (IV XOR sequence), the 5-byte header as AAD, doFinal. */
    byte[] seal(long sequence, byte[] data) throws GeneralSecurityException {
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, nonce(iv, sequence)));
      cipher.updateAAD(header(data.length + TAG));
      cipher.doFinal(data, 0, data.length, out, 0);
      return out;
    }

    /**
     * One record opened and its tag checked. The peer's record is sealed first on this same Cipher
     * (the keys are fresh in every handshake, so it cannot be made in advance): an open costs one
     * seal more than in a real handshake, for every provider alike.
     */
    void open(long sequence, byte[] data) throws GeneralSecurityException {
      long peerSequence = sequence | 0x5a00;
      byte[] record = seal(peerSequence, data).clone();
      int length = data.length + TAG;
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG * 8, nonce(iv, peerSequence)));
      cipher.updateAAD(header(length));
      cipher.doFinal(record, 0, length, out, 0);
    }
  }

  private static byte[] nonce(byte[] iv, long sequence) {
    byte[] nonce = iv.clone();
    for (int i = 0; i < 8; i++) {
      nonce[nonce.length - 1 - i] ^= (byte) (sequence >>> (8 * i));
    }
    return nonce;
  }

  private static byte[] header(int length) {
    return new byte[] {23, 3, 3, (byte) (length >>> 8), (byte) length};
  }

  /** The transcript hash so far, the running hash going on: SunJSSE clones and finishes. */
  private static byte[] snapshot(MessageDigest transcript) throws GeneralSecurityException {
    try {
      return ((MessageDigest) transcript.clone()).digest();
    } catch (CloneNotSupportedException e) {
      throw new GeneralSecurityException("the transcript hash cannot be cloned", e);
    }
  }

  /** The hash of nothing, which SunJSSE keeps as a constant: computed once here. */
  private byte[] emptyHash;

  private byte[] emptyHash() throws GeneralSecurityException {
    if (emptyHash == null) {
      emptyHash = MessageDigest.getInstance(shape.hash()).digest();
    }
    return emptyHash;
  }

  /** HkdfLabel (RFC 8446 section 7.1): length, "tls13 " + label, context. */
  static byte[] hkdfInfo(String label, byte[] context, int length) {
    byte[] name = ("tls13 " + label).getBytes(StandardCharsets.US_ASCII);
    byte[] info = new byte[4 + name.length + context.length];
    info[0] = (byte) (length >>> 8);
    info[1] = (byte) length;
    info[2] = (byte) name.length;
    System.arraycopy(name, 0, info, 3, name.length);
    info[3 + name.length] = (byte) context.length;
    System.arraycopy(context, 0, info, 4 + name.length, context.length);
    return info;
  }

  /** A key share as it crosses the wire: X25519's u little-endian, EC's point uncompressed. */
  private static byte[] encode(PublicKey key) {
    if (key instanceof XECPublicKey xec) {
      byte[] u = unsigned(xec.getU(), 32);
      reverse(u);
      return u;
    }
    ECPoint w = ((ECPublicKey) key).getW();
    byte[] out = new byte[65];
    out[0] = 4;
    System.arraycopy(unsigned(w.getAffineX(), 32), 0, out, 1, 32);
    System.arraycopy(unsigned(w.getAffineY(), 32), 0, out, 33, 32);
    return out;
  }

  private static byte[] unsigned(BigInteger value, int length) {
    byte[] bytes = value.toByteArray();
    byte[] out = new byte[length];
    int copy = Math.min(bytes.length, length);
    System.arraycopy(bytes, bytes.length - copy, out, length - copy, copy);
    return out;
  }

  private static void reverse(byte[] bytes) {
    for (int i = 0, j = bytes.length - 1; i < j; i++, j--) {
      byte b = bytes[i];
      bytes[i] = bytes[j];
      bytes[j] = b;
    }
  }
}
