package dev.carbide.bench;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The JCA calls of the server side of one resumed TLS 1.2 connection (a stateless session ticket,
 * RFC 5077, SunJSSE's default) with TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, as SunJSSE on Java 25
 * makes them (read from its SessionTicketExtension, HandshakeHash, SSLCipher and Finished, and from
 * SunJCE's TlsPrfGenerator, which SunJSSE's {@code SunTls12*} key generators run). Every engine is
 * fresh, as there:
 *
 * <ul>
 *   <li>the ticket is opened with a new {@code AES/GCM/NoPadding} Cipher (a 16-byte IV, 5 bytes of
 *       AAD as a ByteBuffer, doFinal between heap ByteBuffers), and a new one is sealed with
 *       another (its IV from the SecureRandom, doFinal allocating);
 *   <li>the transcript is a new SHA-384 MessageDigest, cloned and finished for each Finished;
 *   <li>the key block and both Finished come from the TLS 1.2 PRF, which SunJCE computes as HMAC
 *       over a new {@code MessageDigest} each time (P_SHA384: the key XORed into the pads, one
 *       update per part): the JCA serves those digests, though not the PRF itself, so they are
 *       Carbide's when it is first; the {@code SunTls12*} generators are looked up (the JCA walks
 *       the provider list) but their internal parameter specs cannot be built outside the JDK;
 *   <li>the two record ciphers are new Ciphers left uninitialised until their first record, then
 *       initialised per record with the nonce (the fixed IV and the sequence number) and the
 *       SecureRandom, 13 bytes of AAD, {@code getOutputSize}, and doFinal in place between heap
 *       ByteBuffers;
 * </ul>
 *
 * then one request is opened and its response sealed. The client's randoms and the session's master
 * secret are fixed, so the client's records are sealed once in advance (by SunJCE); the keys are
 * then the same in every replay, which no provider can exploit since every Cipher is new.
 */
final class TlsResumption12 {
  private static final int KEY = 32; // AES-256
  private static final int FIXED_IV = 4;
  private static final int EXPLICIT_NONCE = 8;
  private static final int TAG = 16;
  private static final int HEADER = 5;
  private static final int HASH = 48; // SHA-384
  private static final int BLOCK = 128; // SHA-384's block: HMAC's pads
  private static final byte HANDSHAKE = 22;
  private static final byte APPLICATION_DATA = 23;

  private final SecureRandom random;
  private final SecretKey ticketKey;
  private final byte[] masterSecret = Inputs.bytes(48, 41);
  private final byte[] randoms = Inputs.bytes(64, 42); // client random, then server random
  private final byte[] sessionState = Inputs.bytes(192, 43); // SSLSessionImpl.write(), about
  private final byte[] clientHello = Inputs.bytes(420, 44); // with the ticket in its extension
  private final byte[] serverHello = Inputs.bytes(110, 45);
  private final byte[] response = Inputs.bytes(1024, 25);
  private final byte[] ticket; // the client's, as the server sealed it in the full handshake
  private final byte[] clientFinished; // the client's Finished record, sealed
  private final byte[] request; // the client's first application record, sealed
  private final byte[] keyBlock; // for the records step alone

  TlsResumption12(SecretKey ticketKey, SecureRandom random) throws GeneralSecurityException {
    this.ticketKey = ticketKey;
    this.random = random;
    Provider jdk = Security.getProvider("SunJCE");
    ticket = sealTicket(Cipher.getInstance("AES/GCM/NoPadding", jdk), Inputs.bytes(16, 46));
    keyBlock = prf(masterSecret, "key expansion", swapped(randoms), 2 * (KEY + FIXED_IV));
    Records client =
        new Records(
            Cipher.getInstance("AES/GCM/NoPadding", jdk), clientKey(keyBlock), clientIv(keyBlock));
    clientFinished = client.seal(0, HANDSHAKE, Inputs.bytes(16, 47));
    request = client.seal(1, APPLICATION_DATA, Inputs.bytes(96, 24));
  }

  /** The server side of the resumed connection; returns the response record. */
  byte[] resume() throws GeneralSecurityException {
    byte[] state = openTicket();
    if (state.length != sessionState.length) {
      throw new GeneralSecurityException("the ticket did not open");
    }
    random.nextBytes(new byte[32]); // the resumed session's new SessionId
    random.nextBytes(new byte[32]); // ServerHello's random
    MessageDigest transcript = MessageDigest.getInstance("SHA-384");
    transcript.update(clientHello);
    transcript.update(serverHello);
    KeyGenerator.getInstance("SunTls12KeyMaterial");
    byte[] block = prf(masterSecret, "key expansion", swapped(randoms), 2 * (KEY + FIXED_IV));
    byte[] newTicket = sealTicket(Cipher.getInstance("AES/GCM/NoPadding"), ivFromRandom());
    transcript.update(newTicket); // in the NewSessionTicket message
    KeyGenerator.getInstance("SunTls12Prf");
    byte[] serverVerify = prf(masterSecret, "server finished", snapshot(transcript), 12);
    Records write =
        new Records(Cipher.getInstance("AES/GCM/NoPadding"), serverKey(block), iv(block, 1));
    write.seal(0, HANDSHAKE, finished(serverVerify));
    transcript.update(finished(serverVerify));
    Records read =
        new Records(Cipher.getInstance("AES/GCM/NoPadding"), clientKey(block), clientIv(block));
    KeyGenerator.getInstance("SunTls12Prf");
    prf(masterSecret, "client finished", snapshot(transcript), 12);
    read.open(0, HANDSHAKE, clientFinished);
    read.open(1, APPLICATION_DATA, request);
    return write.seal(1, APPLICATION_DATA, response);
  }

  /** The ticket in the ClientHello, opened as SessionTicketSpec.decrypt does. */
  byte[] openTicket() throws GeneralSecurityException {
    ByteBuffer data = ByteBuffer.wrap(ticket);
    int keyId = data.getInt();
    byte[] iv = new byte[16];
    data.get(iv);
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(Cipher.DECRYPT_MODE, ticketKey, new GCMParameterSpec(128, iv));
    byte compressed = data.get();
    cipher.updateAAD(ByteBuffer.allocate(5).putInt(keyId).put(compressed).flip());
    ByteBuffer out = ByteBuffer.allocate(data.remaining() - TAG);
    cipher.doFinal(data, out);
    return out.array();
  }

  /** A new ticket for the session, sealed as SessionTicketSpec.encrypt does. */
  byte[] sealTicket() throws GeneralSecurityException {
    return sealTicket(Cipher.getInstance("AES/GCM/NoPadding"), ivFromRandom());
  }

  private byte[] sealTicket(Cipher cipher, byte[] iv) throws GeneralSecurityException {
    cipher.init(Cipher.ENCRYPT_MODE, ticketKey, new GCMParameterSpec(128, iv));
    int keyId = 1;
    cipher.updateAAD(ByteBuffer.allocate(5).putInt(keyId).put((byte) 0).flip());
    byte[] encrypted = cipher.doFinal(sessionState);
    ByteBuffer result = ByteBuffer.allocate(4 + iv.length + 1 + encrypted.length);
    return result.putInt(keyId).put(iv).put((byte) 0).put(encrypted).array();
  }

  private byte[] ivFromRandom() {
    byte[] iv = new byte[16];
    random.nextBytes(iv);
    return iv;
  }

  /** The key block and both Finished: three PRFs, each over a new MessageDigest. */
  byte[] prfs() throws GeneralSecurityException {
    byte[] hash = Arrays.copyOf(randoms, HASH);
    prf(masterSecret, "key expansion", swapped(randoms), 2 * (KEY + FIXED_IV));
    prf(masterSecret, "server finished", hash, 12);
    return prf(masterSecret, "client finished", hash, 12);
  }

  /** Both record ciphers made, the Finished records and one request and response through them. */
  byte[] records() throws GeneralSecurityException {
    Records write =
        new Records(Cipher.getInstance("AES/GCM/NoPadding"), serverKey(keyBlock), iv(keyBlock, 1));
    write.seal(0, HANDSHAKE, finished(new byte[12]));
    Records read =
        new Records(
            Cipher.getInstance("AES/GCM/NoPadding"), clientKey(keyBlock), clientIv(keyBlock));
    read.open(0, HANDSHAKE, clientFinished);
    read.open(1, APPLICATION_DATA, request);
    return write.seal(1, APPLICATION_DATA, response);
  }

  /**
   * The TLS 1.2 PRF, P_SHA384 (RFC 5246 section 5), with the calls SunJCE makes: one new
   * MessageDigest, HMAC built from it with the key XORed into both pads, and an update per part.
   */
  static byte[] prf(byte[] secret, String label, byte[] seed, int length)
      throws GeneralSecurityException {
    MessageDigest digest = MessageDigest.getInstance("SHA-384");
    byte[] inner = new byte[BLOCK];
    byte[] outer = new byte[BLOCK];
    Arrays.fill(inner, (byte) 0x36);
    Arrays.fill(outer, (byte) 0x5c);
    for (int i = 0; i < secret.length; i++) {
      inner[i] ^= secret[i];
      outer[i] ^= secret[i];
    }
    byte[] name = label.getBytes(StandardCharsets.US_ASCII);
    byte[] output = new byte[length];
    byte[] a = null; // A(i); A(0) is the label and seed
    byte[] tmp = new byte[HASH];
    for (int done = 0; done < length; done += HASH) {
      digest.update(inner);
      if (a == null) {
        digest.update(name);
        digest.update(seed);
      } else {
        digest.update(a);
      }
      digest.digest(tmp, 0, HASH);
      digest.update(outer);
      digest.update(tmp);
      if (a == null) {
        a = new byte[HASH];
      }
      digest.digest(a, 0, HASH);
      digest.update(inner);
      digest.update(a);
      digest.update(name);
      digest.update(seed);
      digest.digest(tmp, 0, HASH);
      digest.update(outer);
      digest.update(tmp);
      digest.digest(tmp, 0, HASH);
      digest.reset();
      System.arraycopy(tmp, 0, output, done, Math.min(HASH, length - done));
    }
    return output;
  }

  /** The transcript hash so far, the running hash going on: SunJSSE clones and finishes. */
  private static byte[] snapshot(MessageDigest transcript) throws GeneralSecurityException {
    try {
      return ((MessageDigest) transcript.clone()).digest();
    } catch (CloneNotSupportedException e) {
      throw new GeneralSecurityException("the transcript hash cannot be cloned", e);
    }
  }

  /** The Finished message: its 4-byte header and verify_data. */
  private static byte[] finished(byte[] verifyData) {
    byte[] message = new byte[4 + verifyData.length];
    message[0] = 20;
    message[3] = (byte) verifyData.length;
    System.arraycopy(verifyData, 0, message, 4, verifyData.length);
    return message;
  }

  /** The key expansion's seed: the server random, then the client random. */
  private static byte[] swapped(byte[] randoms) {
    byte[] seed = new byte[64];
    System.arraycopy(randoms, 32, seed, 0, 32);
    System.arraycopy(randoms, 0, seed, 32, 32);
    return seed;
  }

  private static SecretKey clientKey(byte[] keyBlock) {
    return new SecretKeySpec(keyBlock, 0, KEY, "AES");
  }

  private static SecretKey serverKey(byte[] keyBlock) {
    return new SecretKeySpec(keyBlock, KEY, KEY, "AES");
  }

  private static byte[] clientIv(byte[] keyBlock) {
    return iv(keyBlock, 0);
  }

  private static byte[] iv(byte[] keyBlock, int which) {
    int from = 2 * KEY + which * FIXED_IV;
    return Arrays.copyOfRange(keyBlock, from, from + FIXED_IV);
  }

  /**
   * One direction's record cipher, as SunJSSE's TLS 1.2 GCM read and write ciphers use theirs: made
   * when the keys change, initialised per record with the SecureRandom, records in place in a heap
   * buffer ({@code header, explicit nonce, fragment, tag}).
   */
  private final class Records {
    private final Cipher cipher;
    private final SecretKey key;
    private final byte[] fixedIv;
    private final byte[] wire = new byte[HEADER + EXPLICIT_NONCE + 2048 + TAG];

    Records(Cipher cipher, SecretKey key, byte[] fixedIv) {
      this.cipher = cipher;
      this.key = key;
      this.fixedIv = fixedIv;
    }

    /** Seals {@code fragment} as record {@code sequence}; returns the record, at its length. */
    byte[] seal(long sequence, byte type, byte[] fragment) throws GeneralSecurityException {
      byte[] nonce = sequence(sequence);
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv(nonce)), random);
      cipher.updateAAD(aad(nonce, type, fragment.length));
      int start = HEADER + EXPLICIT_NONCE;
      System.arraycopy(nonce, 0, wire, HEADER, EXPLICIT_NONCE);
      System.arraycopy(fragment, 0, wire, start, fragment.length);
      ByteBuffer record = ByteBuffer.wrap(wire, start, fragment.length);
      ByteBuffer in = record.duplicate();
      int size = cipher.getOutputSize(in.remaining());
      record.limit(start + size);
      int n = cipher.doFinal(in, record);
      wire[0] = type;
      wire[1] = 3;
      wire[2] = 3;
      wire[3] = (byte) ((EXPLICIT_NONCE + n) >>> 8);
      wire[4] = (byte) (EXPLICIT_NONCE + n);
      return Arrays.copyOf(wire, start + n);
    }

    /** Opens record {@code sequence} (a copy of {@code sealed}) in place; checks its tag. */
    void open(long sequence, byte type, byte[] sealed) throws GeneralSecurityException {
      System.arraycopy(sealed, 0, wire, 0, sealed.length);
      byte[] nonce = Arrays.copyOfRange(wire, HEADER, HEADER + EXPLICIT_NONCE);
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv(nonce)), random);
      int start = HEADER + EXPLICIT_NONCE;
      ByteBuffer record = ByteBuffer.wrap(wire, start, sealed.length - start);
      cipher.updateAAD(aad(sequence(sequence), type, record.remaining() - TAG));
      cipher.doFinal(record, record.duplicate());
    }

    private byte[] iv(byte[] nonce) {
      byte[] iv = Arrays.copyOf(fixedIv, FIXED_IV + EXPLICIT_NONCE);
      System.arraycopy(nonce, 0, iv, FIXED_IV, EXPLICIT_NONCE);
      return iv;
    }
  }

  private static byte[] sequence(long sequence) {
    return ByteBuffer.allocate(8).putLong(sequence).array();
  }

  /** TLS 1.2's AEAD additional data: sequence number, type, version, plaintext length. */
  private static byte[] aad(byte[] sequence, byte type, int length) {
    byte[] aad = Arrays.copyOf(sequence, 13);
    aad[8] = type;
    aad[9] = 3;
    aad[10] = 3;
    aad[11] = (byte) (length >>> 8);
    aad[12] = (byte) length;
    return aad;
  }
}
