package dev.carbide.bench;

import java.security.GeneralSecurityException;
import javax.crypto.SecretKey;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The steps of {@link TlsHandshakeCallsBenchmark}'s handshake, each alone with the freshness it has
 * in a handshake, beside the whole ({@code handshake}, inherited), to show which step costs what. A
 * diagnostic, run by hand with JMH (docs/tls.md has the command): the launcher's suite ({@link
 * Catalog}) runs only the whole handshake, since eight methods for three handshakes and each
 * provider would add some fifty jobs to every run of the suite.
 */
public class TlsHandshakeStepsBenchmark extends TlsHandshakeCallsBenchmark {
  /** The client's share through KeyFactory, a fresh key pair, the agreement. */
  @Benchmark
  public SecretKey keyShare() throws GeneralSecurityException {
    return calls.keyShare();
  }

  /** TLS 1.3's key schedule: every HKDF step of a server, each a fresh KDF (none in TLS 1.2). */
  @Benchmark
  public SecretKey keySchedule() throws GeneralSecurityException {
    return calls.shape.tls13() ? calls.keySchedule(shared) : null;
  }

  /** The transcript hash: one MessageDigest, cloned and finished at each point it is read. */
  @Benchmark
  public byte[] transcript() throws GeneralSecurityException {
    return calls.transcript();
  }

  /** CertificateVerify (or TLS 1.2's ServerKeyExchange) with the key store's key. */
  @Benchmark
  public byte[] certificateVerify() throws GeneralSecurityException {
    return calls.certificateVerify(transcriptHash);
  }

  /** The same signature with the JDK's own key object for the certificate's key. */
  @Benchmark
  public byte[] certificateVerifyForeignKey() throws GeneralSecurityException {
    return calls.sign(foreignIdentity, transcriptHash);
  }

  /** Both Finished MACs of TLS 1.3, each with its key by HKDF and a fresh Mac (TLS 1.2: none). */
  @Benchmark
  public byte[] finished() throws GeneralSecurityException {
    if (!calls.shape.tls13()) {
      return null;
    }
    calls.finishedMac(shared, transcriptHash);
    return calls.finishedMac(shared, transcriptHash);
  }

  /**
   * The records of a handshake and one request: fresh Ciphers per traffic key (for a resumed TLS
   * 1.2 connection, its two record ciphers as SunJSSE calls them, between heap ByteBuffers).
   */
  @Benchmark
  public byte[] records() throws GeneralSecurityException {
    TlsResumption12 resumed = calls.resumedConnection;
    return resumed != null ? resumed.records() : calls.records(serverKey, clientKey);
  }

  /**
   * A resumed TLS 1.2 connection's session tickets: the client's opened and a new one sealed, each
   * with a fresh Cipher (the other handshakes: nothing).
   */
  @Benchmark
  public byte[] tickets() throws GeneralSecurityException {
    TlsResumption12 resumed = calls.resumedConnection;
    if (resumed == null) {
      return null;
    }
    resumed.openTicket();
    return resumed.sealTicket();
  }

  /**
   * A resumed TLS 1.2 connection's PRFs (the key block and both Finished), each over a fresh
   * MessageDigest as SunJCE computes them (the other handshakes: nothing).
   */
  @Benchmark
  public byte[] prf() throws GeneralSecurityException {
    TlsResumption12 resumed = calls.resumedConnection;
    return resumed == null ? null : resumed.prfs();
  }
}
