package dev.carbide.edec;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
import dev.carbide.keys.PkeyNative;
import java.io.ByteArrayOutputStream;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.EdDSAParameterSpec;

/**
 * EdDSA ("EdDSA", or "Ed25519"/"Ed448" for one curve), pure mode only: OpenSSL 3.0 offers no
 * context or prehash variants, so an EdDSAParameterSpec asking for either is refused. EdDSA hashes
 * the message twice, so it is kept whole here and signed in one native call.
 */
final class EdDsaSignature extends NativeSignatureSpi {
  /** A message buffer whose bytes are reachable without a copy. */
  private static final class Message extends ByteArrayOutputStream {
    byte[] bytes() {
      return buf;
    }
  }

  private final EdEcCurve fixed;
  private final Message message = new Message();

  /** {@code fixed} is null for "EdDSA". */
  EdDsaSignature(EdEcCurve fixed) {
    this.fixed = fixed;
  }

  @Override
  protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
    bind(EdEcKeys.toPrivate(key, true), true);
  }

  @Override
  protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
    bind(EdEcKeys.toPublic(key, true), false);
  }

  private void bind(NativeKey key, boolean sign) throws InvalidKeyException {
    if (fixed != null && ((EdEcKey) key).curve() != fixed) {
      throw new InvalidKeyException("Parameters must be " + fixed.jcaName());
    }
    bindSigner(key, 0, sign);
    message.reset();
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
    try {
      return PkeyNative.sign(signer(), message.bytes(), 0, message.size());
    } finally {
      message.reset();
      Reference.reachabilityFence(this);
    }
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    try {
      return PkeyNative.verify(
              signer(), message.bytes(), 0, message.size(), signature, 0, signature.length)
          == 1;
    } finally {
      message.reset();
      Reference.reachabilityFence(this);
    }
  }

  @Override
  protected void engineSetParameter(AlgorithmParameterSpec params)
      throws InvalidAlgorithmParameterException {
    if (params instanceof EdDSAParameterSpec eddsa
        && !eddsa.isPrehash()
        && eddsa.getContext().isEmpty()) {
      return;
    }
    if (params instanceof EdDSAParameterSpec) {
      throw new InvalidAlgorithmParameterException("only pure EdDSA without context: " + params);
    }
    super.engineSetParameter(params);
  }
}
