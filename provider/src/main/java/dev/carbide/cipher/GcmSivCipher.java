package dev.carbide.cipher;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AES/GCM-SIV/NoPadding (RFC 8452) with 128- and 256-bit keys, as Bouncy Castle serves it: a
 * GCMParameterSpec with a 12-byte nonce, or none for an encryption (a random nonce). The tag is
 * always 128 bits, and Carbide refuses a spec asking for another length, where BC ignores it. The
 * mode resists nonce misuse, so, as in BC, encrypting twice under one key and nonce is allowed: it
 * reveals only whether the two messages were equal. {@code getParameters()} names the mode
 * truthfully, "GCM-SIV" (GcmParameters); any parameters that give a GCMParameterSpec, "GCM" ones
 * included, initialize it.
 */
final class GcmSivCipher extends OneShotAeadCipher {
  private static final int TAG_BYTES = 16;

  GcmSivCipher(AesKeys keys) {
    super("GCM-SIV", null, keys, "GCM-SIV");
  }

  @Override
  void setup(boolean encrypt, byte[] rawKey, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    byte[] nonce;
    if (params == null) {
      if (!encrypt) {
        throw new InvalidAlgorithmParameterException("no IV set when one expected");
      }
      nonce = randomNonce(random);
    } else if (params instanceof GCMParameterSpec spec) {
      if (spec.getTLen() != TAG_BYTES * 8) {
        throw new InvalidAlgorithmParameterException("GCM-SIV tags are 128 bits");
      }
      nonce = spec.getIV();
      if (nonce.length != DEFAULT_NONCE_BYTES) {
        throw new InvalidAlgorithmParameterException("Invalid nonce");
      }
    } else {
      throw new InvalidAlgorithmParameterException("Unsupported parameter: " + params);
    }
    if (rawKey.length != 16 && rawKey.length != 32) {
      throw new InvalidKeyException("Invalid key: GCM-SIV keys are 16 or 32 bytes");
    }
    accept(encrypt, rawKey, keys.cipherFor(rawKey.length), nonce, TAG_BYTES);
  }
}
