package dev.carbide.dh;

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
import java.util.Objects;
import javax.crypto.spec.DHParameterSpec;
import javax.crypto.spec.DHPrivateKeySpec;
import javax.crypto.spec.DHPublicKeySpec;

/**
 * KeyFactory "DiffieHellman": X.509, PKCS#8 and the DHPublicKeySpec/DHPrivateKeySpec components.
 */
final class DhKeyFactory extends KeyFactorySpi {
  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof DHPublicKeySpec dh) {
        return DhKeys.fromY(new DHParameterSpec(dh.getP(), dh.getG()), dh.getY());
      }
      if (spec instanceof X509EncodedKeySpec x509) {
        return DhKeys.fromX509(x509.getEncoded());
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Inappropriate key specification");
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof DHPrivateKeySpec dh) {
        return DhKeys.fromX(new DHParameterSpec(dh.getP(), dh.getG()), dh.getX());
      }
      if (spec instanceof PKCS8EncodedKeySpec pkcs8) {
        byte[] encoded = pkcs8.getEncoded();
        try {
          return DhKeys.fromPkcs8(encoded);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Inappropriate key specification");
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    Objects.requireNonNull(key, "key must not be null");
    Objects.requireNonNull(specClass, "keySpec must not be null");
    try {
      if (key instanceof PublicKey) {
        DhPublicKeyImpl dh = DhKeys.toPublic(key);
        if (specClass.isAssignableFrom(DHPublicKeySpec.class)) {
          DHParameterSpec params = dh.getParams();
          return specClass.cast(new DHPublicKeySpec(dh.getY(), params.getP(), params.getG()));
        }
        if (specClass.isAssignableFrom(X509EncodedKeySpec.class)) {
          return specClass.cast(new X509EncodedKeySpec(dh.getEncoded()));
        }
        throw new InvalidKeySpecException("Inappropriate key specification");
      }
      if (key instanceof PrivateKey) {
        DhPrivateKeyImpl dh = DhKeys.toPrivate(key);
        if (specClass.isAssignableFrom(DHPrivateKeySpec.class)) {
          DHParameterSpec params = dh.getParams();
          return specClass.cast(new DHPrivateKeySpec(dh.getX(), params.getP(), params.getG()));
        }
        if (specClass.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
          return specClass.cast(new PKCS8EncodedKeySpec(dh.getEncoded()));
        }
        throw new InvalidKeySpecException("Inappropriate key specification");
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Inappropriate key type");
  }

  @Override
  protected Key engineTranslateKey(Key key) throws InvalidKeyException {
    if (key == null) {
      throw new InvalidKeyException("Key must not be null");
    }
    if (key instanceof DhPublicKeyImpl || key instanceof DhPrivateKeyImpl) {
      return key;
    }
    if (key instanceof PublicKey) {
      return DhKeys.translatePublic(key);
    }
    if (key instanceof PrivateKey) {
      return DhKeys.translatePrivate(key);
    }
    throw new InvalidKeyException("Cannot translate key");
  }
}
