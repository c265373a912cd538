package dev.carbide.keys;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.FipsMode;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;

/**
 * The shared part of signatures over a native signer (ECDSA, EdDSA, later RSA): binding a signer to
 * a key, which takes a native reference of its own, the crossings that use the signer, and refusing
 * parameters by default.
 *
 * <p>A Signature shared by threads must not crash the JVM (issue 13): two threads inside OpenSSL on
 * one signer, or a re-{@code init} freeing the signer another thread is using, corrupts the heap.
 * So every crossing that uses native state this engine owns, and every change of that state, holds
 * {@link #guard}: a second thread gets an IllegalStateException. The crossings below take it
 * themselves; a subclass takes it around binding a signer, and around crossings of its own.
 */
public abstract class NativeSignatureSpi extends SignatureSpi {
  /** Held across each crossing that uses this engine's native state, and each change of it. */
  protected final EntryGuard guard = new EntryGuard();

  private long signer;
  private Cleaner.Cleanable cleanable;

  // The key of signDigest and verifyDigest (the NONEwith signatures, which have no signer).
  private KeyRef digestKey;

  // What the bound signer does. Signature's own state says the same when one thread uses it, but
  // threads that race initSign and initVerify can leave it saying the opposite of the signer.
  private boolean signing;

  /**
   * Binds a new native signer to {@code key} with digest {@code md} (0 for none). The caller holds
   * {@link #guard}.
   */
  protected final void bindSigner(NativeKey key, long md, boolean sign) throws InvalidKeyException {
    if (sign) {
      FipsMode.checkSigningDigest(md);
    }
    long ref = key.retain();
    try {
      replaceSigner(PkeyNative.newSigner(ref, md, sign), sign);
    } finally {
      PkeyNative.free(ref);
    }
  }

  /**
   * Binds a new native signer to the key {@code keyHandle} (which stays the caller's) with OpenSSL
   * signature parameters, as {@link PkeyNative#newSignerWith}. The previous signer stays bound if
   * OpenSSL refuses the parameters. The caller holds {@link #guard}.
   */
  protected final void bindSigner(
      long keyHandle,
      long md,
      boolean sign,
      boolean deterministicNonce,
      String instance,
      byte[] context)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    replaceSigner(
        PkeyNative.newSignerWith(keyHandle, md, sign, deterministicNonce, instance, context), sign);
  }

  /**
   * Binds a signer a family made itself (PqcNative.newSigner, RSA with its PSS options) and now
   * hands over: this SPI frees it with {@link PkeyNative#freeSigner}, as its own. The caller holds
   * {@link #guard}.
   */
  protected final void adoptSigner(long created, boolean sign) {
    replaceSigner(created, sign);
  }

  private void replaceSigner(long created, boolean sign) {
    if (cleanable != null) {
      cleanable.clean();
    }
    signer = created;
    signing = sign;
    cleanable =
        NativeCleaner.register(this, created, PkeyNative::freeSigner, NativeFootprint.SIGNER);
  }

  /** Absorbs in[offset, offset + length) into the bound signer's message. */
  protected final void updateSigner(byte[] in, int offset, int length) {
    guard.enter();
    try {
      PkeyNative.update(signer, in, offset, length);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  /** Absorbs in[offset, offset + length), signs the message, and starts a new one. */
  protected final byte[] signMessage(byte[] in, int offset, int length) throws SignatureException {
    guard.enter();
    try {
      checkBoundFor(true);
      return PkeyNative.sign(signer, in, offset, length);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  /**
   * Absorbs in[offset, offset + length), verifies {@code signature} over the message, and starts a
   * new one. Returns {@link PkeyNative#verify}'s verdict.
   */
  protected final int verifyMessage(byte[] in, int offset, int length, byte[] signature)
      throws SignatureException {
    guard.enter();
    try {
      checkBoundFor(false);
      return PkeyNative.verify(signer, in, offset, length, signature, 0, signature.length);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  /**
   * Makes {@code handle}, a key reference the caller retained, the key of {@link #signDigest} and
   * {@link #verifyDigest}, releasing the previous one, and runs {@code reset} (the subclass's state
   * for the new key), all under {@link #guard}: a racing sign or verify may be using the old key.
   */
  protected final void bindDigestKey(long handle, Runnable reset) {
    KeyRef ref = new KeyRef(handle);
    guard.enter();
    try {
      if (digestKey != null) {
        digestKey.release();
      }
      digestKey = ref;
      reset.run();
    } finally {
      guard.exit();
    }
  }

  /** Signs digest[0, length) with the bound digest key; OpenSSL's DER signature. */
  protected final byte[] signDigest(byte[] digest, int length) throws SignatureException {
    guard.enter();
    try {
      return PkeyNative.signDigest(digestKey.handle(), digest, 0, length);
    } catch (InvalidKeyException e) {
      throw new SignatureException(e.getMessage(), e);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  /** Verifies DER {@code signature} over digest[0, length); {@link PkeyNative#verify}'s verdict. */
  protected final int verifyDigest(byte[] digest, int length, byte[] signature) {
    guard.enter();
    try {
      return PkeyNative.verifyDigest(digestKey.handle(), digest, 0, length, signature);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  // With Signature's message, where a racing init left a signer of the other kind bound.
  private void checkBoundFor(boolean sign) throws SignatureException {
    if (signing != sign) {
      throw new SignatureException(
          "object not initialized for " + (sign ? "signing" : "verification"));
    }
  }

  @Override
  protected void engineSetParameter(AlgorithmParameterSpec params)
      throws InvalidAlgorithmParameterException {
    if (params != null) {
      throw new InvalidAlgorithmParameterException("No parameter accepted");
    }
  }

  @Override
  @Deprecated
  protected void engineSetParameter(String param, Object value) {
    throw new UnsupportedOperationException("setParameter() not supported");
  }

  @Override
  @Deprecated
  protected Object engineGetParameter(String param) {
    throw new UnsupportedOperationException("getParameter() not supported");
  }

  /** None, as SunEC answers for ECDSA and EdDSA (SignatureSpi's default would throw). */
  @Override
  protected java.security.AlgorithmParameters engineGetParameters() {
    return null;
  }
}
