package dev.carbide.cipher;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.AEADBadTagException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES/CCM/NoPadding (NIST SP 800-38C), with Bouncy Castle's parameter rules and messages: a
 * GCMParameterSpec with a nonce of 7 to 13 bytes and a tag of 4 to 16 even bytes; an
 * IvParameterSpec, or no parameters for an encryption (a random 12-byte nonce), give BC's 8-byte
 * tag. Like AES/GCM it refuses to encrypt twice under one key and nonce.
 */
final class CcmCipher extends OneShotAeadCipher {
  private static final int DEFAULT_TAG_BYTES = 8;

  /** The nonce and tag lengths of the last init, which the native key schedule may be set for. */
  private int lastLengths;

  CcmCipher(AesKeys keys) {
    super("CCM", "Must use either different key or nonce for CCM encryption", keys, "CCM");
  }

  @Override
  void setup(boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    byte[] nonce;
    int tagBytes = DEFAULT_TAG_BYTES;
    if (params == null) {
      if (!encrypt) {
        throw new InvalidAlgorithmParameterException("no IV set when one expected");
      }
      nonce = randomNonce(random);
    } else if (params instanceof GCMParameterSpec spec) {
      int bits = spec.getTLen();
      if (bits < 32 || bits > 128 || bits % 16 != 0) {
        throw new InvalidAlgorithmParameterException(
            "tag length in octets must be one of {4,6,8,10,12,14,16}");
      }
      tagBytes = bits / 8;
      nonce = spec.getIV();
    } else if (params instanceof IvParameterSpec spec) {
      nonce = spec.getIV();
    } else {
      throw new InvalidAlgorithmParameterException("Unsupported parameter: " + params);
    }
    if (nonce.length < 7 || nonce.length > 13) {
      throw new InvalidAlgorithmParameterException("nonce must have length from 7 to 13 octets");
    }
    long cipher = keys.cipherFor(rawKey.length);
    int lengths = nonce.length << 8 | tagBytes;
    if (!acceptUnlessRepeated(encrypt, rawKey, cipher, nonce, tagBytes)) {
      throw new InvalidAlgorithmParameterException("cannot reuse nonce for CCM encryption");
    }
    if (lengths != lastLengths) {
      rekeyAtNextStep(); // OpenSSL sets CCM's key up for one nonce and tag length
      lastLengths = lengths;
    }
  }

  /**
   * Also refuses a message longer than the nonce leaves room to count: the length field has 15
   * minus the nonce's length bytes (a 13-byte nonce allows 65,535 bytes).
   */
  @Override
  void checkFinalLength(int total) throws AEADBadTagException, IllegalBlockSizeException {
    super.checkFinalLength(total);
    int lengthBytes = 15 - iv.length;
    long data = encrypting ? total : total - tagLen;
    if (lengthBytes < 4 && data >= 1L << (8 * lengthBytes)) {
      throw new IllegalBlockSizeException(
          "CCM message too long for a " + iv.length + "-byte nonce: " + data + " bytes");
    }
  }
}
