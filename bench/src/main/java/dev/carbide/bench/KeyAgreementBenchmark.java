package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Provider;
import java.util.Arrays;
import java.util.Map;
import javax.crypto.KeyAgreement;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One shared secret: {@code init}, {@code doPhase} and {@code generateSecret}. The reused form runs
 * them on one KeyAgreement; the fresh form adds {@code getInstance} per operation, as SunJSSE does
 * in every (EC)DHE handshake. Both key pairs come from the provider's own KeyPairGenerator, or from
 * the JDK's where it has none ({@link KeyPairs#forProvider}).
 */
public class KeyAgreementBenchmark extends ProviderBenchmark {
  /** A scheme and its key: the JCA names are in {@link #SCHEMES}. */
  @Param({"ECDH-P256", "ECDH-P384", "X25519", "X448", "ECDH-brainpoolP256r1", "DH-2048"})
  public String algorithm;

  /** The JCA key agreement algorithm and the key type of each {@link #algorithm}. */
  private static final Map<String, String[]> SCHEMES =
      Map.of(
          "ECDH-P256", new String[] {"ECDH", "P-256"},
          "ECDH-P384", new String[] {"ECDH", "P-384"},
          "X25519", new String[] {"X25519", "X25519"},
          "X448", new String[] {"X448", "X448"},
          "ECDH-brainpoolP256r1", new String[] {"ECDH", "brainpoolP256r1"},
          "DH-2048", new String[] {"DiffieHellman", "DH-2048"});

  private String jcaName;
  private Provider jcaProvider;
  private KeyPair own;
  private KeyPair peer;
  private KeyAgreement agreement;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    jcaName = SCHEMES.get(algorithm)[0];
    jcaProvider = Providers.forService(provider, "KeyAgreement", jcaName);
    own = KeyPairs.forProvider(provider, SCHEMES.get(algorithm)[1]);
    peer = KeyPairs.forProvider(provider, SCHEMES.get(algorithm)[1]);
    agreement = KeyAgreement.getInstance(jcaName, jcaProvider);
    byte[] ours = generateSecret();
    byte[] theirs = agree(KeyAgreement.getInstance(jcaName, jcaProvider), peer, own);
    if (!Arrays.equals(ours, theirs)) {
      throw new IllegalStateException(provider + " " + algorithm + ": the two sides disagree");
    }
  }

  @Benchmark
  public byte[] generateSecret() throws GeneralSecurityException {
    return agree(agreement, own, peer);
  }

  @Benchmark
  public byte[] generateSecretFresh() throws GeneralSecurityException {
    return agree(KeyAgreement.getInstance(jcaName, jcaProvider), own, peer);
  }

  private static byte[] agree(KeyAgreement agreement, KeyPair own, KeyPair peer)
      throws GeneralSecurityException {
    agreement.init(own.getPrivate());
    agreement.doPhase(peer.getPublic(), true);
    return agreement.generateSecret();
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    KeyAgreementBenchmark benchmark = new KeyAgreementBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.setup();
  }
}
