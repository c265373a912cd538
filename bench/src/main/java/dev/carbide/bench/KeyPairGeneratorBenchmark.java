package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** {@code generateKeyPair()} on a generator initialised once with the key type's spec. */
public class KeyPairGeneratorBenchmark extends ProviderBenchmark {
  /** A key type from {@link KeyPairs}. */
  @Param({
    "P-256",
    "P-384",
    "Ed25519",
    "X25519",
    "RSA-2048",
    "RSA-3072",
    "RSA-4096",
    "secp256k1",
    "DH-2048",
    "DSA-2048"
  })
  public String algorithm;

  private KeyPairGenerator generator;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    generator = KeyPairs.generator(provider, algorithm);
  }

  @Benchmark
  public KeyPair generateKeyPair() {
    return generator.generateKeyPair();
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    KeyPairs.generator(provider, algorithm).generateKeyPair();
  }
}
