package dev.carbide.dsa;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.DSAParams;
import java.security.spec.DSAParameterSpec;
import java.security.spec.DSAPrivateKeySpec;
import java.security.spec.DSAPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Objects;

/** KeyFactory "DSA": X.509, PKCS#8 and the DSAPublicKeySpec/DSAPrivateKeySpec components. */
final class DsaKeyFactory extends KeyFactorySpi {
  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof DSAPublicKeySpec dsa) {
        return DsaKeys.fromY(new DSAParameterSpec(dsa.getP(), dsa.getQ(), dsa.getG()), dsa.getY());
      }
      if (spec instanceof X509EncodedKeySpec x509) {
        return DsaKeys.fromX509(x509.getEncoded());
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Inappropriate key specification");
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof DSAPrivateKeySpec dsa) {
        return DsaKeys.fromX(new DSAParameterSpec(dsa.getP(), dsa.getQ(), dsa.getG()), dsa.getX());
      }
      if (spec instanceof PKCS8EncodedKeySpec pkcs8) {
        byte[] encoded = pkcs8.getEncoded();
        try {
          return DsaKeys.fromPkcs8(encoded);
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
        DsaPublicKeyImpl dsa = DsaKeys.toPublic(key);
        if (specClass.isAssignableFrom(DSAPublicKeySpec.class)) {
          DSAParams params = dsa.getParams();
          return specClass.cast(
              new DSAPublicKeySpec(dsa.getY(), params.getP(), params.getQ(), params.getG()));
        }
        if (specClass.isAssignableFrom(X509EncodedKeySpec.class)) {
          return specClass.cast(new X509EncodedKeySpec(dsa.getEncoded()));
        }
        throw new InvalidKeySpecException("Inappropriate key specification");
      }
      if (key instanceof PrivateKey) {
        DsaPrivateKeyImpl dsa = DsaKeys.toPrivate(key);
        if (specClass.isAssignableFrom(DSAPrivateKeySpec.class)) {
          DSAParams params = dsa.getParams();
          return specClass.cast(
              new DSAPrivateKeySpec(dsa.getX(), params.getP(), params.getQ(), params.getG()));
        }
        if (specClass.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
          return specClass.cast(new PKCS8EncodedKeySpec(dsa.getEncoded()));
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
    if (key instanceof DsaPublicKeyImpl || key instanceof DsaPrivateKeyImpl) {
      return key;
    }
    if (key instanceof PublicKey) {
      return DsaKeys.translatePublic(key);
    }
    if (key instanceof PrivateKey) {
      return DsaKeys.translatePrivate(key);
    }
    throw new InvalidKeyException("Cannot translate key");
  }
}
