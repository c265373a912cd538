package dev.carbide.kdf;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.SecretKeySpec;

/**
 * The SecretKeyFactory of every KDF served through OpenSSL's EVP_KDF: a {@link Derivation} checks
 * the service's KeySpec and derives, and this class makes the result a {@link DerivedKey} under the
 * service's name. A derived key cannot be turned back into its spec, so {@code getKeySpec} gives
 * only a {@code SecretKeySpec} and {@code translateKey} only accepts keys this factory made.
 */
final class KdfKeyFactory extends SecretKeyFactorySpi {
  /** How one service turns its KeySpec into key bytes. Implementations are stateless. */
  interface Derivation {
    /**
     * The derived key bytes for {@code spec}, after checking it.
     *
     * @throws InvalidKeySpecException if {@code spec} is of the wrong class or a value is out of
     *     range, with a message that says which
     * @throws InvalidAlgorithmParameterException if OpenSSL refuses the parameters
     */
    byte[] derive(KeySpec spec) throws InvalidKeySpecException, InvalidAlgorithmParameterException;
  }

  private final String algorithm;
  private final Derivation derivation;

  KdfKeyFactory(String algorithm, Derivation derivation) {
    this.algorithm = algorithm;
    this.derivation = derivation;
  }

  /**
   * The length in bytes of a key of {@code bits} bits, which must be a positive multiple of 8 and
   * at least {@code minBits}.
   */
  static int keyBytes(String algorithm, int bits, int minBits) throws InvalidKeySpecException {
    if (bits < minBits || bits % 8 != 0) {
      throw new InvalidKeySpecException(
          algorithm + " key length must be a multiple of 8 of at least " + minBits + " bits");
    }
    return bits / 8;
  }

  @Override
  protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
    if (keySpec == null) {
      throw new InvalidKeySpecException("Invalid key spec");
    }
    try {
      return new DerivedKey(algorithm, derivation.derive(keySpec));
    } catch (InvalidAlgorithmParameterException e) {
      throw new InvalidKeySpecException(algorithm + ": " + e.getMessage(), e);
    }
  }

  @Override
  protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec)
      throws InvalidKeySpecException {
    if (key instanceof DerivedKey
        && key.getAlgorithm().equalsIgnoreCase(algorithm)
        && keySpec != null
        && keySpec.isAssignableFrom(SecretKeySpec.class)) {
      byte[] encoded = key.getEncoded();
      try {
        return new SecretKeySpec(encoded, algorithm);
      } finally {
        java.util.Arrays.fill(encoded, (byte) 0);
      }
    }
    throw new InvalidKeySpecException("Invalid key spec");
  }

  @Override
  protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
    if (key instanceof DerivedKey && key.getAlgorithm().equalsIgnoreCase(algorithm)) {
      return key;
    }
    throw new InvalidKeyException(
        algorithm + " keys are derived from a KeySpec; only its own keys translate");
  }
}
