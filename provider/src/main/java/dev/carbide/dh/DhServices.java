package dev.carbide.dh;

import dev.carbide.internal.ServiceSink;
import java.security.AlgorithmParameterGeneratorSpi;
import java.security.AlgorithmParametersSpi;
import java.security.KeyFactorySpi;
import java.security.KeyPairGeneratorSpi;
import javax.crypto.KeyAgreementSpi;

/**
 * The finite-field Diffie-Hellman services, with SunJCE's names, aliases and OID: KeyPairGenerator,
 * KeyFactory, KeyAgreement, AlgorithmParameters and AlgorithmParameterGenerator "DiffieHellman"
 * ("DH").
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
    sink.add(
            "AlgorithmParameters", "DiffieHellman", AlgorithmParametersSpi.class, DhParameters::new)
        .alias("DH")
        .oid(OID)
        .attribute("ImplementedIn", "Software");
    sink.add(
            "AlgorithmParameterGenerator",
            "DiffieHellman",
            AlgorithmParameterGeneratorSpi.class,
            DhParameterGenerator::new)
        .alias("DH")
        .oid(OID)
        .attribute("ImplementedIn", "Software");
  }
}
