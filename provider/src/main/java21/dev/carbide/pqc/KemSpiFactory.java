package dev.carbide.pqc;

import javax.crypto.KEMSpi;

/**
 * Makes the {@code javax.crypto.KEM} SPI of a KEM service: the Java 21 version of the base class of
 * the same name, with the same methods (META-INF/versions/21 of the jar).
 */
final class KemSpiFactory {
  private KemSpiFactory() {}

  /** True if this Java has javax.crypto.KEM. */
  static boolean available() {
    return true;
  }

  /** The JCA engine class of the services: javax.crypto.KEMSpi. */
  static Class<?> spiClass() {
    return KEMSpi.class;
  }

  /** A new SPI for the KEM {@code algorithm} ("ML-KEM", "ML-KEM-768"). */
  static Object create(String algorithm) {
    return new PqcKemSpi(algorithm);
  }
}
