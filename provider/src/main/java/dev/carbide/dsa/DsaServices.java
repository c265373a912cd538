package dev.carbide.dsa;

import dev.carbide.digest.DigestServices;
import dev.carbide.internal.ServiceSink;
import java.security.AlgorithmParameterGeneratorSpi;
import java.security.AlgorithmParametersSpi;
import java.security.KeyFactorySpi;
import java.security.KeyPairGeneratorSpi;
import java.security.SignatureSpi;

/**
 * The DSA services, with SUN's names, aliases and OIDs: KeyPairGenerator, KeyFactory,
 * AlgorithmParameters and AlgorithmParameterGenerator "DSA", and DSA with each SHA-1, SHA-2 and
 * SHA-3 digest the loaded OpenSSL has, in DER and P1363 form, and NONEwithDSA (the caller's own
 * 20-byte digest) in both forms. Keys are the shared native model; DSA shares its finite-field
 * number handling with DH in the engine (carbide/ffc.h).
 */
public final class DsaServices {
  private DsaServices() {}

  private static final String KEY_CLASSES =
      "java.security.interfaces.DSAPublicKey|java.security.interfaces.DSAPrivateKey";
  private static final String DSA_OID = "1.2.840.10040.4.1";
  private static final String NIST = "2.16.840.1.101.3.4.3.";

  /** One DSA signature: its name prefix, the JCA digest, its size in bits, and its OID. */
  private record Dsa(String prefix, String digest, int bits, String oid) {}

  private static final Dsa[] SIGNATURES = {
    new Dsa("SHA1", "SHA-1", 160, "1.2.840.10040.4.3"),
    new Dsa("SHA224", "SHA-224", 224, NIST + "1"),
    new Dsa("SHA256", "SHA-256", 256, NIST + "2"),
    new Dsa("SHA384", "SHA-384", 384, NIST + "3"),
    new Dsa("SHA512", "SHA-512", 512, NIST + "4"),
    new Dsa("SHA3-224", "SHA3-224", 224, NIST + "5"),
    new Dsa("SHA3-256", "SHA3-256", 256, NIST + "6"),
    new Dsa("SHA3-384", "SHA3-384", 384, NIST + "7"),
    new Dsa("SHA3-512", "SHA3-512", 512, NIST + "8"),
  };

  public static void register(ServiceSink sink) {
    sink.add("KeyPairGenerator", "DSA", KeyPairGeneratorSpi.class, DsaKeyPairGenerator::new)
        .oid(DSA_OID)
        .attribute("KeySize", "2048")
        .attribute("ImplementedIn", "Software");
    sink.add("KeyFactory", "DSA", KeyFactorySpi.class, DsaKeyFactory::new)
        .oid(DSA_OID)
        .attribute("ImplementedIn", "Software");
    sink.add("AlgorithmParameters", "DSA", AlgorithmParametersSpi.class, DsaParameters::new)
        .oid(DSA_OID)
        .attribute("ImplementedIn", "Software");
    sink.add(
            "AlgorithmParameterGenerator",
            "DSA",
            AlgorithmParameterGeneratorSpi.class,
            DsaParameterGenerator::new)
        .oid(DSA_OID)
        .attribute("KeySize", "2048")
        .attribute("ImplementedIn", "Software");
    for (Dsa dsa : SIGNATURES) {
      long md = DigestServices.fetch(dsa.digest);
      if (md == 0) {
        continue;
      }
      ServiceSink.Entry der = signature(sink, dsa.prefix + "withDSA", md, dsa, false).oid(dsa.oid);
      if (dsa.prefix.equals("SHA1")) {
        der.alias("DSA", "SHA/DSA", "SHA-1/DSA", "SHA1/DSA", "SHAwithDSA", "DSAWithSHA1");
      }
      signature(sink, dsa.prefix + "withDSAinP1363Format", md, dsa, true);
    }
    // The caller's own 20-byte digest, as SUN's RawDSA.
    raw(sink, "NONEwithDSA", false).alias("RawDSA");
    raw(sink, "NONEwithDSAinP1363Format", true);
  }

  private static ServiceSink.Entry raw(ServiceSink sink, String name, boolean p1363) {
    return sink.add("Signature", name, SignatureSpi.class, () -> new RawDsaSignature(p1363))
        .attribute("SupportedKeyClasses", KEY_CLASSES)
        .attribute("ImplementedIn", "Software");
  }

  private static ServiceSink.Entry signature(
      ServiceSink sink, String name, long md, Dsa dsa, boolean p1363) {
    return sink.add(
            "Signature",
            name,
            SignatureSpi.class,
            () -> new DsaSignature(md, dsa.digest, dsa.bits, p1363))
        .attribute("SupportedKeyClasses", KEY_CLASSES)
        .attribute("ImplementedIn", "Software");
  }
}
