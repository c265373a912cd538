package dev.carbide.kdf;

import dev.carbide.KbkdfKeySpec;
import dev.carbide.internal.SpecArrays;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * SP 800-108 KBKDF in counter or feedback mode with an HMAC or AES-CMAC PRF, through OpenSSL's
 * "KBKDF" with a 32-bit counter before the fixed input; or KDF with KMAC (SP 800-108r1 section
 * 4.4), KMAC128 or KMAC256 over the Context with the Label as its customization string S, which has
 * no counter, mode or IV (OpenSSL 3.1 and later). Each from a {@link KbkdfKeySpec}.
 */
final class KbkdfDerivation implements KdfKeyFactory.Derivation {
  /** The PRF: what it takes as a key and which parts of the spec it uses. */
  private enum Prf {
    HMAC,
    AES_CMAC,
    KMAC
  }

  // OpenSSL's KMAC limits (providers/implementations/macs/kmac.c): key bytes, customization bytes,
  // and output bytes.
  private static final int KMAC_MIN_KEY = 4;
  private static final int KMAC_MAX_KEY = 512;
  private static final int KMAC_MAX_CUSTOM = 512;
  private static final int KMAC_MAX_OUTPUT = 0xFFFFFF / 8;

  private final String algorithm;
  private final boolean feedback;
  private final Prf prf;
  private final int prfLength;
  // For HMAC and KMAC, the one template under index 0; for AES-CMAC, those of AES-128, -192, -256.
  private final EvpKdf[] templates;

  private KbkdfDerivation(
      String algorithm, boolean feedback, Prf prf, int prfLength, EvpKdf[] templates) {
    this.algorithm = algorithm;
    this.feedback = feedback;
    this.prf = prf;
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
        : new KbkdfDerivation(algorithm, feedback, Prf.HMAC, prfLength, new EvpKdf[] {kdf});
  }

  /**
   * KDF with KMAC, {@code mac} "KMAC128" or "KMAC256", or null if the loaded OpenSSL cannot (3.0's
   * KBKDF takes only HMAC and CMAC, and refuses the template).
   */
  static KbkdfDerivation kmac(String algorithm, String mac) {
    EvpKdf kdf = EvpKdf.fetch("KBKDF", new EvpKdf.Params().text(EvpKdf.MAC, mac));
    return kdf == null
        ? null
        : new KbkdfDerivation(algorithm, false, Prf.KMAC, 0, new EvpKdf[] {kdf});
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
    return new KbkdfDerivation(algorithm, feedback, Prf.AES_CMAC, 16, templates);
  }

  @Override
  public byte[] derive(KeySpec keySpec)
      throws InvalidKeySpecException, InvalidAlgorithmParameterException {
    if (!(keySpec instanceof KbkdfKeySpec spec)) {
      throw new InvalidKeySpecException(algorithm + " needs a dev.carbide.KbkdfKeySpec");
    }
    int length = KdfKeyFactory.keyBytes(algorithm, spec.getKeyLength(), 8);
    if (prf == Prf.KMAC) {
      return deriveKmac(spec, length);
    }
    // The spec's own arrays, not the getters' copies: packed() copies them once, and zeroes that.
    byte[] iv = SpecArrays.of(spec, SpecArrays.IV);
    if (!feedback && iv.length != 0) {
      throw new InvalidKeySpecException(algorithm + " takes no IV (only feedback mode does)");
    }
    if (iv.length != 0 && iv.length != prfLength) {
      throw new InvalidKeySpecException(
          algorithm + " IV must be empty or " + prfLength + " bytes (the PRF's output)");
    }
    byte[] key = SpecArrays.of(spec, SpecArrays.KEY);
    EvpKdf kdf = templates[0];
    if (prf == Prf.AES_CMAC) {
      if (key.length != 16 && key.length != 24 && key.length != 32) {
        throw new InvalidKeySpecException(algorithm + " key must be 16, 24 or 32 bytes");
      }
      kdf = templates[(key.length - 16) / 8];
    } else if (key.length == 0) {
      throw new InvalidKeySpecException(algorithm + " key must not be empty");
    }
    int withExtras = spec.hasSeparatorAndLength() ? 1 : 0;
    EvpKdf.Params params =
        new EvpKdf.Params(iv.length != 0 ? 6 : 5)
            .bytes(EvpKdf.KEY, key)
            .bytes(EvpKdf.SALT, SpecArrays.of(spec, SpecArrays.LABEL))
            .bytes(EvpKdf.INFO, SpecArrays.of(spec, SpecArrays.CONTEXT))
            .number(EvpKdf.USE_SEPARATOR, withExtras)
            .number(EvpKdf.USE_LENGTH, withExtras);
    if (iv.length != 0) {
      params.bytes(EvpKdf.SEED, iv);
    }
    return kdf.derive(params, length);
  }

  // KMAC#(KI, Context, L, Label): OpenSSL sends the Label as S and the Context as the data.
  private byte[] deriveKmac(KbkdfKeySpec spec, int length)
      throws InvalidKeySpecException, InvalidAlgorithmParameterException {
    if (!spec.hasSeparatorAndLength()) {
      throw new InvalidKeySpecException(
          algorithm + " takes a Label and a Context, not a fixed input (KMAC has no counter)");
    }
    if (spec.getIv().length != 0) {
      throw new InvalidKeySpecException(algorithm + " takes no IV (KMAC has no feedback mode)");
    }
    if (length > KMAC_MAX_OUTPUT) {
      throw new InvalidKeySpecException(
          algorithm + " key length must be at most " + KMAC_MAX_OUTPUT * 8 + " bits");
    }
    byte[] label = spec.getLabel();
    if (label.length > KMAC_MAX_CUSTOM) {
      throw new InvalidKeySpecException(
          algorithm + " label (KMAC's customization string) must be at most 512 bytes");
    }
    byte[] key = spec.getKey();
    try {
      if (key.length < KMAC_MIN_KEY || key.length > KMAC_MAX_KEY) {
        throw new InvalidKeySpecException(algorithm + " key must be 4 to 512 bytes");
      }
      EvpKdf.Params params =
          new EvpKdf.Params()
              .bytes(EvpKdf.KEY, key)
              .bytes(EvpKdf.SALT, label)
              .bytes(EvpKdf.INFO, spec.getContext());
      return templates[0].derive(params, length);
    } finally {
      Arrays.fill(key, (byte) 0);
    }
  }
}
