package dev.carbide.rsa;

import dev.carbide.keys.SpecKeyFactory;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
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
import java.util.List;

/**
 * KeyFactory "RSA" and "RSASSA-PSS": X.509, PKCS#8 and the RSA key specs. A private key of only a
 * modulus and private exponent ({@code RSAPrivateKeySpec}) is made by the JDK's own RSA KeyFactory:
 * OpenSSL cannot compute with it, and Carbide's engines refuse it with InvalidKeyException so that
 * the JCA falls back to the next provider.
 */
final class RsaKeyFactory extends SpecKeyFactory<RsaPublicKeyImpl, RsaPrivateCrtKeyImpl> {
  private final RsaType type;

  RsaKeyFactory(RsaType type) {
    super(
        List.of(
            new From<>(
                RSAPublicKeySpec.class,
                rsa ->
                    RsaKeys.fromPublicComponents(
                        type, rsa.getModulus(), rsa.getPublicExponent(), rsa.getParams())),
            x509(der -> RsaKeys.fromX509(type, der))),
        List.of(
            pkcs8(der -> RsaKeys.fromPkcs8(type, der)),
            new From<>(
                RSAMultiPrimePrivateCrtKeySpec.class,
                multi ->
                    RsaKeys.fromCrtComponents(
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
                        multi.getParams())),
            new From<>(
                RSAPrivateCrtKeySpec.class,
                crt ->
                    RsaKeys.fromCrtComponents(
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
                        crt.getParams())),
            // Not a Carbide key (see the class comment): the JDK's own.
            new From<>(RSAPrivateKeySpec.class, spec -> jdkFactory(type).generatePrivate(spec))),
        List.of(
            new To<>(
                RSAPublicKeySpec.class,
                rsa ->
                    new RSAPublicKeySpec(
                        rsa.getModulus(), rsa.getPublicExponent(), rsa.getParams())),
            new To<>(X509EncodedKeySpec.class, rsa -> new X509EncodedKeySpec(rsa.getEncoded()))),
        List.of(
            new To<>(PKCS8EncodedKeySpec.class, rsa -> new PKCS8EncodedKeySpec(rsa.getEncoded())),
            new To<>(
                RSAMultiPrimePrivateCrtKeySpec.class,
                rsa ->
                    rsa instanceof RSAMultiPrimePrivateCrtKey multi
                        ? new RSAMultiPrimePrivateCrtKeySpec(
                            rsa.getModulus(),
                            rsa.getPublicExponent(),
                            rsa.getPrivateExponent(),
                            rsa.getPrimeP(),
                            rsa.getPrimeQ(),
                            rsa.getPrimeExponentP(),
                            rsa.getPrimeExponentQ(),
                            rsa.getCrtCoefficient(),
                            multi.getOtherPrimeInfo(),
                            rsa.getParams())
                        : null),
            new To<>(
                RSAPrivateCrtKeySpec.class,
                rsa ->
                    new RSAPrivateCrtKeySpec(
                        rsa.getModulus(),
                        rsa.getPublicExponent(),
                        rsa.getPrivateExponent(),
                        rsa.getPrimeP(),
                        rsa.getPrimeQ(),
                        rsa.getPrimeExponentP(),
                        rsa.getPrimeExponentQ(),
                        rsa.getCrtCoefficient(),
                        rsa.getParams())),
            new To<>(
                RSAPrivateKeySpec.class,
                rsa ->
                    new RSAPrivateKeySpec(
                        rsa.getModulus(), rsa.getPrivateExponent(), rsa.getParams()))),
        new Messages(
            "Only RSAPublicKeySpec and X509EncodedKeySpec supported for RSA public keys",
            "Only RSAPrivate(Crt)KeySpec and PKCS8EncodedKeySpec supported for RSA private keys",
            "KeySpec must be RSAPublicKeySpec or X509EncodedKeySpec for RSA public keys",
            "KeySpec must be RSAPrivate(Crt)KeySpec or PKCS8EncodedKeySpec for RSA private keys",
            "Neither public nor private key",
            "Neither public nor private key"),
        new Translation<>(
            RsaPublicKeyImpl.class,
            RsaPrivateCrtKeyImpl.class,
            RsaKeys::toPublic,
            RsaKeys::toPrivate,
            RsaKeys::translatePublic,
            RsaKeyFactory::translatePrivate));
    this.type = type;
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

  private static KeyFactory jdkFactory(RsaType type) throws InvalidKeySpecException {
    try {
      return KeyFactory.getInstance(type.jcaName, "SunRsaSign");
    } catch (NoSuchAlgorithmException | NoSuchProviderException e) {
      throw new InvalidKeySpecException("no provider for non-CRT RSA private keys", e);
    }
  }

  // A non-CRT private key is the JDK's (see the class comment).
  private static boolean nonCrt(Key key) {
    return key instanceof RSAPrivateKey && !(key instanceof RSAPrivateCrtKey);
  }

  private static Key translatePrivate(Key key) throws InvalidKeyException {
    return nonCrt(key) ? key : RsaKeys.translatePrivate(key);
  }

  @Override
  protected void checkNotNull(Key key, Class<?> specClass) throws InvalidKeySpecException {
    if (key == null || specClass == null) {
      throw new InvalidKeySpecException("key and keySpec must not be null");
    }
  }

  @Override
  protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> specClass)
      throws InvalidKeySpecException {
    checkNotNull(key, specClass);
    if (nonCrt(key)) {
      return jdkFactory(type).getKeySpec(key, specClass);
    }
    return super.engineGetKeySpec(key, specClass);
  }
}
