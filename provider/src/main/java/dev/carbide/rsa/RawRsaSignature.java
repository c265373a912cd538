package dev.carbide.rsa;

import dev.carbide.internal.FipsMode;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import dev.carbide.keys.NativeKey;
import dev.carbide.keys.NativeSignatureSpi;
import dev.carbide.keys.PkeyNative;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;

/**
 * {@code NONEwithRSA}: PKCS#1 v1.5 block type 1 over data the caller supplies (a DigestInfo, or the
 * MD5 and SHA-1 pair of old TLS), of at most the modulus length less 11 bytes, as SunJCE serves it.
 * A signature of the wrong length or padding verifies as false, as in SunJCE; verification recovers
 * the whole block and compares it with the one the data gives. Its native state is a raw RSA
 * context rather than a digest signer; the base class gives it the refusal of parameters.
 */
final class RawRsaSignature extends NativeSignatureSpi {
  private byte[] data = new byte[0];
  private int length;
  private int modulusBytes;
  private long context;
  private Cleaner.Cleanable cleanable;

  @Override
  protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
    RsaPrivateCrtKeyImpl rsa = RsaKeys.toPrivate(privateKey);
    FipsMode.checkRsaKey(rsa.getModulus().bitLength(), "RSA signing");
    bind(rsa, RsaKeys.modulusBytes(rsa), RsaNative.SIGN);
  }

  @Override
  protected void engineInitSign(PrivateKey privateKey, SecureRandom random)
      throws InvalidKeyException {
    engineInitSign(privateKey);
  }

  @Override
  protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
    RsaPublicKeyImpl rsa = RsaKeys.toPublic(publicKey);
    bind(rsa, RsaKeys.modulusBytes(rsa), RsaNative.VERIFY_RECOVER);
  }

  private void bind(NativeKey key, int bytes, int operation) throws InvalidKeyException {
    // The guard is entered first, so that a refused entry leaks no key reference.
    guard.enter();
    long ref = 0;
    try {
      ref = key.retain();
      long created =
          RsaNative.newCipher(
              ref,
              operation,
              operation == RsaNative.SIGN ? RsaNative.PKCS1_PADDING : RsaNative.NO_PADDING,
              0,
              0,
              null,
              false);
      if (cleanable != null) {
        cleanable.clean();
      }
      context = created;
      cleanable =
          NativeCleaner.register(this, created, RsaNative::freeCipher, NativeFootprint.SIGNER);
    } catch (InvalidAlgorithmParameterException e) {
      throw new InvalidKeyException(e.getMessage(), e);
    } finally {
      guard.exit();
      PkeyNative.free(ref);
      Reference.reachabilityFence(this);
    }
    modulusBytes = bytes;
    data = new byte[bytes - 11];
    length = 0;
  }

  @Override
  protected void engineUpdate(byte b) {
    engineUpdate(new byte[] {b}, 0, 1);
  }

  @Override
  protected void engineUpdate(byte[] in, int offset, int len) {
    if (length + len > data.length) {
      length = data.length + 1; // remembered as too long until sign or verify
      return;
    }
    System.arraycopy(in, offset, data, length, len);
    length += len;
  }

  private int takeLength() {
    int result = length;
    length = 0;
    return result;
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    int len = takeLength();
    if (len > data.length) {
      throw new SignatureException("Data must not be longer than " + data.length + " bytes");
    }
    guard.enter();
    try {
      return RsaNative.run(context, data, 0, len);
    } catch (BadPaddingException | IllegalBlockSizeException e) {
      throw new SignatureException("RSA signing failed", e);
    } finally {
      guard.exit();
      Arrays.fill(data, (byte) 0);
      Reference.reachabilityFence(this);
    }
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    int len = takeLength();
    if (len > data.length || signature.length != modulusBytes) {
      return false;
    }
    byte[] recovered;
    guard.enter();
    try {
      recovered = RsaNative.run(context, signature, 0, signature.length);
    } catch (BadPaddingException | IllegalBlockSizeException e) {
      return false; // not below the modulus
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
    // The whole block is compared with the one the data must give: 00 01 FF..FF 00 data. OpenSSL's
    // own check refuses empty data, which SunJCE signs and verifies.
    byte[] expected = new byte[modulusBytes];
    expected[1] = 1;
    Arrays.fill(expected, 2, modulusBytes - len - 1, (byte) 0xff);
    System.arraycopy(data, 0, expected, modulusBytes - len, len);
    return MessageDigest.isEqual(recovered, expected);
  }
}
