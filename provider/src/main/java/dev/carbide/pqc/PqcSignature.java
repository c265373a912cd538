package dev.carbide.pqc;

import dev.carbide.PqcSignatureParameterSpec;
import dev.carbide.internal.EntryGuard;
import dev.carbide.keys.KeyRef;
import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
import dev.carbide.keys.PkeyNative;
import java.io.ByteArrayOutputStream;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;

/**
 * ML-DSA and SLH-DSA signatures ("ML-DSA" for a key of any set, "ML-DSA-65" for one): pure signing
 * with the empty context and fresh randomness by default, as the JDK 25 signs, and a context or the
 * deterministic variant through {@link PqcSignatureParameterSpec}. Both schemes read the message
 * more than once, so it is kept whole here and signed in one native call.
 */
final class PqcSignature extends NativeSignatureSpi {
  /** A message buffer whose bytes are reachable without a copy. */
  private static final class Message extends ByteArrayOutputStream {
    byte[] bytes() {
      return buf;
    }
  }

  private final PqcKeys.Scope scope;
  private final Message message = new Message();
  private final EntryGuard guard = new EntryGuard();
  private PqcSignatureParameterSpec spec;
  private KeyRef key;
  private boolean signing;

  PqcSignature(PqcKeys.Scope scope) {
    this.scope = scope;
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
    bind(PqcKeys.toPrivate(privateKey, scope), true);
  }

  @Override
  protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
    bind(PqcKeys.toPublic(publicKey, scope), false);
  }

  private void bind(NativeKey nativeKey, boolean sign) throws InvalidKeyException {
    KeyRef ref = new KeyRef(nativeKey.retain());
    guard.enter();
    try {
      adoptSigner(newSigner(ref.handle(), sign, spec));
    } catch (InvalidAlgorithmParameterException e) {
      ref.release();
      throw new InvalidKeyException("the key cannot be used with " + spec, e);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    if (key != null) {
      key.release();
    }
    key = ref;
    signing = sign;
    message.reset();
  }

  private static long newSigner(long keyHandle, boolean sign, PqcSignatureParameterSpec spec)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    byte[] context = spec == null ? null : spec.getContext();
    boolean deterministic = spec != null && spec.isDeterministic();
    return PqcNative.newSigner(keyHandle, sign, context, deterministic);
  }

  @Override
  protected void engineUpdate(byte b) {
    message.write(b);
  }

  @Override
  protected void engineUpdate(byte[] in, int offset, int length) {
    message.write(in, offset, length);
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    checkBound(true);
    guard.enter();
    try {
      return PkeyNative.sign(signer(), message.bytes(), 0, message.size());
    } finally {
      guard.exit();
      message.reset();
      Reference.reachabilityFence(this);
    }
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    checkBound(false);
    guard.enter();
    try {
      return PkeyNative.verify(
              signer(), message.bytes(), 0, message.size(), signature, 0, signature.length)
          == 1;
    } finally {
      guard.exit();
      message.reset();
      Reference.reachabilityFence(this);
    }
  }

  private void checkBound(boolean sign) throws SignatureException {
    if (key == null || signing != sign) {
      throw new SignatureException(
          "object not initialized for " + (sign ? "signing" : "verification"));
    }
  }

  /** Null restores the defaults; a spec stays across later {@code init} calls. */
  @Override
  protected void engineSetParameter(AlgorithmParameterSpec params)
      throws InvalidAlgorithmParameterException {
    if (params != null && !(params instanceof PqcSignatureParameterSpec)) {
      throw new InvalidAlgorithmParameterException(
          "Only PqcSignatureParameterSpec supported, not " + params);
    }
    PqcSignatureParameterSpec chosen = (PqcSignatureParameterSpec) params;
    if (message.size() > 0) {
      throw new ProviderException("Cannot change signature parameters during operation");
    }
    if (key != null) {
      guard.enter();
      try {
        adoptSigner(newSigner(key.handle(), signing, chosen));
      } catch (InvalidKeyException e) {
        throw new InvalidAlgorithmParameterException(e.getMessage(), e);
      } finally {
        guard.exit();
        Reference.reachabilityFence(this);
      }
    }
    spec = chosen;
  }
}
