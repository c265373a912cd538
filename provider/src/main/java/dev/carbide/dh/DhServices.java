package dev.carbide.dh;

import dev.carbide.internal.ServiceSink;
import java.security.KeyFactorySpi;
import java.security.KeyPairGeneratorSpi;
import javax.crypto.KeyAgreementSpi;

/**
 * The finite-field Diffie-Hellman services, with SunJCE's names, aliases and OID: KeyPairGenerator,
 * KeyFactory and KeyAgreement "DiffieHellman" ("DH"). AlgorithmParameters and
 * AlgorithmParameterGenerator "DiffieHellman" stay with SunJCE, whose DHParameterSpec objects
 * Carbide's engines take.
 */
public final class DhServices {
  private DhServices() {}

  private static final String OID = "1.2.840.113549.1.3.1";
  private static final String KEY_CLASSES =
      "javax.crypto.interfaces.DHPublicKey|javax.crypto.interfaces.DHPrivateKey";

  public static void register(ServiceSink sink) {
    sink.add(
            "KeyPairGenerator", "DiffieHellman", KeyPairGeneratorSpi.class, DhKeyPairGenerator::new)
        .alias("DH")
        .oid(OID)
        .attribute("ImplementedIn", "Software");
    sink.add("KeyFactory", "DiffieHellman", KeyFactorySpi.class, DhKeyFactory::new)
        .alias("DH")
        .oid(OID)
        .attribute("ImplementedIn", "Software");
    sink.add("KeyAgreement", "DiffieHellman", KeyAgreementSpi.class, DhKeyAgreement::new)
        .alias("DH")
        .oid(OID)
        .attribute("SupportedKeyClasses", KEY_CLASSES)
        .attribute("ImplementedIn", "Software");
  }
}
