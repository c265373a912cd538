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
  private final boolean feedback;
  private final boolean cmac;
  private final int prfLength;
  // For HMAC, the one template under index 0; for AES-CMAC, those of AES-128, -192 and -256.
  private final EvpKdf[] templates;

  private KbkdfDerivation(
      String algorithm, boolean feedback, boolean cmac, int prfLength, EvpKdf[] templates) {
    this.algorithm = algorithm;
    this.feedback = feedback;
    this.cmac = cmac;
    this.prfLength = prfLength;
    this.templates = templates;
  }

  private static EvpKdf.Params fixed(boolean feedback, String mac) {
    return new EvpKdf.Params()
        .text(EvpKdf.MODE, feedback ? "feedback" : "counter")
        .text(EvpKdf.MAC, mac);
  }

  /**
   * KBKDF with HMAC over {@code digest} (an OpenSSL name) and its output length, or null if the
   * loaded OpenSSL cannot.
   */
  static KbkdfDerivation hmac(String algorithm, boolean feedback, String digest, int prfLength) {
    EvpKdf kdf = EvpKdf.fetch("KBKDF", fixed(feedback, "HMAC").text(EvpKdf.DIGEST, digest));
    return kdf == null
        ? null
        : new KbkdfDerivation(algorithm, feedback, false, prfLength, new EvpKdf[] {kdf});
  }

  /** KBKDF with AES-CMAC, or null if the loaded OpenSSL cannot. */
  static KbkdfDerivation aesCmac(String algorithm, boolean feedback) {
    EvpKdf[] templates = new EvpKdf[3];
    for (int i = 0; i < 3; i++) {
      String cipher = "AES-" + (128 + 64 * i) + "-CBC";
      templates[i] = EvpKdf.fetch("KBKDF", fixed(feedback, "CMAC").text(EvpKdf.CIPHER, cipher));
      if (templates[i] == null) {
        return null;
      }
    }
    return new KbkdfDerivation(algorithm, feedback, true, 16, templates);
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
      EvpKdf kdf = templates[0];
      if (cmac) {
        if (key.length != 16 && key.length != 24 && key.length != 32) {
          throw new InvalidKeySpecException(algorithm + " key must be 16, 24 or 32 bytes");
        }
        kdf = templates[(key.length - 16) / 8];
      } else if (key.length == 0) {
        throw new InvalidKeySpecException(algorithm + " key must not be empty");
      }
      int withExtras = spec.hasSeparatorAndLength() ? 1 : 0;
      EvpKdf.Params params =
          new EvpKdf.Params()
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
