package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.Key;
import javax.crypto.Cipher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@link CipherBenchmark}'s message with the output written into one reused array, {@code
 * doFinal(input, 0, size, output, 0)}, as a TLS stack or a cipher stream writes it. This is the
 * like-for-like comparison with the native limit, which also writes into a reused buffer: {@code
 * doFinal(input)} must return a new array, and allocating and zeroing it (cache-cold at 16 KiB) is
 * a cost that every provider pays and the native limit does not. The report shows it in the Cipher
 * table, for the AES modes whose share of the native limit the issue tracks.
 */
public class CipherIntoArrayBenchmark extends ProviderBenchmark {
  /** Also "AES-256-GCM-Decrypt" on demand (-p), for the cost of staging checked decryptions. */
  @Param({"AES-256-GCM", "AES-256-CBC-Decrypt", "AES-256-CTR"})
  public String algorithm;

  @Param({"1024", "16384"})
  public int size;

  private CipherBenchmark.Scheme scheme;
  private Cipher cipher;
  private Key key;
  private byte[] input;
  private byte[] output;
  private final CipherBenchmark.Counter iv = new CipherBenchmark.Counter();

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    scheme = CipherBenchmark.SCHEMES.get(algorithm);
    cipher = scheme.open(provider);
    key = scheme.key();
    input = scheme.sealed(Inputs.bytes(size, 1));
    scheme.init(cipher, key, iv);
    output = new byte[cipher.getOutputSize(input.length)];
  }

  @Benchmark
  public byte[] doFinalIntoArray() throws GeneralSecurityException {
    scheme.init(cipher, key, iv);
    cipher.doFinal(input, 0, input.length, output, 0);
    return output;
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    CipherIntoArrayBenchmark benchmark = new CipherIntoArrayBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.size = 1024;
    benchmark.setup();
    benchmark.doFinalIntoArray();
  }
}
