package dev.carbide.edec;

import dev.carbide.internal.ServiceSink;
import java.security.KeyFactorySpi;
import java.security.KeyPairGeneratorSpi;
import java.security.SignatureSpi;
import javax.crypto.KeyAgreementSpi;

/**
 * EdDSA (Ed25519, Ed448) and XDH (X25519, X448), with SunEC's names: a family-wide service
 * ("EdDSA", "XDH") and one per curve, the latter with the curve's OID.
 */
public final class EdEcServices {
  private EdEcServices() {}

  public static void register(ServiceSink sink) {
    family(sink, "EdDSA", true, null);
    family(sink, "XDH", false, null);
    for (EdEcCurve curve : EdEcCurve.values()) {
      family(sink, curve.jcaName(), curve.signing, curve);
    }
  }

  private static void family(ServiceSink sink, String name, boolean signing, EdEcCurve fixed) {
    String keyClasses =
        signing
            ? "java.security.interfaces.EdECPublicKey|java.security.interfaces.EdECPrivateKey"
            : "java.security.interfaces.XECPublicKey|java.security.interfaces.XECPrivateKey";
    ServiceSink.Entry[] entries = {
      sink.add(
          "KeyPairGenerator",
          name,
          KeyPairGeneratorSpi.class,
          () -> new EdEcKeyPairGenerator(signing, fixed)),
      sink.add("KeyFactory", name, KeyFactorySpi.class, () -> new EdEcKeyFactory(signing, fixed)),
      signing
          ? sink.add("Signature", name, SignatureSpi.class, () -> new EdDsaSignature(fixed))
              .attribute("SupportedKeyClasses", keyClasses)
          : sink.add("KeyAgreement", name, KeyAgreementSpi.class, () -> new XdhKeyAgreement(fixed))
              .attribute("SupportedKeyClasses", keyClasses),
    };
    for (ServiceSink.Entry entry : entries) {
      entry.attribute("ImplementedIn", "Software");
      if (fixed != null) {
        entry.oid(fixed.oid);
      }
    }
  }
}
