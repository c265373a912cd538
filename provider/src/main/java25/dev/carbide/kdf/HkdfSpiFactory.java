package dev.carbide.kdf;

import java.security.InvalidAlgorithmParameterException;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;

/**
 * Makes the {@code javax.crypto.KDF} SPI of an {@link Hkdf}: the Java 25 version of the base class
 * of the same name, with the same methods (META-INF/versions/25 of the jar).
 */
final class HkdfSpiFactory {
  private HkdfSpiFactory() {}

  /** True if this Java has javax.crypto.KDF. */
  static boolean available() {
    return true;
  }

  /** The JCA engine class of the services: javax.crypto.KDFSpi. */
  static Class<?> spiClass() {
    return KDFSpi.class;
  }

  /** A new SPI over {@code hkdf}; {@code kdfParameters} is getInstance's KDFParameters. */
  static Object create(Hkdf hkdf, Object kdfParameters) throws Exception {
    if (kdfParameters != null && !(kdfParameters instanceof KDFParameters)) {
      throw new InvalidAlgorithmParameterException(
          "KDFParameters expected, not " + kdfParameters.getClass().getName());
    }
    return new HkdfKdfSpi(hkdf, (KDFParameters) kdfParameters);
  }
}
