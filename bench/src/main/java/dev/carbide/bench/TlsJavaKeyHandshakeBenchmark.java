package dev.carbide.bench;

import dev.carbide.CarbideProvider;
import java.math.BigInteger;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A whole TLS 1.3 handshake between two engines of Carbide's native TLS engine, in memory (X25519,
 * TLS_AES_128_GCM_SHA256, an EC P-256 server certificate), with the server's key either decoded by
 * OpenSSL ({@code key=decoded}: a key whose {@code getEncoded()} gives PKCS#8) or only usable from
 * Java ({@code key=javaOnly}: {@code getEncoded()} is null, as for an HSM's key), which the engine
 * signs with through a delegated task and a callback into the key's {@code Signature}. That
 * Signature (this class's {@link JavaKeyProvider}) signs with Carbide's own ECDSA under the same
 * key, so the difference between the two rows is the Java-only path itself: the delegated task, the
 * JNI call into Java, the JCA lookup and the signature's round trip, not a slower signer. A
 * diagnostic run by hand (docs/tls.md), not part of the launcher's suite.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TlsJavaKeyHandshakeBenchmark {
  @Param({"decoded", "javaOnly"})
  public String key;

  private SSLContext serverContext;
  private SSLContext clientContext;
  private final ByteBuffer empty = ByteBuffer.allocate(0);
  private ByteBuffer toServer;
  private ByteBuffer toClient;
  private ByteBuffer sink;

  @Setup(Level.Trial)
  public void contexts() throws Exception {
    Provider carbide = new CarbideProvider();
    if (CarbideProvider.loadError() != null) {
      throw new IllegalStateException("Carbide did not load", CarbideProvider.loadError());
    }
    Security.insertProviderAt(new JavaKeyProvider(carbide), 1);
    KeyStore store = TlsSocketThroughputBenchmark.serverIdentity();
    X509Certificate certificate = (X509Certificate) store.getCertificate("server");
    PrivateKey stored =
        (PrivateKey) store.getKey("server", TlsSocketThroughputBenchmark.PASSWORD.toCharArray());
    // Carbide's own key object under the Java-only wrapper, so its signature is Carbide's ECDSA.
    PrivateKey serverKey =
        key.equals("javaOnly")
            ? new JavaOnlyKey(
                (ECPrivateKey)
                    KeyFactory.getInstance("EC", carbide)
                        .generatePrivate(new PKCS8EncodedKeySpec(stored.getEncoded())))
            : stored;
    serverContext = SSLContext.getInstance("TLS", carbide);
    serverContext.init(new OneKey[] {new OneKey(serverKey, certificate)}, null, null);
    clientContext = SSLContext.getInstance("TLS", carbide);
    clientContext.init(null, new TrustAll[] {new TrustAll()}, null);
    toServer = ByteBuffer.allocate(64 * 1024);
    toClient = ByteBuffer.allocate(64 * 1024);
    sink = ByteBuffer.allocate(64 * 1024);
  }

  @TearDown(Level.Trial)
  public void uninstall() {
    Security.removeProvider(JavaKeyProvider.NAME);
  }

  @Benchmark
  public String handshake() throws Exception {
    SSLEngine client = clientContext.createSSLEngine(); // no peer: nothing to resume
    client.setUseClientMode(true);
    SSLEngine server = serverContext.createSSLEngine();
    server.setUseClientMode(false);
    for (SSLEngine engine : new SSLEngine[] {client, server}) {
      SSLParameters parameters = engine.getSSLParameters();
      parameters.setProtocols(new String[] {"TLSv1.3"});
      parameters.setCipherSuites(new String[] {"TLS_AES_128_GCM_SHA256"});
      parameters.setNamedGroups(new String[] {"x25519"});
      engine.setSSLParameters(parameters);
    }
    client.beginHandshake();
    server.beginHandshake();
    toServer.clear();
    toClient.clear();
    for (int round = 0; round < 50; round++) {
      boolean clientDone = step(client, toServer, toClient);
      boolean serverDone = step(server, toClient, toServer);
      if (clientDone && serverDone) {
        return client.getSession().getCipherSuite();
      }
    }
    throw new IllegalStateException("the handshake did not finish");
  }

  // Moves one engine on: unwraps what the peer sent (`in`, in write mode), wraps into `out`.
  private boolean step(SSLEngine engine, ByteBuffer out, ByteBuffer in) throws Exception {
    in.flip();
    while (true) {
      HandshakeStatus status = engine.getHandshakeStatus();
      SSLEngineResult result;
      if (status == HandshakeStatus.NEED_TASK) {
        for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
          task.run();
        }
        continue;
      } else if (status == HandshakeStatus.NEED_WRAP) {
        result = engine.wrap(empty, out);
      } else if (status == HandshakeStatus.NEED_UNWRAP && in.hasRemaining()) {
        sink.clear();
        result = engine.unwrap(in, sink);
      } else {
        break;
      }
      if (result.getStatus() != SSLEngineResult.Status.OK) {
        break;
      }
    }
    in.compact();
    HandshakeStatus after = engine.getHandshakeStatus();
    return after == HandshakeStatus.NOT_HANDSHAKING || after == HandshakeStatus.FINISHED;
  }

  /** An EC key that only Java can use: no encoding, so the engine cannot hand it to OpenSSL. */
  static final class JavaOnlyKey implements ECPrivateKey {
    final ECPrivateKey inner;

    JavaOnlyKey(ECPrivateKey inner) {
      this.inner = inner;
    }

    @Override
    public BigInteger getS() {
      return inner.getS();
    }

    @Override
    public ECParameterSpec getParams() {
      return inner.getParams();
    }

    @Override
    public String getAlgorithm() {
      return "EC";
    }

    @Override
    public String getFormat() {
      return null;
    }

    @Override
    public byte[] getEncoded() {
      return null;
    }
  }

  /**
   * Serves SHA*withECDSA for {@link JavaOnlyKey} only (delayed provider selection routes every
   * other key past it), signing with Carbide's ECDSA under the wrapped key.
   */
  static final class JavaKeyProvider extends Provider {
    static final String NAME = "CarbideBenchJavaKey";

    JavaKeyProvider(Provider carbide) {
      super(NAME, "1", "a Signature for keys only Java can use");
      for (String algorithm : List.of("SHA256withECDSA", "SHA384withECDSA", "SHA512withECDSA")) {
        putService(
            new Service(
                this,
                "Signature",
                algorithm,
                JavaKeySignature.class.getName(),
                null,
                Map.of("SupportedKeyClasses", JavaOnlyKey.class.getName())) {
              @Override
              public Object newInstance(Object parameter) throws NoSuchAlgorithmException {
                return new JavaKeySignature(Signature.getInstance(algorithm, carbide));
              }
            });
      }
    }
  }

  static final class JavaKeySignature extends SignatureSpi {
    private final Signature delegate;

    JavaKeySignature(Signature delegate) {
      this.delegate = delegate;
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
      if (!(privateKey instanceof JavaOnlyKey javaOnly)) {
        throw new InvalidKeyException("not a JavaOnlyKey");
      }
      delegate.initSign(javaOnly.inner);
    }

    @Override
    protected void engineInitVerify(java.security.PublicKey publicKey) throws InvalidKeyException {
      throw new InvalidKeyException("signing only");
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
      delegate.update(b);
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
      delegate.update(b, off, len);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
      return delegate.sign();
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
      throw new SignatureException("signing only");
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
      throw new UnsupportedOperationException();
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
      throw new UnsupportedOperationException();
    }
  }

  /** The server's one identity. */
  static final class OneKey extends X509ExtendedKeyManager {
    private final PrivateKey key;
    private final X509Certificate certificate;

    OneKey(PrivateKey key, X509Certificate certificate) {
      this.key = key;
      this.certificate = certificate;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
      return keyType.equals("EC") ? "server" : null;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
      return keyType.equals("EC") ? "server" : null;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
      return new String[] {"server"};
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
      return null;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
      return null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
      return new X509Certificate[] {certificate};
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
      return key;
    }
  }

  /** Trusts every server: trust is not what is measured. */
  static final class TrustAll extends X509ExtendedTrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {}

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
