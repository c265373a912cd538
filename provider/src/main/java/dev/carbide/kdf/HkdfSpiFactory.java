package dev.carbide.kdf;

/**
 * Makes the {@code javax.crypto.KDF} SPI of an {@link Hkdf}. This base version is the one Java 17
 * to 24 load, which have no final KDF API: it says so and makes nothing. The Java 25 version, in
 * src/main/java25 (META-INF/versions/25 of the jar), has the same methods and makes {@code
 * HkdfKdfSpi}s.
 */
final class HkdfSpiFactory {
  private HkdfSpiFactory() {}

  /** True if this Java has javax.crypto.KDF. */
  static boolean available() {
    return false;
  }

  /** The JCA engine class of the services: javax.crypto.KDFSpi. */
  static Class<?> spiClass() {
    throw new UnsupportedOperationException("javax.crypto.KDF needs Java 25");
  }

  /** A new SPI over {@code hkdf}; {@code kdfParameters} is getInstance's KDFParameters. */
  static Object create(Hkdf hkdf, Object kdfParameters) throws Exception {
    throw new UnsupportedOperationException("javax.crypto.KDF needs Java 25");
  }
}
