package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.spec.PKCS8EncodedKeySpec;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The server side of a TLS handshake as SunJSSE calls the JCA ({@link TlsHandshakeCalls}), replayed
 * whole per operation: engines from {@code getInstance} per use, keys from encoded bytes, so a
 * primitive that is slow only inside a handshake shows up here and not only in a profile of a real
 * server. {@link TlsHandshakeStepsBenchmark} measures each step of it alone.
 *
 * <p>As in a server with Carbide configured at priority 1, the provider is not named: {@code
 * Carbide} puts Carbide first in the JCA's list (for this JVM; {@link #restore} takes it out
 * again), {@code JDK} leaves the JDK's list as it is. The server's private key is decoded from
 * PKCS#8 through {@code KeyFactory} after that, as the PKCS#12 key store does for SunJSSE's key
 * manager, so with Carbide it is Carbide's own key; {@link
 * TlsHandshakeStepsBenchmark#certificateVerifyForeignKey} signs with the JDK's key object instead
 * (a key store loaded before Carbide was installed), which Carbide must translate.
 *
 * <p>{@code Carbide-hybrid-off} is Carbide in a JVM started with {@code -Dcarbide.hybrid=off}. The
 * launcher leaves it out here (its forked JVMs would add about 12 s to the CI's smoke pass for
 * three rows; the mixed workload already compares the routes), so measure it with JMH's own {@code
 * -jvmArgsAppend -Dcarbide.hybrid=off} (docs/tls.md has the command).
 */
public class TlsHandshakeCallsBenchmark extends ProviderBenchmark {
  /**
   * The protocol, key exchange group and certificate: see {@link TlsHandshakeCalls#shape}; the last
   * is a resumed TLS 1.2 connection ({@link TlsResumption12}), where fresh engines, not public-key
   * work, are the cryptography.
   */
  @Param({
    "TLS13-X25519-ECDSA",
    "TLS13-X25519-RSAPSS",
    "TLS12-P256-ECDSA",
    "TLS12-P256-ECDSA-RESUMED"
  })
  public String algorithm;

  TlsHandshakeCalls calls;
  private Provider installed;
  // For the steps measured alone (TlsHandshakeStepsBenchmark): the JDK's key object for the
  // certificate's key, and stand-ins for the secrets and the hash earlier steps would make.
  PrivateKey foreignIdentity;
  SecretKey shared;
  SecretKey serverKey;
  SecretKey clientKey;
  byte[] transcriptHash;

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    TlsHandshakeCalls.Shape shape = TlsHandshakeCalls.shape(algorithm);
    installed = install(provider);
    KeyPair identity = KeyPairs.generator(Providers.JDK, shape.identity()).generateKeyPair();
    foreignIdentity = identity.getPrivate();
    PrivateKey stored =
        KeyFactory.getInstance(foreignIdentity.getAlgorithm())
            .generatePrivate(new PKCS8EncodedKeySpec(foreignIdentity.getEncoded()));
    String group = shape.xdh() ? "X25519" : "P-256";
    KeyPair client = KeyPairs.generator(Providers.JDK, group).generateKeyPair();
    calls = new TlsHandshakeCalls(shape, stored, client, new SecureRandom());
    shared = new SecretKeySpec(Inputs.bytes(32, 31), "TlsPremasterSecret");
    serverKey = new SecretKeySpec(Inputs.bytes(shape.keyLength(), 32), "AES");
    clientKey = new SecretKeySpec(Inputs.bytes(shape.keyLength(), 33), "AES");
    transcriptHash = Inputs.bytes(shape.hashLength(), 34);
  }

  /** Puts back the JCA's provider list that {@link #setup} changed. */
  @TearDown
  public void restore() {
    if (installed != null) {
      Security.removeProvider(installed.getName());
      installed = null;
    }
  }

  /** The whole server side of a full handshake, with one request and its response. */
  @Benchmark
  public byte[] handshake() throws GeneralSecurityException {
    return calls.handshake();
  }

  /**
   * Puts Carbide first in the JCA's list for a Carbide name, and returns it (null for the JDK,
   * which changes nothing). Other peers are not measured here.
   */
  static Provider install(String name) throws NotAvailableException {
    if (name.equals(Providers.JDK)) {
      return null;
    }
    if (!name.startsWith(Providers.CARBIDE)) {
      throw new NotAvailableException("the handshake replay measures only Carbide and the JDK");
    }
    Provider carbide = Providers.forType(name, "MessageDigest");
    Security.removeProvider(carbide.getName());
    Security.insertProviderAt(carbide, 1);
    return carbide;
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    TlsHandshakeCallsBenchmark benchmark = new TlsHandshakeCallsBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.setup();
    try {
      benchmark.handshake();
    } finally {
      benchmark.restore();
    }
  }
}
