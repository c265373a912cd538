package dev.carbide.edec;

import dev.carbide.keys.KeyRef;
import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
import dev.carbide.keys.PkeyNative;
import java.io.ByteArrayOutputStream;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.EdDSAParameterSpec;
import java.util.Arrays;

/**
 * EdDSA ("EdDSA", or "Ed25519"/"Ed448" for one curve), with SunEC's EdDSAParameterSpec: a context
 * selects Ed25519ctx (or Ed448 with that context) and prehash selects Ed25519ph or Ed448ph, the
 * message being hashed here as RFC 8032 specifies. Those variants need OpenSSL 3.2; with an older
 * libcrypto only pure EdDSA is served and a spec asking for more is refused. EdDSA hashes the
 * message twice, so it is kept whole here and signed in one native call.
 */
final class EdDsaSignature extends NativeSignatureSpi {
  private static final int MAX_CONTEXT = 255;
  private static final boolean VARIANTS = PkeyNative.signatureAccepts("ED25519", "instance");

  /** A message buffer whose bytes are reachable without a copy. */
  private static final class Message extends ByteArrayOutputStream {
    byte[] bytes() {
      return buf;
    }
  }

  private final EdEcCurve fixed;
  private final Message message = new Message();
  private EdDSAParameterSpec spec;
  private KeyRef key;
  private EdEcCurve curve;
  private boolean signing;

  /** {@code fixed} is null for "EdDSA". */
  EdDsaSignature(EdEcCurve fixed) {
    this.fixed = fixed;
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
    bind(EdEcKeys.toPrivate(privateKey, true), true);
  }

  @Override
  protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
    bind(EdEcKeys.toPublic(publicKey, true), false);
  }

  private void bind(NativeKey nativeKey, boolean sign) throws InvalidKeyException {
    EdEcCurve keyCurve = ((EdEcKey) nativeKey).curve();
    if (fixed != null && keyCurve != fixed) {
      throw new InvalidKeyException("Parameters must be " + fixed.jcaName());
    }
    KeyRef ref = new KeyRef(nativeKey.retain());
    guard.enter();
    try {
      bindSigner(ref.handle(), 0, sign, false, instance(keyCurve, spec), context(spec));
      if (key != null) {
        key.release(); // under the guard: engineSetParameter may be binding with it
      }
      key = ref;
      curve = keyCurve;
      signing = sign;
      message.reset();
    } catch (InvalidAlgorithmParameterException e) {
      ref.release();
      throw new InvalidKeyException("the key cannot be used with " + spec, e);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  /**
   * OpenSSL's name for the EdDSA instance {@code spec} asks for; null for plain EdDSA. OpenSSL
   * refuses Ed25519ctx with an empty context, which RFC 8032 (section 8.3) advises against.
   */
  private static String instance(EdEcCurve curve, EdDSAParameterSpec spec)
      throws InvalidAlgorithmParameterException {
    if (spec == null || (!spec.isPrehash() && spec.getContext().isEmpty())) {
      return null;
    }
    if (curve == EdEcCurve.ED25519) {
      if (!spec.isPrehash() && spec.getContext().get().length == 0) {
        throw new InvalidAlgorithmParameterException("Ed25519ctx needs a non-empty context");
      }
      return spec.isPrehash() ? "Ed25519ph" : "Ed25519ctx";
    }
    return spec.isPrehash() ? "Ed448ph" : "Ed448";
  }

  private static byte[] context(EdDSAParameterSpec spec) {
    return spec == null ? null : spec.getContext().orElse(null);
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
      return signMessage(message.bytes(), 0, message.size());
    } finally {
      message.reset();
    }
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    try {
      checkForm(signature);
      return verifyMessage(message.bytes(), 0, message.size(), signature) == 1;
    } finally {
      message.reset();
    }
  }

  /**
   * Refuses what SunEC calls malformed rather than invalid, with its exception: a missing
   * signature, one of the wrong length, or one whose S is not below the group order (RFC 8032
   * section 5.1.7). OpenSSL answers each of these "invalid".
   */
  private void checkForm(byte[] signature) throws SignatureException {
    if (signature == null) {
      throw new SignatureException("signature was null");
    }
    if (signature.length != 2 * curve.size) {
      throw new SignatureException("signature length invalid");
    }
    byte[] s = Arrays.copyOfRange(signature, curve.size, signature.length);
    if (LittleEndian.decode(s, 8 * s.length).compareTo(curve.order()) >= 0) {
      throw new SignatureException("s is too large");
    }
  }

  /** As SunEC: null changes nothing, and the spec stays across later {@code init} calls. */
  @Override
  protected void engineSetParameter(AlgorithmParameterSpec params)
      throws InvalidAlgorithmParameterException {
    if (params == null) {
      return;
    }
    if (!(params instanceof EdDSAParameterSpec eddsa)) {
      throw new InvalidAlgorithmParameterException("Only EdDSAParameterSpec supported");
    }
    if (eddsa.getContext().map(context -> context.length > MAX_CONTEXT).orElse(false)) {
      throw new InvalidParameterException("context length cannot be greater than 255");
    }
    if (message.size() > 0) {
      throw new InvalidParameterException("Cannot change signature parameters during operation");
    }
    boolean plain = !eddsa.isPrehash() && eddsa.getContext().isEmpty();
    if (!plain && !VARIANTS) {
      throw new InvalidAlgorithmParameterException(
          "EdDSA context and prehash variants need OpenSSL 3.2 or later: " + params);
    }
    if (key == null && fixed != null) {
      instance(fixed, eddsa); // refuses what the curve cannot do before any key comes
    }
    guard.enter();
    try {
      if (key != null) {
        bindSigner(key.handle(), 0, signing, false, instance(curve, eddsa), context(eddsa));
      }
      spec = eddsa;
    } catch (InvalidKeyException e) {
      throw new InvalidAlgorithmParameterException(e.getMessage(), e);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }
}
