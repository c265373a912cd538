package dev.carbide.rsa;

import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyFactorySpi;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAMultiPrimePrivateCrtKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAMultiPrimePrivateCrtKeySpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPrivateKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;

/**
 * KeyFactory "RSA" and "RSASSA-PSS": X.509, PKCS#8 and the RSA key specs. A private key of only a
 * modulus and private exponent ({@code RSAPrivateKeySpec}) is made by the JDK's own RSA KeyFactory:
 * OpenSSL cannot compute with it, and Carbide's engines refuse it with InvalidKeyException so that
 * the JCA falls back to the next provider.
 */
final class RsaKeyFactory extends KeyFactorySpi {
  private final RsaType type;

  RsaKeyFactory(RsaType type) {
    this.type = type;
  }

  @Override
  protected PublicKey engineGeneratePublic(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof RSAPublicKeySpec rsa) {
        return RsaKeys.fromPublicComponents(
            type, rsa.getModulus(), rsa.getPublicExponent(), rsa.getParams());
      }
      if (spec instanceof X509EncodedKeySpec x509) {
        return RsaKeys.fromX509(type, x509.getEncoded());
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException(
        "Only RSAPublicKeySpec and X509EncodedKeySpec supported for RSA public keys");
  }

  @Override
  protected PrivateKey engineGeneratePrivate(KeySpec spec) throws InvalidKeySpecException {
    try {
      if (spec instanceof PKCS8EncodedKeySpec pkcs8) {
        byte[] encoded = pkcs8.getEncoded();
        try {
          return RsaKeys.fromPkcs8(type, encoded);
        } finally {
          Arrays.fill(encoded, (byte) 0);
        }
      }
      if (spec instanceof RSAMultiPrimePrivateCrtKeySpec multi) {
        return RsaKeys.fromCrtComponents(
            type,
            RsaKeys.parts(
                crtValues(
                    multi,
                    multi.getPublicExponent(),
                    multi.getPrimeP(),
                    multi.getPrimeQ(),
                    multi.getPrimeExponentP(),
                    multi.getPrimeExponentQ(),
                    multi.getCrtCoefficient()),
                multi.getOtherPrimeInfo()),
            multi.getParams());
      }
      if (spec instanceof RSAPrivateCrtKeySpec crt) {
        return RsaKeys.fromCrtComponents(
            type,
            RsaKeys.parts(
                crtValues(
                    crt,
                    crt.getPublicExponent(),
                    crt.getPrimeP(),
                    crt.getPrimeQ(),
                    crt.getPrimeExponentP(),
                    crt.getPrimeExponentQ(),
                    crt.getCrtCoefficient()),
                null),
            crt.getParams());
      }
      if (spec instanceof RSAPrivateKeySpec) {
        return jdkFactory().generatePrivate(spec);
      }
    } catch (InvalidKeyException e) {
      throw new InvalidKeySpecException(e.getMessage(), e);
    }
    throw new InvalidKeySpecException(
        "Only RSAPrivate(Crt)KeySpec and PKCS8EncodedKeySpec supported for RSA private keys");
  }

  // The two CRT specs share no type with these getters, so each passes its own.
  private static BigInteger[] crtValues(
      RSAPrivateKeySpec spec,
      BigInteger e,
      BigInteger p,
      BigInteger q,
      BigInteger dp,
      BigInteger dq,
      BigInteger qinv) {
    return new BigInteger[] {spec.getModulus(), e, spec.getPrivateExponent(), p, q, dp, dq, qinv};
  }

  private KeyFactory jdkFactory() throws InvalidKeySpecException {
    try {
      return KeyFactory.getInstance(type.jcaName, "SunRsaSign");
    } catch (NoSuchAlgorithmException | java.security.NoSuchProviderException e) {
      throw new InvalidKeySpecException("no provider for non-CRT RSA private keys", e);
    }
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    if (key == null || specClass == null) {
      throw new InvalidKeySpecException("key and keySpec must not be null");
    }
    try {
      if (key instanceof PublicKey) {
        RsaPublicKeyImpl rsa = RsaKeys.toPublic(key);
        if (specClass.isAssignableFrom(RSAPublicKeySpec.class)) {
          return specClass.cast(
              new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent(), rsa.getParams()));
        }
        if (specClass.isAssignableFrom(X509EncodedKeySpec.class)) {
          return specClass.cast(new X509EncodedKeySpec(rsa.getEncoded()));
        }
        throw new InvalidKeySpecException(
            "KeySpec must be RSAPublicKeySpec or X509EncodedKeySpec for RSA public keys");
      }
      if (key instanceof PrivateKey) {
        if (key instanceof RSAPrivateKey && !(key instanceof RSAPrivateCrtKey)) {
          return jdkFactory().getKeySpec(key, specClass);
        }
        RsaPrivateCrtKeyImpl rsa = RsaKeys.toPrivate(key);
        if (specClass.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
          return specClass.cast(new PKCS8EncodedKeySpec(rsa.getEncoded()));
        }
        if (specClass.isAssignableFrom(RSAMultiPrimePrivateCrtKeySpec.class)
            && rsa instanceof RSAMultiPrimePrivateCrtKey multi) {
          return specClass.cast(
              new RSAMultiPrimePrivateCrtKeySpec(
                  rsa.getModulus(),
                  rsa.getPublicExponent(),
                  rsa.getPrivateExponent(),
                  rsa.getPrimeP(),
                  rsa.getPrimeQ(),
                  rsa.getPrimeExponentP(),
                  rsa.getPrimeExponentQ(),
                  rsa.getCrtCoefficient(),
                  multi.getOtherPrimeInfo(),
                  rsa.getParams()));
        }
        if (specClass.isAssignableFrom(RSAPrivateCrtKeySpec.class)) {
          return specClass.cast(
              new RSAPrivateCrtKeySpec(
                  rsa.getModulus(),
                  rsa.getPublicExponent(),
                  rsa.getPrivateExponent(),
                  rsa.getPrimeP(),
                  rsa.getPrimeQ(),
                  rsa.getPrimeExponentP(),
                  rsa.getPrimeExponentQ(),
                  rsa.getCrtCoefficient(),
                  rsa.getParams()));
        }
        if (specClass.isAssignableFrom(RSAPrivateKeySpec.class)) {
          return specClass.cast(
              new RSAPrivateKeySpec(rsa.getModulus(), rsa.getPrivateExponent(), rsa.getParams()));
        }
        throw new InvalidKeySpecException(
            "KeySpec must be RSAPrivate(Crt)KeySpec or PKCS8EncodedKeySpec for RSA private keys");
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
    if (key instanceof RsaPublicKeyImpl || key instanceof RsaPrivateCrtKeyImpl) {
      return key;
    }
    if (key instanceof PublicKey) {
      return RsaKeys.translatePublic(key);
    }
    if (key instanceof RSAPrivateKey && !(key instanceof RSAPrivateCrtKey)) {
      return key; // see the class comment
    }
    if (key instanceof PrivateKey) {
      return RsaKeys.translatePrivate(key);
    }
    throw new InvalidKeyException("Neither public nor private key");
  }
}
