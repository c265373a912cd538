package dev.carbide.dsa;

import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;

/**
 * {@code NONEwithDSA} and {@code NONEwithDSAinP1363Format}: DSA over a digest the caller computed,
 * with SUN's RawDSA contract. The data must be exactly 20 bytes (a SHA-1 digest), whatever the key
 * size; like any digest, it is cut to q's length in bytes if longer, so a 2048/224 or 2048/256 key
 * signs the 160-bit value as it is, and no digest-strength check applies. Other lengths throw
 * SignatureException at {@code sign} or {@code verify} with SUN's message, and, as in SUN, such a
 * failure (or a signature refused before the data is read) keeps the data: only a completed
 * operation or a new {@code init} starts a new message.
 *
 * <p>One deliberate difference: once more than 20 bytes have come, SUN's {@code update(byte)}
 * throws ArrayIndexOutOfBoundsException; Carbide keeps the overflow until {@code sign} or {@code
 * verify} reports it, as for any other update.
 *
 * <p>Nonces come from OpenSSL's DRBG: a SecureRandom passed to {@code initSign} is not used. FIPS
 * mode refuses {@code initSign}, as for the other DSA signatures.
 */
final class RawDsaSignature extends NativeSignatureSpi {
  private static final int DATA_BYTES = 20;
  private static final int OVERFLOW = Integer.MAX_VALUE;

  private final boolean p1363;
  private final byte[] data = new byte[DATA_BYTES];
  private int length;
  private BigInteger q;

  RawDsaSignature(boolean p1363) {
    this.p1363 = p1363;
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
    DsaSignature.refuseSigningInFips();
    DsaPrivateKeyImpl dsa = DsaKeys.toPrivate(privateKey);
    bind(dsa, dsa.getParams().getQ());
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey, SecureRandom random)
      throws InvalidKeyException {
    engineInitSign(privateKey);
  }

  @Override
  protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
    DsaPublicKeyImpl dsa = DsaKeys.toPublic(publicKey);
    bind(dsa, dsa.getParams().getQ());
  }

  private void bind(NativeKey nativeKey, BigInteger order) throws InvalidKeyException {
    bindDigestKey(
        nativeKey.retain(),
        () -> {
          q = order;
          length = 0;
        });
  }

  @Override
  protected void engineUpdate(byte b) {
    engineUpdate(new byte[] {b}, 0, 1);
  }

  @Override
  protected void engineUpdate(byte[] in, int offset, int len) {
    // Read once: threads that share this engine (which the JCA forbids) get wrong answers, never
    // a copy out of bounds.
    int at = length;
    if (at == OVERFLOW || len > DATA_BYTES - at) {
      length = OVERFLOW; // remembered until a new init: SUN's failed operations keep it too
      return;
    }
    System.arraycopy(in, offset, data, at, len);
    length = at + len;
  }

  // Called once the data is needed; a wrong length leaves it for the next attempt, as in SUN.
  private void checkLength() throws SignatureException {
    if (length != DATA_BYTES) {
      throw new SignatureException("Data for RawDSA must be exactly 20 bytes long");
    }
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    checkLength();
    byte[] der = signDigest(data, DATA_BYTES);
    length = 0;
    return p1363 ? DsaFormat.toP1363(der, q) : der;
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    byte[] der = DsaFormat.canonical(signature, p1363, q);
    checkLength();
    int verdict = verifyDigest(data, DATA_BYTES, der);
    length = 0;
    return verdict == 1;
  }
}
