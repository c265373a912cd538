package dev.carbide.pqc;

/**
 * Makes the {@code javax.crypto.KEM} SPI of a KEM service. This base version is the one Java 17 to
 * 20 load, which have no KEM API: it says so and makes nothing ({@link dev.carbide.CarbideKem}
 * serves them). The Java 21 version, in src/main/java21 (META-INF/versions/21 of the jar), has the
 * same methods and makes {@code PqcKemSpi}s.
 */
final class KemSpiFactory {
  private KemSpiFactory() {}

  /** True if this Java has javax.crypto.KEM. */
  static boolean available() {
    return false;
  }

  /** The JCA engine class of the services: javax.crypto.KEMSpi. */
  static Class<?> spiClass() {
    throw new UnsupportedOperationException("javax.crypto.KEM needs Java 21");
  }

  /** A new SPI for the KEM {@code algorithm} ("ML-KEM", "ML-KEM-768"). */
  static Object create(String algorithm) {
    throw new UnsupportedOperationException("javax.crypto.KEM needs Java 21");
  }
}
