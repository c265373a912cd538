package dev.carbide.kdf;

import dev.carbide.internal.ServiceSink;

/**
 * The KDF services: HKDF-SHA256, HKDF-SHA384 and HKDF-SHA512, SunJCE's names. They exist only on a
 * Java with javax.crypto.KDF (25 and later), and only for digests the loaded OpenSSL has.
 */
public final class KdfServices {
  private KdfServices() {}

  private record Algorithm(String name, String digest) {}

  private static final Algorithm[] ALGORITHMS = {
    new Algorithm("HKDF-SHA256", "SHA-256"),
    new Algorithm("HKDF-SHA384", "SHA-384"),
    new Algorithm("HKDF-SHA512", "SHA-512"),
  };

  public static void register(ServiceSink sink) {
    if (!HkdfSpiFactory.available()) {
      return;
    }
    for (Algorithm algorithm : ALGORITHMS) {
      Hkdf hkdf = Hkdf.create(algorithm.name, algorithm.digest);
      if (hkdf == null) {
        continue;
      }
      // The SPI takes getInstance's KDFParameters and refuses any, as SunJCE's does.
      sink.add(
              "KDF",
              algorithm.name,
              HkdfSpiFactory.spiClass(),
              parameter -> HkdfSpiFactory.create(hkdf, parameter))
          .attribute("ImplementedIn", "Software");
    }
  }
}
