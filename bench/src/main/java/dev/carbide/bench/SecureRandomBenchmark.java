package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code nextBytes} into a reused buffer, from each provider's default generator: Carbide's
 * "DEFAULT", the JDK's NativePRNG (what {@code new SecureRandom()} gives on Linux).
 */
public class SecureRandomBenchmark extends ProviderBenchmark {
  /** Output length in bytes. */
  @Param({"16", "1024", "4096"})
  public int size;

  private SecureRandom random;
  private byte[] output;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    random = open(provider);
    output = new byte[size];
  }

  @Benchmark
  public byte[] nextBytes() {
    random.nextBytes(output);
    return output;
  }

  static SecureRandom open(String provider) throws GeneralSecurityException, NotAvailableException {
    String algorithm = Providers.secureRandomAlgorithm(provider);
    return SecureRandom.getInstance(
        algorithm, Providers.forService(provider, "SecureRandom", algorithm));
  }

  /** Fails unless {@code provider} can run this benchmark; it has no algorithm parameter. */
  static void probe(String provider, String unused) throws Exception {
    open(provider).nextBytes(new byte[16]);
  }
}
