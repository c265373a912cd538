package dev.carbide.dsa;

import dev.carbide.internal.FipsMode;
import dev.carbide.keys.DerIntegers;
import dev.carbide.keys.NativeSignatureSpi;
import java.io.IOException;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.interfaces.DSAParams;
import java.util.Arrays;

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

  @Override
  protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
    if (FipsMode.enabled()) {
      throw new InvalidKeyException(
          "FIPS mode: DSA signatures may not be generated (FIPS 186-5); verification stays"
              + " allowed");
    }
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
    if (!p1363) {
      return der;
    }
    BigInteger[] rs;
    try {
      rs = DerIntegers.decode(der, 2, 2);
    } catch (IOException e) {
      throw new SignatureException("unexpected DSA signature from OpenSSL", e);
    }
    // SUN's width: q's bit length / 8 bytes per half.
    int size = q.bitLength() / 8;
    byte[] out = new byte[2 * size];
    place(rs[0], out, 0, size);
    place(rs[1], out, size, size);
    return out;
  }

  private static void place(BigInteger value, byte[] out, int at, int size) {
    byte[] bytes = DsaKeys.unsigned(value);
    int length = Math.min(bytes.length, size);
    System.arraycopy(bytes, bytes.length - length, out, at + size - length, length);
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    SignatureException refusal = null;
    byte[] der = NO_SIGNATURE;
    try {
      der = canonical(signature);
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

  // The DER signature to hand OpenSSL, read as SUN reads it.
  private byte[] canonical(byte[] signature) throws SignatureException {
    BigInteger r;
    BigInteger s;
    if (p1363) {
      if (signature == null || signature.length == 0 || (signature.length & 1) == 1) {
        throw new SignatureException("invalid signature format");
      }
      int mid = signature.length / 2;
      r = new BigInteger(Arrays.copyOfRange(signature, 0, mid));
      s = new BigInteger(Arrays.copyOfRange(signature, mid, signature.length));
    } else {
      try {
        BigInteger[] rs = DerIntegers.decode(signature, 2, 2);
        r = rs[0];
        s = rs[1];
      } catch (IOException e) {
        throw new SignatureException("Invalid encoding for signature", e);
      }
    }
    if (r.signum() < 0) {
      r = new BigInteger(1, r.toByteArray());
    }
    if (s.signum() < 0) {
      s = new BigInteger(1, s.toByteArray());
    }
    if (r.signum() <= 0 || s.signum() <= 0 || r.compareTo(q) >= 0 || s.compareTo(q) >= 0) {
      throw new SignatureException("invalid signature: out of range values");
    }
    return DerIntegers.encode(r, s);
  }
}
