package dev.carbide.ec;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
import dev.carbide.keys.PkeyNative;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;

/**
 * ECDSA with a digest ({@code SHA256withECDSA} and the rest), in DER or P1363 form. The native
 * signer holds its own reference to the key and is bound to it once per {@code init}; updates are
 * buffered here, so a short message costs one JNI crossing at {@code sign} or {@code verify}.
 *
 * <p>Nonces come from OpenSSL's DRBG: a SecureRandom passed to {@code initSign} is not used. The
 * deterministic variants ({@code SHA256withDetECDSA} and the rest) derive the nonce from the key
 * and the message digest as RFC 6979 specifies, so equal messages get equal signatures.
 */
final class EcdsaSignature extends NativeSignatureSpi {
  private static final int BUFFER = 1024;

  private final long md;
  private final boolean p1363;
  private final boolean deterministic;
  private final byte[] buffer = new byte[BUFFER];
  private int buffered;
  private EcCurve curve;

  EcdsaSignature(long md, boolean p1363, boolean deterministic) {
    this.md = md;
    this.p1363 = p1363;
    this.deterministic = deterministic;
  }

  @Override
  protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
    EcPrivateKeyImpl ec = EcKeys.toPrivate(key);
    bind(ec, ec.curve(), true);
  }

  @Override
  protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
    engineInitSign(key);
  }

  @Override
  protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
    EcPublicKeyImpl ec = EcKeys.toPublic(key);
    bind(ec, ec.curve(), false);
  }

  private void bind(NativeKey key, EcCurve keyCurve, boolean sign) throws InvalidKeyException {
    guard.enter();
    try {
      if (deterministic && sign) {
        bindDeterministic(key);
      } else {
        bindSigner(key, md, sign);
      }
      curve = keyCurve;
      buffered = 0;
    } finally {
      guard.exit();
    }
  }

  private void bindDeterministic(NativeKey key) throws InvalidKeyException {
    long ref = key.retain();
    try {
      bindSigner(ref, md, true, true, null, null);
    } catch (InvalidAlgorithmParameterException e) {
      // Registered only where OpenSSL takes the parameter, so this is a broken installation.
      throw new ProviderException("RFC 6979 nonces refused by OpenSSL", e);
    } finally {
      PkeyNative.free(ref);
    }
  }

  @Override
  protected void engineUpdate(byte b) {
    if (buffered == BUFFER) {
      flush();
    }
    buffer[buffered++] = b;
  }

  @Override
  protected void engineUpdate(byte[] in, int offset, int length) {
    if (length <= BUFFER - buffered) {
      System.arraycopy(in, offset, buffer, buffered, length);
      buffered += length;
      return;
    }
    flush();
    updateSigner(in, offset, length);
  }

  private void flush() {
    updateSigner(buffer, 0, buffered);
    buffered = 0;
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    byte[] der;
    try {
      der = signMessage(buffer, 0, buffered);
    } finally {
      buffered = 0;
    }
    return p1363 ? EcdsaFormat.toP1363(der, curve.size) : der;
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    // A P1363 signature of the wrong length becomes an empty DER one, which fails like any other
    // bad signature and still restarts the native message.
    byte[] der = p1363 ? EcdsaFormat.toDer(signature, curve.size) : EcdsaFormat.received(signature);
    int verdict;
    try {
      verdict = verifyMessage(buffer, 0, buffered, der);
    } finally {
      buffered = 0;
    }
    if (!p1363 && (verdict < 0 || EcdsaFormat.missing(signature))) {
      throw new SignatureException("Invalid encoding for signature");
    }
    return verdict == 1;
  }
}
