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
    // SunJCE gives HmacMD5 no OID alias, so neither does Carbide (null).
    new Algorithm("HmacMD5", "MD5", null, 64, true),
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

  private static final int[] AES_KEYS = {16, 24, 32};

  /** The other MACs, with Bouncy Castle's names, registered if the loaded OpenSSL has them. */
  private static final EvpMacAlgorithm[] EVP_MACS = {
    new EvpMacAlgorithm("AESCMAC", "CMAC", MacNative.PARAMETER_NONE, "CBC", AES_KEYS, 16, null),
    new EvpMacAlgorithm(
        "AES-GMAC", "GMAC", MacNative.PARAMETER_IV, "GCM", AES_KEYS, 16, null, "AESGMAC"),
    new EvpMacAlgorithm(
        "KMAC128",
        "KMAC-128",
        MacNative.PARAMETER_CUSTOMISATION,
        null,
        new int[0],
        32,
        NIST + "19"),
    new EvpMacAlgorithm(
        "KMAC256",
        "KMAC-256",
        MacNative.PARAMETER_CUSTOMISATION,
        null,
        new int[0],
        64,
        NIST + "20"),
    new EvpMacAlgorithm(
        "POLY1305", "POLY1305", MacNative.PARAMETER_NONE, null, new int[] {32}, 16, null),
    // Bouncy Castle's name and key sizes (two- or three-key Triple DES); FIPS mode leaves it out.
    new EvpMacAlgorithm(
        "DESedeCMAC",
        "CMAC",
        MacNative.PARAMETER_NONE,
        EvpMacAlgorithm.TRIPLE_DES,
        new int[] {16, 24},
        8,
        null),
  };

  public static void register(ServiceSink sink) {
    registerEvpMacs(sink);
    if (!MacNative.available()) {
      return;
    }
    for (Algorithm algorithm : ALGORITHMS) {
      long md = DigestServices.fetch(algorithm.digest);
      if (md == 0) {
        continue;
      }
      int size = MacNative.size(md);
      ServiceSink.Entry mac =
          sink.add("Mac", algorithm.name, MacSpi.class, () -> new NativeMac(md, size))
              .attribute("SupportedKeyFormats", "RAW")
              .attribute("ImplementedIn", "Software");
      ServiceSink.Entry generator =
          sink.add(
                  "KeyGenerator",
                  algorithm.name,
                  KeyGeneratorSpi.class,
                  () -> newKeyGenerator(algorithm))
              .attribute("ImplementedIn", "Software");
      if (algorithm.oid != null) {
        mac.oid(algorithm.oid);
        generator.oid(algorithm.oid);
      }
    }
  }

  private static void registerEvpMacs(ServiceSink sink) {
    for (EvpMacAlgorithm algorithm : EVP_MACS) {
      long mac = MacNative.fetchMac(algorithm.opensslName());
      if (mac == 0) {
        continue;
      }
      ServiceSink.Entry entry =
          sink.add("Mac", algorithm.name(), MacSpi.class, () -> new NativeEvpMac(algorithm, mac))
              .alias(algorithm.aliases())
              .attribute("SupportedKeyFormats", "RAW")
              .attribute("ImplementedIn", "Software");
      if (algorithm.oid() != null) {
        entry.oid(algorithm.oid());
      }
    }
  }

  private static HmacKeyGenerator newKeyGenerator(Algorithm algorithm) {
    return algorithm.legacyKeyGenerator
        ? HmacKeyGenerator.legacy(algorithm.name, algorithm.defaultKeyBytes, legacyName(algorithm))
        : HmacKeyGenerator.standard(algorithm.name, algorithm.defaultKeyBytes);
  }

  /** The name SunJCE's legacy generators give in their messages: "HMAC-MD5", "HMAC-SHA1". */
  private static String legacyName(Algorithm algorithm) {
    return "HMAC-" + algorithm.digest.replace("-", "");
  }
}
