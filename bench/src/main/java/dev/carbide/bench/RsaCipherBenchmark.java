package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Provider;
import javax.crypto.Cipher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * RSA encryption of a 32-byte key and its decryption, each with {@code init} on the same key object
 * per operation, as a key-wrapping application does. Keys as in {@link SignatureBenchmark}.
 */
public class RsaCipherBenchmark extends ProviderBenchmark {
  /** The padding and key size. */
  @Param({"RSA-2048-OAEP", "RSA-2048-PKCS1"})
  public String algorithm;

  private Cipher cipher;
  private KeyPair keys;
  private final byte[] message = Inputs.bytes(32, 8);
  private byte[] ciphertext;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    String transformation =
        algorithm.endsWith("OAEP")
            ? "RSA/ECB/OAEPWithSHA-256AndMGF1Padding"
            : "RSA/ECB/PKCS1Padding";
    Provider jca = Providers.forService(provider, "Cipher", transformation);
    cipher = Cipher.getInstance(transformation, jca);
    keys = KeyPairs.forProvider(provider, "RSA-2048");
    ciphertext = encrypt();
    if (decrypt().length != message.length) {
      throw new IllegalStateException(provider + " " + algorithm + " fails a round trip");
    }
  }

  @Benchmark
  public byte[] encrypt() throws GeneralSecurityException {
    cipher.init(Cipher.ENCRYPT_MODE, keys.getPublic());
    return cipher.doFinal(message);
  }

  @Benchmark
  public byte[] decrypt() throws GeneralSecurityException {
    cipher.init(Cipher.DECRYPT_MODE, keys.getPrivate());
    return cipher.doFinal(ciphertext);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    RsaCipherBenchmark benchmark = new RsaCipherBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.setup();
  }
}
