package dev.carbide.rsa;

import dev.carbide.digest.DigestServices;
import dev.carbide.internal.ServiceSink;
import java.security.KeyFactorySpi;
import java.security.KeyPairGeneratorSpi;
import java.security.SignatureSpi;
import javax.crypto.CipherSpi;

/**
 * The RSA services, with SunRsaSign's and SunJCE's names and OIDs: KeyPairGenerator and KeyFactory
 * "RSA" and "RSASSA-PSS", PKCS#1 v1.5 signatures with each digest the loaded OpenSSL has,
 * "RSASSA-PSS", "NONEwithRSA", and Cipher "RSA" with SunJCE's modes and paddings. {@code
 * AlgorithmParameters} "RSASSA-PSS" and "OAEP" stay with the JDK, whose objects these engines take.
 */
public final class RsaServices {
  private RsaServices() {}

  private static final String KEY_CLASSES =
      "java.security.interfaces.RSAPublicKey|java.security.interfaces.RSAPrivateKey";
  private static final String PKCS1 = "1.2.840.113549.1.1.";
  private static final String NIST = "2.16.840.1.101.3.4.3.";

  /** One PKCS#1 v1.5 signature: its name prefix, the JCA digest, its OID and DigestInfo length. */
  private record Pkcs1(String prefix, String digest, String oid, int digestInfoLength) {}

  private static final Pkcs1[] PKCS1_SIGNATURES = {
    new Pkcs1("MD5", "MD5", PKCS1 + "4", 34),
    new Pkcs1("SHA1", "SHA-1", PKCS1 + "5", 35),
    new Pkcs1("SHA224", "SHA-224", PKCS1 + "14", 47),
    new Pkcs1("SHA256", "SHA-256", PKCS1 + "11", 51),
    new Pkcs1("SHA384", "SHA-384", PKCS1 + "12", 67),
    new Pkcs1("SHA512", "SHA-512", PKCS1 + "13", 83),
    new Pkcs1("SHA512/224", "SHA-512/224", PKCS1 + "15", 47),
    new Pkcs1("SHA512/256", "SHA-512/256", PKCS1 + "16", 51),
    new Pkcs1("SHA3-224", "SHA3-224", NIST + "13", 47),
    new Pkcs1("SHA3-256", "SHA3-256", NIST + "14", 51),
    new Pkcs1("SHA3-384", "SHA3-384", NIST + "15", 67),
    new Pkcs1("SHA3-512", "SHA3-512", NIST + "16", 83),
  };

  public static void register(ServiceSink sink) {
    for (RsaType type : RsaType.values()) {
      ServiceSink.Entry generator =
          sink.add(
                  "KeyPairGenerator",
                  type.jcaName,
                  KeyPairGeneratorSpi.class,
                  () -> new RsaKeyPairGenerator(type))
              .oid(type.oid)
              .attribute("ImplementedIn", "Software");
      ServiceSink.Entry factory =
          sink.add("KeyFactory", type.jcaName, KeyFactorySpi.class, () -> new RsaKeyFactory(type))
              .oid(type.oid)
              .attribute("ImplementedIn", "Software");
      if (type.pss) {
        generator.alias("PSS");
        factory.alias("PSS");
      }
    }
    for (Pkcs1 pkcs1 : PKCS1_SIGNATURES) {
      long md = DigestServices.fetch(pkcs1.digest);
      if (md == 0) {
        continue;
      }
      keyed(
              sink.add(
                  "Signature",
                  pkcs1.prefix + "withRSA",
                  SignatureSpi.class,
                  () -> RsaSignature.pkcs1(md, pkcs1.digestInfoLength)))
          .oid(pkcs1.oid);
    }
    keyed(sink.add("Signature", "RSASSA-PSS", SignatureSpi.class, RsaSignature::pss))
        .alias("PSS")
        .oid(RsaType.PSS.oid);
    keyed(sink.add("Signature", "NONEwithRSA", SignatureSpi.class, RawRsaSignature::new));
    keyed(sink.add("Cipher", "RSA", CipherSpi.class, () -> new RsaCipher(RsaNative.PKCS1_PADDING)))
        .attribute("SupportedModes", "ECB")
        .attribute(
            "SupportedPaddings",
            "NOPADDING|PKCS1PADDING|OAEPPADDING|OAEPWITHMD5ANDMGF1PADDING"
                + "|OAEPWITHSHA1ANDMGF1PADDING|OAEPWITHSHA-1ANDMGF1PADDING"
                + "|OAEPWITHSHA-224ANDMGF1PADDING|OAEPWITHSHA-256ANDMGF1PADDING"
                + "|OAEPWITHSHA-384ANDMGF1PADDING|OAEPWITHSHA-512ANDMGF1PADDING"
                + "|OAEPWITHSHA-512/224ANDMGF1PADDING|OAEPWITHSHA-512/256ANDMGF1PADDING");
    // The exact name SunJSSE asks for, served without the mode and padding calls.
    keyed(
        sink.add(
            "Cipher",
            "RSA/ECB/PKCS1Padding",
            CipherSpi.class,
            () -> new RsaCipher(RsaNative.PKCS1_PADDING)));
  }

  private static ServiceSink.Entry keyed(ServiceSink.Entry entry) {
    return entry
        .attribute("SupportedKeyClasses", KEY_CLASSES)
        .attribute("ImplementedIn", "Software");
  }
}
