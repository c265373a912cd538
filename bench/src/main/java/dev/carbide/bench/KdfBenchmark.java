package dev.carbide.bench;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.KDF;
import javax.crypto.spec.HKDFParameterSpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * HKDF extract-then-expand to 32 bytes on a reused KDF, the shape of a TLS 1.3 key schedule step:
 * 32-byte salt and input key, a short label as info.
 */
public class KdfBenchmark extends ProviderBenchmark {
  @Param({"HKDF-SHA256"})
  public String algorithm;

  private KDF kdf;
  private HKDFParameterSpec.ExtractThenExpand spec;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    kdf = open(provider, algorithm);
    spec = tls13Step();
  }

  @Benchmark
  public byte[] extractThenExpand() throws GeneralSecurityException {
    return kdf.deriveData(spec);
  }

  static KDF open(String provider, String algorithm)
      throws GeneralSecurityException, NotAvailableException {
    return KDF.getInstance(algorithm, Providers.forService(provider, "KDF", algorithm));
  }

  static HKDFParameterSpec.ExtractThenExpand tls13Step() {
    return HKDFParameterSpec.ofExtract()
        .addIKM(Inputs.bytes(32, 4))
        .addSalt(Inputs.bytes(32, 5))
        .thenExpand("tls13 derived".getBytes(StandardCharsets.US_ASCII), 32);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    open(provider, algorithm).deriveData(tls13Step());
  }
}
