package dev.carbide.ec;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;

/** KeyFactory "EC": X.509, PKCS#8 and the ECPublicKeySpec/ECPrivateKeySpec components. */
final class EcKeyFactory extends KeyFactorySpi {
  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof ECPublicKeySpec ec) {
        EcCurve curve = EcKeys.curveOf(ec.getParams());
        return EcKeys.fromPoint(curve, EcPoints.encode(ec.getW(), curve));
      }
      if (spec instanceof X509EncodedKeySpec x509) {
        return EcKeys.fromX509(x509.getEncoded());
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException(
        "Only ECPublicKeySpec and X509EncodedKeySpec supported for EC public keys");
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof ECPrivateKeySpec ec) {
        EcCurve curve = EcKeys.curveOf(ec.getParams());
        byte[] scalar = EcPoints.scalar(ec.getS(), curve.size);
        try {
          return EcKeys.fromScalar(curve, scalar);
        } finally {
          Arrays.fill(scalar, (byte) 0);
        }
      }
      if (spec instanceof PKCS8EncodedKeySpec pkcs8) {
        byte[] encoded = pkcs8.getEncoded();
        try {
          return EcKeys.fromPkcs8(encoded);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException(
        "Only ECPrivateKeySpec and PKCS8EncodedKeySpec supported for EC private keys");
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    if (key == null) {
      throw new InvalidKeySpecException("key must not be null");
    }
    // SunEC throws NullPointerException for a null spec class.
    java.util.Objects.requireNonNull(specClass, "keySpec must not be null");
    try {
      if (key instanceof PublicKey) {
        EcPublicKeyImpl ec = EcKeys.toPublic(key);
        if (specClass.isAssignableFrom(ECPublicKeySpec.class)) {
          return specClass.cast(new ECPublicKeySpec(ec.getW(), ec.getParams()));
        }
        if (specClass.isAssignableFrom(X509EncodedKeySpec.class)) {
          return specClass.cast(new X509EncodedKeySpec(ec.getEncoded()));
        }
        throw new InvalidKeySpecException(
            "KeySpec must be ECPublicKeySpec or X509EncodedKeySpec for EC public keys");
      }
      if (key instanceof PrivateKey) {
        EcPrivateKeyImpl ec = EcKeys.toPrivate(key);
        if (specClass.isAssignableFrom(ECPrivateKeySpec.class)) {
          return specClass.cast(new ECPrivateKeySpec(ec.getS(), ec.getParams()));
        }
        if (specClass.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
          return specClass.cast(new PKCS8EncodedKeySpec(ec.getEncoded()));
        }
        throw new InvalidKeySpecException(
            "KeySpec must be ECPrivateKeySpec or PKCS8EncodedKeySpec for EC private keys");
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException("Neither public nor private key");
  }

  @Override
  protected Key engineTranslateKey(Key key) throws InvalidKeyException {
    if (key == null) {
      throw new InvalidKeyException("Key must not be null");
    }
    if (key instanceof EcPublicKeyImpl || key instanceof EcPrivateKeyImpl) {
      return key;
    }
    if (key instanceof PublicKey) {
      return EcKeys.translatePublic(key);
    }
    if (key instanceof PrivateKey) {
      return EcKeys.translatePrivate(key);
    }
    throw new InvalidKeyException("Neither public nor private key");
  }
}
