package dev.carbide.cipher;

import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.SecretKeySpec;

/**
 * SecretKeyFactory "AES": turns a SecretKeySpec (or any RAW secret key) of 16, 24 or 32 bytes into
 * an AES SecretKeySpec, and back. SunJCE has no such factory; other providers' do the same.
 */
final class AesKeyFactory extends SecretKeyFactorySpi {
  @Override
  protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
    if (!(keySpec instanceof SecretKeySpec spec)) {
      throw new InvalidKeySpecException("SecretKeySpec expected");
    }
    try {
      return translate(spec);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
  }

  @Override
  protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec)
      throws InvalidKeySpecException {
    if (keySpec == null || !keySpec.isAssignableFrom(SecretKeySpec.class)) {
      throw new InvalidKeySpecException("Only SecretKeySpec is supported");
    }
    try {
      return translate(key);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
  }

  @Override
  protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
    return translate(key);
  }

  private static SecretKeySpec translate(SecretKey key) throws InvalidKeyException {
    if (!"AES".equalsIgnoreCase(key.getAlgorithm())) {
      throw new InvalidKeyException("AES key expected, not " + key.getAlgorithm());
    }
    byte[] raw = CipherKeys.raw(key);
    try {
      if (raw.length != 16 && raw.length != 24 && raw.length != 32) {
        throw new InvalidKeyException("Invalid AES key length: " + raw.length + " bytes");
      }
      return new SecretKeySpec(raw, "AES");
    } finally {
      Arrays.fill(raw, (byte) 0);
    }
  }
}
