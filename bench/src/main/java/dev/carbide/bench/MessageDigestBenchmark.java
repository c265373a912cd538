package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** One-shot {@code digest(input)} on a reused MessageDigest. */
public class MessageDigestBenchmark extends SizedInputBenchmark {
  @Param({"SHA-256", "SHA-512", "SHA3-256", "SHAKE256-512", "SHAKE128-256"})
  public String algorithm;

  private MessageDigest digest;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    digest = open(provider, algorithm);
  }

  @Benchmark
  public byte[] digest() {
    return digest.digest(input);
  }

  static MessageDigest open(String provider, String algorithm)
      throws GeneralSecurityException, NotAvailableException {
    return MessageDigest.getInstance(
        algorithm, Providers.forService(provider, "MessageDigest", algorithm));
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    open(provider, algorithm).digest(Inputs.bytes(64, 1));
  }
}
