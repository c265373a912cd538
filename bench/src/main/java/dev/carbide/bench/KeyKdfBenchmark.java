package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.spec.KeySpec;
import javax.crypto.SecretKeyFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One key derivation from a secret with a reused SecretKeyFactory, the shape of the {@code speed}
 * rows and of carbide_bench's {@code BM_EvpKdf} rows: a 32-byte key from a 32-byte secret, with a
 * 16-byte Label and Context (KBKDF; feedback mode with a 32-byte IV) or FixedInfo (the one-step
 * KDF, X9.63). Neither the JDK nor Bouncy Castle's provider serves these as a SecretKeyFactory, so
 * only Carbide runs here; carbide_bench gives OpenSSL's own limit.
 */
public class KeyKdfBenchmark extends ProviderBenchmark {
  @Param({
    "KBKDF-COUNTER-HMACSHA256",
    "KBKDF-FEEDBACK-HMACSHA256",
    "KBKDF-COUNTER-AESCMAC",
    "ONESTEP-SHA256",
    "X963KDF-SHA256"
  })
  public String algorithm;

  private SecretKeyFactory factory;
  private KeySpec spec;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    factory =
        SecretKeyFactory.getInstance(
            algorithm, Providers.forService(provider, "SecretKeyFactory", algorithm));
    spec = spec(algorithm);
  }

  @Benchmark
  public byte[] generateSecret() throws GeneralSecurityException {
    return factory.generateSecret(spec).getEncoded();
  }

  private static KeySpec spec(String algorithm) {
    byte[] secret = Inputs.bytes(32, 7);
    byte[] label = Inputs.bytes(16, 8);
    if (algorithm.startsWith("KBKDF-FEEDBACK")) {
      return new dev.carbide.KbkdfKeySpec(secret, label, label, Inputs.bytes(32, 9), 256);
    }
    if (algorithm.startsWith("KBKDF")) {
      return new dev.carbide.KbkdfKeySpec(secret, label, label, 256);
    }
    return new dev.carbide.KeyAgreementKdfSpec(secret, label, 256);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    KeyKdfBenchmark benchmark = new KeyKdfBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.setup();
    benchmark.generateSecret();
  }
}
