package dev.carbide.bench;

import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** One-shot {@code doFinal(input)} on a Mac keyed once (a 32-byte key) and reused. */
public class MacBenchmark extends SizedInputBenchmark {
  // AESCMAC, KMAC256 and POLY1305 take the same 32-byte key; the JDK has none of them.
  @Param({"HmacSHA256", "HmacSHA512", "HmacSHA3-256", "AESCMAC", "KMAC256", "POLY1305"})
  public String algorithm;

  private Mac mac;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    mac = open(provider, algorithm);
  }

  @Benchmark
  public byte[] doFinal() {
    return mac.doFinal(input);
  }

  static Mac open(String provider, String algorithm)
      throws GeneralSecurityException, NotAvailableException {
    Mac mac = Mac.getInstance(algorithm, Providers.forService(provider, "Mac", algorithm));
    mac.init(new SecretKeySpec(Inputs.bytes(32, 3), algorithm));
    return mac;
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    open(provider, algorithm).doFinal(Inputs.bytes(64, 2));
  }
}
