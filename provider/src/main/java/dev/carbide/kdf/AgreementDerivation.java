package dev.carbide.kdf;

import dev.carbide.KeyAgreementKdfSpec;
import dev.carbide.internal.SpecArrays;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;

/**
 * The KDFs after a key agreement, from a {@link KeyAgreementKdfSpec}: SP 800-56C's one-step KDF
 * over a hash or HMAC (OpenSSL's "SSKDF") and ANSI X9.63's (OpenSSL's "X963KDF").
 */
final class AgreementDerivation implements KdfKeyFactory.Derivation {
  private final String algorithm;
  private final EvpKdf kdf;
  private final boolean hmac;

  private AgreementDerivation(String algorithm, EvpKdf kdf, boolean hmac) {
    this.algorithm = algorithm;
    this.kdf = kdf;
    this.hmac = hmac;
  }

  /**
   * OpenSSL's {@code opensslName} ("SSKDF" or "X963KDF") over {@code digest} (an OpenSSL name),
   * with HMAC if {@code hmac} (the one-step KDF over HMAC, which alone takes a salt), or null if
   * the loaded OpenSSL cannot.
   */
  static AgreementDerivation create(
      String algorithm, String opensslName, String digest, boolean hmac) {
    EvpKdf.Params fixed = new EvpKdf.Params().text(EvpKdf.DIGEST, digest);
    if (hmac) {
      fixed.text(EvpKdf.MAC, "HMAC");
    }
    EvpKdf kdf = EvpKdf.fetch(opensslName, fixed);
    return kdf == null ? null : new AgreementDerivation(algorithm, kdf, hmac);
  }

  @Override
  public byte[] derive(KeySpec keySpec)
      throws InvalidKeySpecException, InvalidAlgorithmParameterException {
    if (!(keySpec instanceof KeyAgreementKdfSpec spec)) {
      throw new InvalidKeySpecException(algorithm + " needs a dev.carbide.KeyAgreementKdfSpec");
    }
    int length = KdfKeyFactory.keyBytes(algorithm, spec.getKeyLength(), 8);
    // The spec's own arrays, not the getters' copies: packed() copies them once, and zeroes that.
    byte[] salt = SpecArrays.of(spec, SpecArrays.SALT);
    if (!hmac && salt.length != 0) {
      throw new InvalidKeySpecException(algorithm + " takes no salt");
    }
    byte[] secret = SpecArrays.of(spec, SpecArrays.SHARED_SECRET);
    if (secret.length == 0) {
      throw new InvalidKeySpecException(algorithm + " shared secret must not be empty");
    }
    EvpKdf.Params params =
        new EvpKdf.Params(salt.length != 0 ? 3 : 2)
            .bytes(EvpKdf.KEY, secret)
            .bytes(EvpKdf.INFO, SpecArrays.of(spec, SpecArrays.FIXED_INFO));
    if (salt.length != 0) {
      params.bytes(EvpKdf.SALT, salt);
    }
    return kdf.derive(params, length);
  }
}
