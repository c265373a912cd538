package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Signing and verifying a 64-byte message. The reused forms keep one Signature initialised in setup
 * (a server signing with one key); the fresh forms do {@code getInstance} and {@code init} per
 * operation, as SunJSSE does in every handshake. Keys come from the provider's own
 * KeyPairGenerator, or from the JDK's where it has none ({@link KeyPairs#forProvider}).
 */
public class SignatureBenchmark extends ProviderBenchmark {
  /** A scheme and its key: the JCA names are in {@link #SCHEMES}. */
  @Param({
    "ECDSA-P256",
    "ECDSA-P384",
    "Ed25519",
    "Ed448",
    "RSA-2048",
    "ML-DSA-44",
    "ML-DSA-65",
    "ML-DSA-87",
    "SLH-DSA-SHA2-128f",
    "RSA-3072",
    "RSA-4096",
    "RSA-PSS-2048",
    "RSA-PSS-3072",
    "RSA-PSS-4096",
    "ECDSA-secp256k1",
    "ECDSA-brainpoolP256r1",
    "DSA-2048"
  })
  public String algorithm;

  /** The JCA signature algorithm and the key type of each {@link #algorithm}. */
  private static final Map<String, String[]> SCHEMES =
      Map.ofEntries(
          Map.entry("ECDSA-P256", new String[] {"SHA256withECDSA", "P-256"}),
          Map.entry("ECDSA-P384", new String[] {"SHA384withECDSA", "P-384"}),
          Map.entry("Ed25519", new String[] {"Ed25519", "Ed25519"}),
          Map.entry("Ed448", new String[] {"Ed448", "Ed448"}),
          Map.entry("RSA-2048", new String[] {"SHA256withRSA", "RSA-2048"}),
          Map.entry("ML-DSA-44", new String[] {"ML-DSA", "ML-DSA-44"}),
          Map.entry("ML-DSA-65", new String[] {"ML-DSA", "ML-DSA-65"}),
          Map.entry("ML-DSA-87", new String[] {"ML-DSA", "ML-DSA-87"}),
          Map.entry("SLH-DSA-SHA2-128f", new String[] {"SLH-DSA", "SLH-DSA-SHA2-128f"}),
          Map.entry("RSA-3072", new String[] {"SHA256withRSA", "RSA-3072"}),
          Map.entry("RSA-4096", new String[] {"SHA256withRSA", "RSA-4096"}),
          Map.entry("RSA-PSS-2048", new String[] {"RSASSA-PSS", "RSA-2048"}),
          Map.entry("RSA-PSS-3072", new String[] {"RSASSA-PSS", "RSA-3072"}),
          Map.entry("RSA-PSS-4096", new String[] {"RSASSA-PSS", "RSA-4096"}),
          Map.entry("ECDSA-secp256k1", new String[] {"SHA256withECDSA", "secp256k1"}),
          Map.entry("ECDSA-brainpoolP256r1", new String[] {"SHA256withECDSA", "brainpoolP256r1"}),
          Map.entry("DSA-2048", new String[] {"SHA256withDSA", "DSA-2048"}));

  /** The parameters of TLS 1.3's rsa_pss_rsae_sha256, for the RSASSA-PSS rows. */
  private static final PSSParameterSpec PSS_SHA256 =
      new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);

  private String jcaName;
  private Provider jcaProvider;
  private KeyPair keys;
  private Signature signer;
  private Signature verifier;
  private final byte[] message = Inputs.bytes(64, 6);
  private byte[] signature;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    jcaName = SCHEMES.get(algorithm)[0];
    jcaProvider = Providers.forService(provider, "Signature", jcaName);
    keys = KeyPairs.forProvider(provider, SCHEMES.get(algorithm)[1]);
    signer = open();
    signer.initSign(keys.getPrivate());
    verifier = open();
    verifier.initVerify(keys.getPublic());
    signature = sign();
    if (!verify()) {
      throw new IllegalStateException(provider + " " + jcaName + " rejects its own signature");
    }
  }

  // A new Signature; RSASSA-PSS gets its parameters as SunJSSE sets them, before init.
  private Signature open() throws GeneralSecurityException {
    Signature signature = Signature.getInstance(jcaName, jcaProvider);
    if (jcaName.equals("RSASSA-PSS")) {
      signature.setParameter(PSS_SHA256);
    }
    return signature;
  }

  @Benchmark
  public byte[] sign() throws GeneralSecurityException {
    signer.update(message);
    return signer.sign();
  }

  @Benchmark
  public boolean verify() throws GeneralSecurityException {
    verifier.update(message);
    return verifier.verify(signature);
  }

  @Benchmark
  public byte[] signFresh() throws GeneralSecurityException {
    Signature fresh = open();
    fresh.initSign(keys.getPrivate());
    fresh.update(message);
    return fresh.sign();
  }

  @Benchmark
  public boolean verifyFresh() throws GeneralSecurityException {
    Signature fresh = open();
    fresh.initVerify(keys.getPublic());
    fresh.update(message);
    return fresh.verify(signature);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    SignatureBenchmark benchmark = new SignatureBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.setup();
    if (!benchmark.verifyFresh()) {
      throw new IllegalStateException(provider + " " + algorithm + " fails a fresh verify");
    }
  }
}
