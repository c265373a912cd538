package dev.carbide.ec;

import dev.carbide.keys.NativeSignatureSpi;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;

/**
 * {@code NONEwithECDSA}: signs a digest the caller computed, of at most 64 bytes as SunEC allows.
 * Nonces come from OpenSSL's DRBG: a SecureRandom passed to {@code initSign} is not used.
 */
final class RawEcdsaSignature extends NativeSignatureSpi {
  private static final int MAX_DIGEST = 64;

  private final boolean p1363;
  private final byte[] digest = new byte[MAX_DIGEST];
  private int length;
  private EcCurve curve;

  RawEcdsaSignature(boolean p1363) {
    this.p1363 = p1363;
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
    EcPrivateKeyImpl ec = EcKeys.toPrivate(privateKey);
    bind(ec.retain(), ec.curve());
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey, SecureRandom random)
      throws InvalidKeyException {
    engineInitSign(privateKey);
  }

  @Override
  protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
    EcPublicKeyImpl ec = EcKeys.toPublic(publicKey);
    bind(ec.retain(), ec.curve());
  }

  private void bind(long handle, EcCurve keyCurve) {
    bindDigestKey(
        handle,
        () -> {
          curve = keyCurve;
          length = 0;
        });
  }

  @Override
  protected void engineUpdate(byte b) {
    engineUpdate(new byte[] {b}, 0, 1);
  }

  @Override
  protected void engineUpdate(byte[] in, int offset, int len) {
    if (length + len > MAX_DIGEST) {
      length = MAX_DIGEST + 1; // remembered as too long until sign or verify
      return;
    }
    System.arraycopy(in, offset, digest, length, len);
    length += len;
  }

  private int takeLength() throws SignatureException {
    int result = length;
    length = 0;
    if (result > MAX_DIGEST) {
      throw new SignatureException("Message digest is too long");
    }
    return result;
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    int len = takeLength();
    byte[] der = signDigest(digest, len);
    return p1363 ? EcdsaFormat.toP1363(der, curve.size) : der;
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    int len = takeLength();
    byte[] der = p1363 ? EcdsaFormat.toDer(signature, curve.size) : EcdsaFormat.received(signature);
    int verdict = verifyDigest(digest, len, der);
    if (!p1363 && (verdict < 0 || EcdsaFormat.missing(signature))) {
      throw new SignatureException("Invalid encoding for signature");
    }
    return verdict == 1;
  }
}
