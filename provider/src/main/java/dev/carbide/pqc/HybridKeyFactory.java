package dev.carbide.pqc;

import dev.carbide.RawEncodedKeySpec;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.EncodedKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * KeyFactory of a hybrid KEM. No X.509 or PKCS#8 form is standard for these keys yet, so it reads
 * and writes only {@link RawEncodedKeySpec} (any EncodedKeySpec of format "RAW"): the TLS key share
 * of a public key, and X25519MLKEM768's raw private key.
 */
final class HybridKeyFactory extends KeyFactorySpi {
  private final PqcAlgorithm parameterSet;

  HybridKeyFactory(PqcAlgorithm parameterSet) {
    this.parameterSet = parameterSet;
  }

  private static byte[] raw(KeySpec spec) throws InvalidKeySpecException {
    if (spec instanceof EncodedKeySpec encoded && "RAW".equalsIgnoreCase(encoded.getFormat())) {
      return encoded.getEncoded();
    }
    throw new InvalidKeySpecException(
        "Unsupported key spec: " + spec + " (only RawEncodedKeySpec: no standard encoding exists)");
  }

  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    try {
      return HybridKeys.fromShare(raw(spec), parameterSet);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    byte[] raw = raw(spec);
    try {
      return HybridKeys.fromRaw(raw, parameterSet);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    } finally {
      Arrays.fill(raw, (byte) 0);
    }
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    if (!specClass.isAssignableFrom(RawEncodedKeySpec.class)) {
      throw new InvalidKeySpecException("Unsupported key spec: " + specClass);
    }
    Key own;
    try {
      own = engineTranslateKey(key);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    byte[] encoded = own.getEncoded();
    if (encoded == null) {
      throw new InvalidKeySpecException(parameterSet.jcaName + " private keys cannot be exported");
    }
    try {
      return specClass.cast(new RawEncodedKeySpec(encoded));
    } finally {
      Arrays.fill(encoded, (byte) 0);
    }
  }

  @Override
  protected Key engineTranslateKey(Key key) throws InvalidKeyException {
    if (key instanceof PublicKey) {
      return HybridKeys.toPublic(key, parameterSet);
    }
    if (key instanceof PrivateKey) {
      return HybridKeys.toPrivate(key, parameterSet);
    }
    throw new InvalidKeyException("Unsupported key type");
  }
}
