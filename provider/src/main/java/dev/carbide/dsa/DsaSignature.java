package dev.carbide.dsa;

import dev.carbide.internal.FipsMode;
import dev.carbide.keys.NativeSignatureSpi;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.interfaces.DSAParams;

/**
 * DSA with a digest ({@code SHA256withDSA} and the rest), in DER or P1363 form, with the SUN
 * provider's contract: signing refuses a key whose subgroup is wider than the digest; a received
 * signature that is malformed, or whose r or s lies outside (0, q), throws SignatureException
 * rather than returning false; a negative DER INTEGER is read as its unsigned bytes, as SUN reads
 * it. Received signatures are parsed here and handed to OpenSSL re-encoded, so OpenSSL's stricter
 * parser never decides. Updates are buffered, so a short message costs one JNI crossing.
 *
 * <p>Nonces come from OpenSSL's DRBG: a SecureRandom passed to {@code initSign} is not used. FIPS
 * 140-3 no longer approves DSA signing, so FIPS mode refuses {@code initSign} (verification stays).
 */
final class DsaSignature extends NativeSignatureSpi {
  private static final int BUFFER = 1024;
  private static final byte[] NO_SIGNATURE = new byte[0];

  private final long md;
  private final String digestName;
  private final int digestBits;
  private final boolean p1363;
  private final byte[] buffer = new byte[BUFFER];
  private int buffered;
  private BigInteger q;

  DsaSignature(long md, String digestName, int digestBits, boolean p1363) {
    this.md = md;
    this.digestName = digestName;
    this.digestBits = digestBits;
    this.p1363 = p1363;
  }

  /** FIPS mode refuses DSA signing, raw or not (FIPS 186-5); verification stays. */
  static void refuseSigningInFips() throws InvalidKeyException {
    if (FipsMode.enabled()) {
      throw new InvalidKeyException(
          "FIPS mode: DSA signatures may not be generated (FIPS 186-5); verification stays"
              + " allowed");
    }
  }

  @Override
  protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
    refuseSigningInFips();
    DsaPrivateKeyImpl dsa = DsaKeys.toPrivate(key);
    DSAParams params = dsa.getParams();
    if (params.getQ().bitLength() > digestBits) {
      throw new InvalidKeyException(
          "The security strength of "
              + digestName
              + " digest algorithm is not sufficient for this key size");
    }
    bind(dsa, params, true);
  }

  @Override
  protected void engineInitSign(PrivateKey key, SecureRandom random) throws InvalidKeyException {
    engineInitSign(key);
  }

  @Override
  protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
    DsaPublicKeyImpl dsa = DsaKeys.toPublic(key);
    bind(dsa, dsa.getParams(), false);
  }

  private void bind(dev.carbide.keys.NativeKey key, DSAParams params, boolean sign)
      throws InvalidKeyException {
    guard.enter();
    try {
      bindSigner(key, md, sign);
      q = params.getQ();
      buffered = 0;
    } finally {
      guard.exit();
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
    return p1363 ? DsaFormat.toP1363(der, q) : der;
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    SignatureException refusal = null;
    byte[] der = NO_SIGNATURE;
    try {
      der = DsaFormat.canonical(signature, p1363, q);
    } catch (SignatureException e) {
      refusal = e;
    }
    // The native call runs even for a refused signature, so the signer's message restarts.
    int verdict;
    try {
      verdict = verifyMessage(buffer, 0, buffered, der);
    } finally {
      buffered = 0;
    }
    if (refusal != null) {
      throw refusal;
    }
    return verdict == 1;
  }
}
