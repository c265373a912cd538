package dev.carbide.rsa;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.FipsMode;
import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
import dev.carbide.keys.PkeyNative;
import java.lang.ref.Reference;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.interfaces.RSAKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.PSSParameterSpec;

/**
 * RSA signatures with a digest: PKCS#1 v1.5 ({@code SHA256withRSA} and the rest) or, for {@code
 * RSASSA-PSS}, PSS with the parameters given to {@code setParameter}, checked against the key's own
 * as SunRsaSign does (which never takes them from the key alone). Updates are buffered here, so a
 * short message costs one JNI crossing at {@code sign} or {@code verify}. Every native crossing is
 * bracketed by an {@link EntryGuard}, so a Signature shared between threads fails cleanly.
 */
final class RsaSignature extends NativeSignatureSpi {
  private static final int BUFFER = 1024;
  private static final byte[] EMPTY = new byte[0];

  private final long md; // PKCS#1 v1.5 only; PSS takes its digest from the parameters
  private final int digestInfoLength;
  private final boolean pss;
  private final byte[] buffer = new byte[BUFFER];
  private int buffered;
  private boolean streamed;
  private NativeKey key;
  private RSAKey rsaKey;
  private boolean signing;
  private PSSParameterSpec params;
  private boolean bound;

  /** PKCS#1 v1.5 over digest {@code md}, whose DigestInfo is {@code digestInfoLength} bytes. */
  static RsaSignature pkcs1(long md, int digestInfoLength) {
    return new RsaSignature(md, digestInfoLength, false);
  }

  static RsaSignature pss() {
    return new RsaSignature(0, 0, true);
  }

  private RsaSignature(long md, int digestInfoLength, boolean pss) {
    this.md = md;
    this.digestInfoLength = digestInfoLength;
    this.pss = pss;
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
    RsaPrivateCrtKeyImpl rsa = RsaKeys.toPrivate(privateKey);
    init(rsa, rsa, true);
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey, SecureRandom random)
      throws InvalidKeyException {
    engineInitSign(privateKey);
  }

  @Override
  protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
    RsaPublicKeyImpl rsa = RsaKeys.toPublic(publicKey);
    init(rsa, rsa, false);
  }

  private void init(NativeKey nativeKey, RSAKey rsa, boolean sign) throws InvalidKeyException {
    if (pss) {
      if (!RsaPss.compatible(rsa.getParams(), params)) {
        throw new InvalidKeyException("Key contains incompatible PSS parameter values");
      }
      if (params != null && !RsaPss.fits(rsa, params)) {
        throw new InvalidKeyException(RsaPss.tooShort(rsa, params));
      }
    } else {
      if (RsaType.PSS.jcaName.equals(nativeKey.getAlgorithm())) {
        throw new InvalidKeyException("Invalid key for RSA signatures");
      }
      if (digestInfoLength > RsaKeys.modulusBytes(rsa) - 11) {
        throw new InvalidKeyException("Key is too short for this signature algorithm");
      }
    }
    if (sign) {
      FipsMode.checkRsaKey(rsa.getModulus().bitLength(), "RSA signing");
    }
    key = nativeKey;
    rsaKey = rsa;
    signing = sign;
    buffered = 0;
    streamed = false;
    if (!pss || params != null) {
      try {
        bind();
      } catch (InvalidAlgorithmParameterException e) {
        throw new InvalidKeyException(e.getMessage(), e);
      }
    } else {
      bound = false;
    }
  }

  // Binds a native signer for the current key and parameters, replacing the old one in the guard.
  private void bind() throws InvalidKeyException, InvalidAlgorithmParameterException {
    // The guard is entered first, so that a refused entry leaks no key reference.
    guard.enter();
    long ref = 0;
    try {
      ref = key.retain();
      long created =
          pss
              ? RsaNative.newSigner(
                  ref,
                  RsaPss.fetch(params.getDigestAlgorithm()),
                  signing,
                  true,
                  RsaPss.fetch(RsaPss.mgf1Digest(params)),
                  params.getSaltLength())
              : RsaNative.newSigner(ref, md, signing, false, 0, 0);
      adoptSigner(created, signing);
      bound = true;
    } finally {
      guard.exit();
      PkeyNative.free(ref);
      Reference.reachabilityFence(this);
    }
  }

  @Override
  protected void engineSetParameter(AlgorithmParameterSpec spec)
      throws InvalidAlgorithmParameterException {
    if (!pss) {
      super.engineSetParameter(spec);
      return;
    }
    PSSParameterSpec checked = RsaPss.validate(spec);
    if (checked == params) {
      return;
    }
    if (buffered > 0 || streamed) {
      throw new ProviderException("Cannot set parameters during operations");
    }
    if (rsaKey != null) {
      if (!RsaPss.compatible(rsaKey.getParams(), checked)) {
        throw new InvalidAlgorithmParameterException(
            "Signature parameters does not match key parameters");
      }
      if (!RsaPss.fits(rsaKey, checked)) {
        throw new InvalidAlgorithmParameterException(
            new InvalidKeyException(RsaPss.tooShort(rsaKey, checked)));
      }
    }
    PSSParameterSpec previous = params;
    params = checked;
    if (key != null) {
      try {
        bind();
      } catch (InvalidKeyException e) {
        params = previous;
        throw new InvalidAlgorithmParameterException(e.getMessage(), e);
      } catch (InvalidAlgorithmParameterException e) {
        params = previous;
        throw e;
      }
    }
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    if (!pss || params == null) {
      return null;
    }
    try {
      AlgorithmParameters result = AlgorithmParameters.getInstance("RSASSA-PSS");
      result.init(params);
      return result;
    } catch (GeneralSecurityException e) {
      throw new ProviderException(e.getMessage(), e);
    }
  }

  @Override
  protected void engineUpdate(byte b) throws SignatureException {
    if (buffered == BUFFER) {
      flush();
    }
    buffer[buffered++] = b;
  }

  @Override
  protected void engineUpdate(byte[] in, int offset, int length) throws SignatureException {
    if (length <= BUFFER - buffered) {
      System.arraycopy(in, offset, buffer, buffered, length);
      buffered += length;
      return;
    }
    flush();
    stream(in, offset, length);
  }

  private void flush() throws SignatureException {
    stream(buffer, 0, buffered);
    buffered = 0;
  }

  private void stream(byte[] in, int offset, int length) throws SignatureException {
    checkBound();
    updateSigner(in, offset, length);
    streamed = true;
  }

  private void checkBound() throws SignatureException {
    if (!bound) {
      buffered = 0;
      throw new SignatureException("Parameters required for RSASSA-PSS signatures");
    }
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    checkBound();
    try {
      return signMessage(buffer, 0, buffered);
    } catch (ProviderException e) {
      throw new SignatureException("RSA signing failed: " + e.getMessage(), e);
    } finally {
      buffered = 0;
      streamed = false;
    }
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    checkBound();
    int expected = RsaKeys.modulusBytes(rsaKey);
    int verdict;
    try {
      // A signature of the wrong length is refused, but the native message still restarts.
      verdict =
          verifyMessage(buffer, 0, buffered, signature.length == expected ? signature : EMPTY);
    } finally {
      buffered = 0;
      streamed = false;
    }
    if (signature.length != expected) {
      throw new SignatureException(
          (pss ? "Signature length not correct: got " : "Bad signature length: got ")
              + signature.length
              + " but was expecting "
              + expected);
    }
    return verdict == 1;
  }
}
