package dev.carbide.mac;

import dev.carbide.digest.DigestServices;
import dev.carbide.internal.ServiceSink;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.MacSpi;

/**
 * The HMAC services: a Mac and a KeyGenerator for each digest, with SunJCE's names and OIDs (its
 * only aliases), each registered only if the loaded OpenSSL has the digest.
 */
public final class MacServices {
  private MacServices() {}

  /**
   * One HMAC. {@code digest} is the JCA digest name; {@code defaultKeyBytes} is SunJCE's default
   * KeyGenerator size: the digest's output length, or the block length for the legacy HmacSHA1.
   */
  private record Algorithm(
      String name, String digest, String oid, int defaultKeyBytes, boolean legacyKeyGenerator) {}

  private static final String PKCS5 = "1.2.840.113549.2.";
  private static final String NIST = "2.16.840.1.101.3.4.2.";

  private static final Algorithm[] ALGORITHMS = {
    new Algorithm("HmacSHA1", "SHA-1", PKCS5 + "7", 64, true),
    new Algorithm("HmacSHA224", "SHA-224", PKCS5 + "8", 28, false),
    new Algorithm("HmacSHA256", "SHA-256", PKCS5 + "9", 32, false),
    new Algorithm("HmacSHA384", "SHA-384", PKCS5 + "10", 48, false),
    new Algorithm("HmacSHA512", "SHA-512", PKCS5 + "11", 64, false),
    new Algorithm("HmacSHA512/224", "SHA-512/224", PKCS5 + "12", 28, false),
    new Algorithm("HmacSHA512/256", "SHA-512/256", PKCS5 + "13", 32, false),
    new Algorithm("HmacSHA3-224", "SHA3-224", NIST + "13", 28, false),
    new Algorithm("HmacSHA3-256", "SHA3-256", NIST + "14", 32, false),
    new Algorithm("HmacSHA3-384", "SHA3-384", NIST + "15", 48, false),
    new Algorithm("HmacSHA3-512", "SHA3-512", NIST + "16", 64, false),
  };

  public static void register(ServiceSink sink) {
    if (!MacNative.available()) {
      return;
    }
    for (Algorithm algorithm : ALGORITHMS) {
      long md = DigestServices.fetch(algorithm.digest);
      if (md == 0) {
        continue;
      }
      int size = MacNative.size(md);
      sink.add("Mac", algorithm.name, MacSpi.class, () -> new NativeMac(md, size))
          .oid(algorithm.oid)
          .attribute("SupportedKeyFormats", "RAW")
          .attribute("ImplementedIn", "Software");
      sink.add(
              "KeyGenerator",
              algorithm.name,
              KeyGeneratorSpi.class,
              () -> newKeyGenerator(algorithm))
          .oid(algorithm.oid)
          .attribute("ImplementedIn", "Software");
    }
  }

  private static HmacKeyGenerator newKeyGenerator(Algorithm algorithm) {
    return algorithm.legacyKeyGenerator
        ? HmacKeyGenerator.legacy(algorithm.name, algorithm.defaultKeyBytes)
        : HmacKeyGenerator.standard(algorithm.name, algorithm.defaultKeyBytes);
  }
}
