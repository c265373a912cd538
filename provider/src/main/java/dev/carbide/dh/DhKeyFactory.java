package dev.carbide.dh;

import dev.carbide.keys.SpecKeyFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.List;
import javax.crypto.spec.DHParameterSpec;
import javax.crypto.spec.DHPrivateKeySpec;
import javax.crypto.spec.DHPublicKeySpec;

/**
 * KeyFactory "DiffieHellman": X.509, PKCS#8 and the DHPublicKeySpec/DHPrivateKeySpec components.
 */
final class DhKeyFactory extends SpecKeyFactory<DhPublicKeyImpl, DhPrivateKeyImpl> {
  private static final String INAPPROPRIATE = "Inappropriate key specification";

  DhKeyFactory() {
    super(
        List.of(
            new From<>(
                DHPublicKeySpec.class,
                dh -> DhKeys.fromY(new DHParameterSpec(dh.getP(), dh.getG()), dh.getY())),
            x509(DhKeys::fromX509)),
        List.of(
            new From<>(
                DHPrivateKeySpec.class,
                dh -> DhKeys.fromX(new DHParameterSpec(dh.getP(), dh.getG()), dh.getX())),
            pkcs8(DhKeys::fromPkcs8)),
        List.of(
            new To<>(
                DHPublicKeySpec.class,
                dh -> {
                  DHParameterSpec params = dh.getParams();
                  return new DHPublicKeySpec(dh.getY(), params.getP(), params.getG());
                }),
            new To<>(X509EncodedKeySpec.class, dh -> new X509EncodedKeySpec(dh.getEncoded()))),
        List.of(
            new To<>(
                DHPrivateKeySpec.class,
                dh -> {
                  DHParameterSpec params = dh.getParams();
                  return new DHPrivateKeySpec(dh.getX(), params.getP(), params.getG());
                }),
            new To<>(PKCS8EncodedKeySpec.class, dh -> new PKCS8EncodedKeySpec(dh.getEncoded()))),
        new Messages(
            INAPPROPRIATE,
            INAPPROPRIATE,
            INAPPROPRIATE,
            INAPPROPRIATE,
            "Inappropriate key type",
            "Cannot translate key"),
        new Translation<>(
            DhPublicKeyImpl.class,
            DhPrivateKeyImpl.class,
            DhKeys::toPublic,
            DhKeys::toPrivate,
            DhKeys::translatePublic,
            DhKeys::translatePrivate));
  }
}
