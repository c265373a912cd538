package dev.carbide.dsa;

import dev.carbide.keys.SpecKeyFactory;
import java.security.interfaces.DSAParams;
import java.security.spec.DSAParameterSpec;
import java.security.spec.DSAPrivateKeySpec;
import java.security.spec.DSAPublicKeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.List;

/** KeyFactory "DSA": X.509, PKCS#8 and the DSAPublicKeySpec/DSAPrivateKeySpec components. */
final class DsaKeyFactory extends SpecKeyFactory<DsaPublicKeyImpl, DsaPrivateKeyImpl> {
  private static final String INAPPROPRIATE = "Inappropriate key specification";

  DsaKeyFactory() {
    super(
        List.of(
            new From<>(
                DSAPublicKeySpec.class,
                dsa ->
                    DsaKeys.fromY(
                        new DSAParameterSpec(dsa.getP(), dsa.getQ(), dsa.getG()), dsa.getY())),
            x509(DsaKeys::fromX509)),
        List.of(
            new From<>(
                DSAPrivateKeySpec.class,
                dsa ->
                    DsaKeys.fromX(
                        new DSAParameterSpec(dsa.getP(), dsa.getQ(), dsa.getG()), dsa.getX())),
            pkcs8(DsaKeys::fromPkcs8)),
        List.of(
            new To<>(
                DSAPublicKeySpec.class,
                dsa -> {
                  DSAParams params = dsa.getParams();
                  return new DSAPublicKeySpec(
                      dsa.getY(), params.getP(), params.getQ(), params.getG());
                }),
            new To<>(X509EncodedKeySpec.class, dsa -> new X509EncodedKeySpec(dsa.getEncoded()))),
        List.of(
            new To<>(
                DSAPrivateKeySpec.class,
                dsa -> {
                  DSAParams params = dsa.getParams();
                  return new DSAPrivateKeySpec(
                      dsa.getX(), params.getP(), params.getQ(), params.getG());
                }),
            new To<>(PKCS8EncodedKeySpec.class, dsa -> new PKCS8EncodedKeySpec(dsa.getEncoded()))),
        new Messages(
            INAPPROPRIATE,
            INAPPROPRIATE,
            INAPPROPRIATE,
            INAPPROPRIATE,
            "Inappropriate key type",
            "Cannot translate key"),
        new Translation<>(
            DsaPublicKeyImpl.class,
            DsaPrivateKeyImpl.class,
            DsaKeys::toPublic,
            DsaKeys::toPrivate,
            DsaKeys::translatePublic,
            DsaKeys::translatePrivate));
  }
}
