package dev.carbide.cipher;

import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.DESedeKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * SecretKeyFactory "DESede" (alias "TripleDES") with SunJCE's contract: a {@link DESedeKeySpec} or
 * any {@link SecretKeySpec} of at least 24 bytes (its first 24 are taken, whatever the spec's
 * algorithm name) becomes a DESede key with each byte's parity bit set; {@code getKeySpec} gives a
 * DESedeKeySpec of a RAW key named "DESede"; {@code translateKey} goes through that spec. Weak DES
 * keys are accepted, as SunJCE accepts them for Triple DES. Keys are {@code SecretKeySpec}s, as
 * Carbide's other secret keys; every intermediate copy of the key bytes is zeroed.
 */
final class DesedeKeyFactory extends SecretKeyFactorySpi {
  @Override
  protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
    byte[] encoded;
    if (keySpec instanceof DESedeKeySpec desede) {
      encoded = desede.getKey();
    } else if (keySpec instanceof SecretKeySpec secret) {
      encoded = secret.getEncoded();
    } else {
      throw new InvalidKeySpecException("Inappropriate key specification");
    }
    try {
      if (encoded.length < DesedeKeys.KEY_BYTES) {
        throw new InvalidKeySpecException("Wrong key size");
      }
      byte[] key = Arrays.copyOf(encoded, DesedeKeys.KEY_BYTES);
      try {
        DesedeKeys.setParity(key);
        return new SecretKeySpec(key, "DESede");
      } finally {
        Arrays.fill(key, (byte) 0);
      }
    } finally {
      Arrays.fill(encoded, (byte) 0);
    }
  }

  @Override
  protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec)
      throws InvalidKeySpecException {
    if (key == null
        || !key.getAlgorithm().equalsIgnoreCase("DESede")
        || !key.getFormat().equalsIgnoreCase("RAW")) {
      throw new InvalidKeySpecException("Inappropriate key format/algorithm");
    }
    if (!keySpec.isAssignableFrom(DESedeKeySpec.class)) {
      throw new InvalidKeySpecException("Inappropriate key specification");
    }
    byte[] encoded = key.getEncoded();
    try {
      return new DESedeKeySpec(encoded);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException("Secret key has wrong size");
    } finally {
      if (encoded != null) {
        Arrays.fill(encoded, (byte) 0);
      }
    }
  }

  @Override
  protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
    if (key == null
        || !key.getAlgorithm().equalsIgnoreCase("DESede")
        || !key.getFormat().equalsIgnoreCase("RAW")) {
      throw new InvalidKeyException("Inappropriate key format/algorithm");
    }
    try {
      return engineGenerateSecret(engineGetKeySpec(key, DESedeKeySpec.class));
    } catch (InvalidKeySpecException e) {
      throw new InvalidKeyException("Cannot translate key");
    }
  }
}
