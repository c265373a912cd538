package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.util.Arrays;
import javax.crypto.KEM;
import javax.crypto.SecretKey;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * ML-KEM and the hybrid KEMs of the TLS design through {@code javax.crypto.KEM}: key generation,
 * and encapsulation and decapsulation on an Encapsulator and a Decapsulator made once in setup. The
 * key pair comes from the provider's own KeyPairGenerator, or from the JDK's where it has none
 * ({@link KeyPairs#forProvider}); a provider without the KEM itself is reported as not available.
 */
public class KEMBenchmark extends ProviderBenchmark {
  /** A parameter set, which is also the key type in {@link KeyPairs}. */
  @Param({
    "ML-KEM-512",
    "ML-KEM-768",
    "ML-KEM-1024",
    "X25519MLKEM768",
    "SecP256r1MLKEM768",
    "SecP384r1MLKEM1024"
  })
  public String algorithm;

  private KeyPairGenerator generator;
  private KEM.Encapsulator encapsulator;
  private KEM.Decapsulator decapsulator;
  private byte[] encapsulation;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    // ML-KEM's set comes from the key; a hybrid is its own KEM.
    String kemName = algorithm.startsWith("ML-KEM") ? "ML-KEM" : algorithm;
    Provider kemProvider = Providers.forService(provider, "KEM", kemName);
    generator = KeyPairs.generator(provider, algorithm);
    KeyPair keys = KeyPairs.forProvider(provider, algorithm);
    KEM kem = KEM.getInstance(kemName, kemProvider);
    encapsulator = kem.newEncapsulator(keys.getPublic());
    decapsulator = kem.newDecapsulator(keys.getPrivate());
    KEM.Encapsulated encapsulated = encapsulator.encapsulate();
    encapsulation = encapsulated.encapsulation();
    byte[] sent = encapsulated.key().getEncoded();
    if (!Arrays.equals(sent, decapsulate().getEncoded())) {
      throw new IllegalStateException(provider + " " + algorithm + ": decapsulation disagrees");
    }
  }

  @Benchmark
  public KeyPair keygen() {
    return generator.generateKeyPair();
  }

  @Benchmark
  public KEM.Encapsulated encapsulate() {
    return encapsulator.encapsulate();
  }

  @Benchmark
  public SecretKey decapsulate() throws GeneralSecurityException {
    return decapsulator.decapsulate(encapsulation);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    KEMBenchmark benchmark = new KEMBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.setup();
  }
}
