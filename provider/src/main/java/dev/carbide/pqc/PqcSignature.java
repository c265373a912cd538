package dev.carbide.pqc;

import dev.carbide.PqcSignatureParameterSpec;
import dev.carbide.keys.KeyRef;
import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
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
      adoptSigner(newSigner(ref.handle(), sign, spec), sign);
      if (key != null) {
        key.release();
      }
      key = ref;
      signing = sign;
    } catch (InvalidAlgorithmParameterException e) {
      ref.release();
      throw new InvalidKeyException("the key cannot be used with " + spec, e);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
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
    try {
      return signMessage(message.bytes(), 0, message.size());
    } finally {
      message.reset();
    }
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    checkBound(false);
    try {
      return verifyMessage(message.bytes(), 0, message.size(), signature) == 1;
    } finally {
      message.reset();
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
        adoptSigner(newSigner(key.handle(), signing, chosen), signing);
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
