package dev.carbide.bench;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What SunJSSE does for every TLS 1.3 record it sends: the same key object, {@code init} with a new
 * 12-byte IV ({@code GCMParameterSpec} of 128 bits), 13 bytes of AAD (the record header), and an
 * in-place {@code doFinal} over the record with room for the tag after it. The report shows it in
 * the Cipher table.
 */
public class CipherTlsRecordBenchmark extends ProviderBenchmark {
  @Param({"AES-128-GCM"})
  public String algorithm;

  /** The record's plaintext length. */
  @Param({"1024"})
  public int size;

  private static final String TRANSFORMATION = "AES/GCM/NoPadding";
  private static final int TAG_BYTES = 16;

  private Cipher cipher;
  private SecretKey key;
  private final byte[] header = Inputs.bytes(13, 8);
  private byte[] record;
  private final CipherBenchmark.Counter iv = new CipherBenchmark.Counter();

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    cipher =
        Cipher.getInstance(
            TRANSFORMATION, Providers.forService(provider, "Cipher", TRANSFORMATION));
    key = new SecretKeySpec(Inputs.bytes(16, 9), "AES");
    record = new byte[size + TAG_BYTES];
    System.arraycopy(Inputs.bytes(size, 10), 0, record, 0, size);
    seal();
  }

  @Benchmark
  public byte[] seal() throws GeneralSecurityException {
    return seal(cipher, key, iv, header, record, size);
  }

  /** SunJSSE's calls for one record: init with a fresh IV, the header as AAD, in-place doFinal. */
  static byte[] seal(
      Cipher cipher,
      SecretKey key,
      CipherBenchmark.Counter iv,
      byte[] header,
      byte[] record,
      int size)
      throws GeneralSecurityException {
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv.next(12)));
    cipher.updateAAD(header);
    cipher.doFinal(record, 0, size, record, 0);
    return record;
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    CipherTlsRecordBenchmark benchmark = new CipherTlsRecordBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.size = 1024;
    benchmark.setup();
  }
}
