package dev.carbide.keys;

import dev.carbide.internal.EntryGuard;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyAgreementSpi;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;

/**
 * A two-party key agreement over native keys (ECDH, XDH). The peer is validated at {@code doPhase},
 * as SunEC does: a point off the curve, a small-order point or a key on another curve is an
 * InvalidKeyException. The agreement holds its own native reference to the private key.
 *
 * <p>Shared by threads, it must not crash the JVM (issue 13): a re-{@code init} releases the key
 * reference that a racing {@code doPhase} may be deriving with. Every method that reads or changes
 * the agreement's state holds one {@link EntryGuard}, so a second thread gets an
 * IllegalStateException, and a secret handed out is always the whole secret of one derivation.
 * Guarding the whole of each call costs nothing that shows beside a derivation's tens of
 * microseconds.
 */
public abstract class NativeKeyAgreement extends KeyAgreementSpi {
  private final EntryGuard guard = new EntryGuard();
  private KeyRef own;
  private Object curve;
  private byte[] secret;

  /** The Carbide form of a private key for this agreement; InvalidKeyException if unusable. */
  protected abstract NativePrivateKey ownKey(Key key) throws InvalidKeyException;

  /** The Carbide form of a peer's public key; InvalidKeyException if unusable. */
  protected abstract NativePublicKey peerKey(Key key) throws InvalidKeyException;

  /** The curve of a key this agreement produced; own and peer keys must share it. */
  protected abstract Object curveOf(NativeKey key);

  /**
   * The secret handed out for OpenSSL's derived one, which a family may pad or trim (DH keeps
   * leading zeros); zero {@code derived} if it is not returned.
   */
  protected byte[] shapeSecret(byte[] derived) {
    return derived;
  }

  @Override
  protected void engineInit(Key key, SecureRandom random) throws InvalidKeyException {
    if (!(key instanceof PrivateKey)) {
      throw new InvalidKeyException("Key must be instance of PrivateKey");
    }
    NativePrivateKey translated = ownKey(key);
    KeyRef ref = new KeyRef(translated.retain());
    guard.enter();
    try {
      if (own != null) {
        own.release();
      }
      own = ref;
      curve = curveOf(translated);
      clearSecret();
    } finally {
      guard.exit();
    }
  }

  @Override
  protected void engineInit(Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    if (params != null) {
      throw new InvalidAlgorithmParameterException("Parameters not supported");
    }
    engineInit(key, random);
  }

  @Override
  protected Key engineDoPhase(Key key, boolean lastPhase) throws InvalidKeyException {
    guard.enter();
    try {
      return doPhase(key, lastPhase);
    } finally {
      guard.exit();
    }
  }

  private Key doPhase(Key key, boolean lastPhase) throws InvalidKeyException {
    if (own == null) {
      throw new IllegalStateException("Not initialized");
    }
    if (secret != null) {
      throw new IllegalStateException("Phase already executed");
    }
    if (!lastPhase) {
      throw new IllegalStateException("Only two party agreement supported, lastPhase must be true");
    }
    if (!(key instanceof PublicKey)) {
      throw new InvalidKeyException("Key must be a PublicKey");
    }
    NativePublicKey peer = peerKey(key);
    if (!curveOf(peer).equals(curve)) {
      throw new InvalidKeyException("the peer's key is on " + curveOf(peer) + ", not " + curve);
    }
    long peerRef = peer.retain();
    try {
      secret = shapeSecret(PkeyNative.derive(own.handle(), peerRef));
    } finally {
      PkeyNative.free(peerRef);
      Reference.reachabilityFence(this);
    }
    return null;
  }

  @Override
  protected byte[] engineGenerateSecret() {
    guard.enter();
    try {
      return takeSecret();
    } finally {
      guard.exit();
    }
  }

  @Override
  protected int engineGenerateSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
    guard.enter();
    try {
      return takeSecret(sharedSecret, offset);
    } finally {
      guard.exit();
    }
  }

  private int takeSecret(byte[] sharedSecret, int offset) throws ShortBufferException {
    if (secret == null) {
      throw new IllegalStateException("Key agreement has not been completed yet");
    }
    if (offset < 0 || sharedSecret.length - offset < secret.length) {
      throw new ShortBufferException(
          "Need "
              + secret.length
              + " bytes, only "
              + (sharedSecret.length - offset)
              + " available");
    }
    byte[] result = takeSecret();
    System.arraycopy(result, 0, sharedSecret, offset, result.length);
    Arrays.fill(result, (byte) 0);
    return result.length;
  }

  /** A SecretKey of any algorithm over the whole secret, {@code TlsPremasterSecret} included. */
  @Override
  protected SecretKey engineGenerateSecret(String algorithm) throws NoSuchAlgorithmException {
    if (algorithm == null) {
      throw new NoSuchAlgorithmException("Algorithm must not be null");
    }
    byte[] result = engineGenerateSecret();
    try {
      return new SecretKeySpec(result, algorithm);
    } finally {
      Arrays.fill(result, (byte) 0);
    }
  }

  // Returns the secret and readies the agreement for another doPhase with the same key. Callers
  // hold the guard.
  private byte[] takeSecret() {
    if (secret == null) {
      throw new IllegalStateException("Key agreement has not been completed yet");
    }
    byte[] result = secret;
    secret = null;
    return result;
  }

  private void clearSecret() {
    if (secret != null) {
      Arrays.fill(secret, (byte) 0);
      secret = null;
    }
  }
}
