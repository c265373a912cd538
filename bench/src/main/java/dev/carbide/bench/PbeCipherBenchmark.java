package dev.carbide.bench;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * A PBES2 encryption as the JDK's PKCS12 KeyStore makes one for each stored key: {@code init} with
 * the password key, a new salt and IV and 10,000 PBKDF2 iterations (its default), then a one-shot
 * {@code doFinal} of {@code size} bytes. The key derivation is nearly all of it.
 */
public class PbeCipherBenchmark extends ProviderBenchmark {
  @Param({"PBEWithHmacSHA256AndAES_256"})
  public String algorithm;

  /** About a PKCS#8 P-256 or RSA key's length. */
  @Param({"1024"})
  public int size;

  static final int ITERATIONS = 10_000;

  private Cipher cipher;
  private SecretKey password;
  private byte[] plaintext;
  private final CipherBenchmark.Counter salt = new CipherBenchmark.Counter();
  private final CipherBenchmark.Counter iv = new CipherBenchmark.Counter();

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    cipher = Cipher.getInstance(algorithm, Providers.forService(provider, "Cipher", algorithm));
    password = new SecretKeySpec("password".getBytes(StandardCharsets.UTF_8), "PBE");
    plaintext = Inputs.bytes(size, 1);
  }

  @Benchmark
  public byte[] encrypt() throws GeneralSecurityException {
    cipher.init(
        Cipher.ENCRYPT_MODE,
        password,
        new PBEParameterSpec(salt.next(20), ITERATIONS, new IvParameterSpec(iv.next(16))));
    return cipher.doFinal(plaintext);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    PbeCipherBenchmark benchmark = new PbeCipherBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.size = 1024;
    benchmark.setup();
    benchmark.encrypt();
  }
}
