package dev.carbide.pqc;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;

/**
 * KeyFactory for a post-quantum family or one parameter set: X.509 and PKCS#8, as the JDK 25's.
 * Private keys are read in every form the LAMPS drafts allow and written as the JDK 25 writes them.
 */
final class PqcKeyFactory extends KeyFactorySpi {
  private final PqcKeys.Scope scope;

  PqcKeyFactory(PqcKeys.Scope scope) {
    this.scope = scope;
  }

  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    if (!(spec instanceof X509EncodedKeySpec x509)) {
      throw new InvalidKeySpecException("Unsupported key spec: " + spec);
    }
    try {
      return PqcKeys.fromX509(x509.getEncoded(), scope);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    if (!(spec instanceof PKCS8EncodedKeySpec pkcs8)) {
      throw new InvalidKeySpecException("Unsupported key spec: " + spec);
    }
    byte[] der = pkcs8.getEncoded();
    try {
      return PqcKeys.fromPkcs8(der, scope);
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    } finally {
      Arrays.fill(der, (byte) 0);
    }
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    try {
      if (key instanceof PublicKey && specClass.isAssignableFrom(X509EncodedKeySpec.class)) {
        return specClass.cast(new X509EncodedKeySpec(PqcKeys.toPublic(key, scope).getEncoded()));
      }
      if (key instanceof PrivateKey && specClass.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
        return specClass.cast(new PKCS8EncodedKeySpec(PqcKeys.toPrivate(key, scope).getEncoded()));
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Unsupported key spec: " + specClass);
  }

  @Override
  protected Key engineTranslateKey(Key key) throws InvalidKeyException {
    if (key instanceof PublicKey) {
      return PqcKeys.toPublic(key, scope);
    }
    if (key instanceof PrivateKey) {
      return PqcKeys.toPrivate(key, scope);
    }
    throw new InvalidKeyException("Unsupported key type");
  }
}
