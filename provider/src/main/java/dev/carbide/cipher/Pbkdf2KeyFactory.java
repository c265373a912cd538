package dev.carbide.cipher;

import dev.carbide.internal.FipsMode;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;

/**
 * SecretKeyFactory PBKDF2WithHmacSHA*: a PBEKeySpec (password, salt, iterations, key length in
 * bits) to a {@link Pbkdf2Key}. The password's chars are encoded as UTF-8, as SunJCE does.
 */
final class Pbkdf2KeyFactory extends SecretKeyFactorySpi {
  private final String algorithm;
  private final long md;

  Pbkdf2KeyFactory(String algorithm, long md) {
    this.algorithm = algorithm;
    this.md = md;
  }

  @Override
  protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
    if (!(keySpec instanceof PBEKeySpec spec)) {
      throw new InvalidKeySpecException("Invalid key spec");
    }
    char[] password = spec.getPassword();
    byte[] salt = spec.getSalt();
    int iterations = spec.getIterationCount();
    int bits = spec.getKeyLength();
    try {
      if (salt == null) {
        throw new InvalidKeySpecException("Salt not found");
      }
      if (iterations <= 0) {
        throw new InvalidKeySpecException("Iteration count must be a positive integer");
      }
      if (bits <= 0) {
        throw new InvalidKeySpecException("Key length must be a positive integer");
      }
      // Whole bytes only, rounding down as SunJCE does (under 8 bits, an empty key).
      return new Pbkdf2Key(
          algorithm, password, salt, iterations, derive(md, password, salt, iterations, bits / 8));
    } finally {
      Arrays.fill(password, '\0');
    }
  }

  /**
   * PBKDF2-HMAC over {@code md} of the UTF-8 encoding of {@code password}, as SunJCE encodes it:
   * {@code keyBytes} bytes (none if 0). Shared with the PBES2 ciphers, which derive their AES keys
   * through it, so FIPS mode's PBKDF2 limits are checked here, once for both; otherwise it checks
   * nothing the native side does not.
   */
  static byte[] derive(long md, char[] password, byte[] salt, int iterations, int keyBytes)
      throws InvalidKeySpecException {
    FipsMode.checkPbkdf2(password, salt, iterations, keyBytes * 8);
    if (keyBytes == 0) {
      return new byte[0];
    }
    byte[] passwordBytes = PasswordBytes.utf8(password);
    try {
      return Pbkdf2Native.derive(md, passwordBytes, salt, iterations, keyBytes);
    } finally {
      Arrays.fill(passwordBytes, (byte) 0);
    }
  }

  @Override
  protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec)
      throws InvalidKeySpecException {
    if (key instanceof PBEKey pbeKey
        && keySpec != null
        && keySpec.isAssignableFrom(PBEKeySpec.class)) {
      char[] password = pbeKey.getPassword();
      try {
        return new PBEKeySpec(
            password, pbeKey.getSalt(), pbeKey.getIterationCount(), pbeKey.getEncoded().length * 8);
      } finally {
        Arrays.fill(password, '\0');
      }
    }
    throw new InvalidKeySpecException("Invalid key spec");
  }

  @Override
  protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
    if (key != null
        && key.getAlgorithm().equalsIgnoreCase(algorithm)
        && "RAW".equalsIgnoreCase(key.getFormat())) {
      if (key instanceof Pbkdf2Key) {
        return key;
      }
      try {
        return engineGenerateSecret(engineGetKeySpec(key, PBEKeySpec.class));
      } catch (InvalidKeySpecException e) {
        throw new InvalidKeyException("Cannot translate key: " + e.getMessage(), e);
      }
    }
    throw new InvalidKeyException("Invalid key format/algorithm");
  }
}
