package dev.carbide.random;

import dev.carbide.internal.ServiceSink;
import java.security.SecureRandomSpi;

/**
 * The SecureRandom service "DEFAULT" over OpenSSL's DRBG. Being the provider's first (and only)
 * SecureRandom, it is also what {@code new SecureRandom()} picks when Carbide comes first.
 */
public final class RandomServices {
  private RandomServices() {}

  public static void register(ServiceSink sink) {
    int strength = RandomNative.strength();
    if (strength <= 0) {
      return; // no working DRBG: leave SecureRandom to the next provider
    }
    String mechanism = RandomNative.mechanismName();
    sink.add(
            "SecureRandom",
            "DEFAULT",
            SecureRandomSpi.class,
            () -> new NativeSecureRandom(strength, mechanism))
        // SecureRandom then calls in without locking: the SPI is safe for concurrent use.
        .attribute("ThreadSafe", "true")
        .attribute("ImplementedIn", "Software");
  }

  /**
   * Fills {@code out} from the engine's own DRBG, with no SecureRandom in between: in FIPS mode
   * that is the module's DRBG, which FIPS 140-3 wants for IVs generated inside the module.
   */
  public static void fillFromEngine(byte[] out) {
    RandomNative.generate(out, 0, out.length);
  }
}
