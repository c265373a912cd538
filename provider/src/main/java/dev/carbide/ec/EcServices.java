package dev.carbide.ec;

import dev.carbide.digest.DigestServices;
import dev.carbide.internal.ServiceSink;
import dev.carbide.keys.PkeyNative;
import java.security.KeyFactorySpi;
import java.security.KeyPairGeneratorSpi;
import java.security.SignatureSpi;
import javax.crypto.KeyAgreementSpi;

/**
 * The EC services, with SunEC's names and OIDs: KeyPairGenerator and KeyFactory "EC", KeyAgreement
 * "ECDH", and ECDSA with each digest the loaded OpenSSL has, in DER and P1363 form, plus the RFC
 * 6979 deterministic ECDSA ("SHA256withDetECDSA" ...) where OpenSSL offers it (3.2+). {@code
 * AlgorithmParameters.EC} stays with SunEC.
 */
public final class EcServices {
  private EcServices() {}

  private static final String KEY_CLASSES =
      "java.security.interfaces.ECPublicKey|java.security.interfaces.ECPrivateKey";
  private static final String ANSI = "1.2.840.10045.4.";
  private static final String NIST = "2.16.840.1.101.3.4.3.";

  /** One ECDSA signature: its name prefix, the JCA digest and its OID. */
  private record Ecdsa(String prefix, String digest, String oid) {}

  private static final Ecdsa[] ECDSA = {
    new Ecdsa("SHA1", "SHA-1", ANSI + "1"),
    new Ecdsa("SHA224", "SHA-224", ANSI + "3.1"),
    new Ecdsa("SHA256", "SHA-256", ANSI + "3.2"),
    new Ecdsa("SHA384", "SHA-384", ANSI + "3.3"),
    new Ecdsa("SHA512", "SHA-512", ANSI + "3.4"),
    new Ecdsa("SHA3-224", "SHA3-224", NIST + "9"),
    new Ecdsa("SHA3-256", "SHA3-256", NIST + "10"),
    new Ecdsa("SHA3-384", "SHA3-384", NIST + "11"),
    new Ecdsa("SHA3-512", "SHA3-512", NIST + "12"),
  };

  public static void register(ServiceSink sink) {
    boolean deterministic = PkeyNative.signatureAccepts("ECDSA", "nonce-type");
    sink.add("KeyPairGenerator", "EC", KeyPairGeneratorSpi.class, EcKeyPairGenerator::new)
        .alias("EllipticCurve")
        .oid("1.2.840.10045.2.1")
        .attribute("KeySize", "256")
        .attribute("ImplementedIn", "Software");
    sink.add("KeyFactory", "EC", KeyFactorySpi.class, EcKeyFactory::new)
        .alias("EllipticCurve")
        .oid("1.2.840.10045.2.1")
        .attribute("ImplementedIn", "Software");
    keyed(sink.add("KeyAgreement", "ECDH", KeyAgreementSpi.class, EcdhKeyAgreement::new));
    for (Ecdsa ecdsa : ECDSA) {
      long md = DigestServices.fetch(ecdsa.digest);
      if (md == 0) {
        continue;
      }
      ecdsa(sink, ecdsa.prefix + "withECDSA", md, false).oid(ecdsa.oid);
      ecdsa(sink, ecdsa.prefix + "withECDSAinP1363Format", md, false);
      // RFC 6979 (OpenSSL 3.2+); no standard OID names these.
      if (deterministic) {
        ecdsa(sink, ecdsa.prefix + "withDetECDSA", md, true);
        ecdsa(sink, ecdsa.prefix + "withDetECDSAinP1363Format", md, true);
      }
    }
    keyed(
        sink.add(
            "Signature", "NONEwithECDSA", SignatureSpi.class, () -> new RawEcdsaSignature(false)));
    keyed(
        sink.add(
            "Signature",
            "NONEwithECDSAinP1363Format",
            SignatureSpi.class,
            () -> new RawEcdsaSignature(true)));
  }

  private static ServiceSink.Entry ecdsa(
      ServiceSink sink, String name, long md, boolean deterministic) {
    boolean p1363 = name.endsWith("inP1363Format");
    return keyed(
        sink.add(
            "Signature",
            name,
            SignatureSpi.class,
            () -> new EcdsaSignature(md, p1363, deterministic)));
  }

  private static ServiceSink.Entry keyed(ServiceSink.Entry entry) {
    return entry
        .attribute("SupportedKeyClasses", KEY_CLASSES)
        .attribute("ImplementedIn", "Software");
  }
}
