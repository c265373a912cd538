package dev.carbide.kdf;

import dev.carbide.KbkdfKeySpec;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * SP 800-108 KBKDF in counter or feedback mode with an HMAC or AES-CMAC PRF, from a {@link
 * KbkdfKeySpec}, through OpenSSL's "KBKDF" with a 32-bit counter before the fixed input.
 */
final class KbkdfDerivation implements KdfKeyFactory.Derivation {
  private final String algorithm;
  private final EvpKdf kdf;
  private final boolean feedback;
  private final String digest; // the HMAC's OpenSSL digest name, or null for AES-CMAC
  private final int prfLength;

  /**
   * @param digest the OpenSSL name of the HMAC's digest, or null for AES-CMAC
   * @param prfLength the PRF's output length h in bytes
   */
  KbkdfDerivation(String algorithm, EvpKdf kdf, boolean feedback, String digest, int prfLength) {
    this.algorithm = algorithm;
    this.kdf = kdf;
    this.feedback = feedback;
    this.digest = digest;
    this.prfLength = prfLength;
  }

  @Override
  public byte[] derive(KeySpec keySpec)
      throws InvalidKeySpecException, InvalidAlgorithmParameterException {
    if (!(keySpec instanceof KbkdfKeySpec spec)) {
      throw new InvalidKeySpecException(algorithm + " needs a dev.carbide.KbkdfKeySpec");
    }
    int length = KdfKeyFactory.keyBytes(algorithm, spec.getKeyLength(), 8);
    byte[] iv = spec.getIv();
    if (!feedback && iv.length != 0) {
      throw new InvalidKeySpecException(algorithm + " takes no IV (only feedback mode does)");
    }
    if (iv.length != 0 && iv.length != prfLength) {
      throw new InvalidKeySpecException(
          algorithm + " IV must be empty or " + prfLength + " bytes (the PRF's output)");
    }
    byte[] key = spec.getKey();
    try {
      EvpKdf.Params params =
          new EvpKdf.Params()
              .text(EvpKdf.MODE, feedback ? "feedback" : "counter")
              .text(EvpKdf.MAC, digest != null ? "HMAC" : "CMAC");
      if (digest != null) {
        if (key.length == 0) {
          throw new InvalidKeySpecException(algorithm + " key must not be empty");
        }
        params.text(EvpKdf.DIGEST, digest);
      } else {
        if (key.length != 16 && key.length != 24 && key.length != 32) {
          throw new InvalidKeySpecException(algorithm + " key must be 16, 24 or 32 bytes");
        }
        params.text(EvpKdf.CIPHER, "AES-" + key.length * 8 + "-CBC");
      }
      int withExtras = spec.hasSeparatorAndLength() ? 1 : 0;
      params
          .bytes(EvpKdf.KEY, key)
          .bytes(EvpKdf.SALT, spec.getLabel())
          .bytes(EvpKdf.INFO, spec.getContext())
          .number(EvpKdf.USE_SEPARATOR, withExtras)
          .number(EvpKdf.USE_LENGTH, withExtras);
      if (iv.length != 0) {
        params.bytes(EvpKdf.SEED, iv);
      }
      return kdf.derive(params, length);
    } finally {
      Arrays.fill(key, (byte) 0);
    }
  }
}
