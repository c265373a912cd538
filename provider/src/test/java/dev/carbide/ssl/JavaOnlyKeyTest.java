package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Keytool;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.cert.X509Certificate;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Private keys only Java can use (docs/tls.md, "Keys only Java can use"): a key whose {@code
 * getEncoded()} is null, as an HSM's is through SunPKCS11, signs every handshake through its own
 * {@code Signature}, served here by a small test provider that delegates to SunEC and SunRsaSign
 * and counts its signatures. A Carbide server and a Carbide client (client certificate) against
 * SunJSSE, TLS 1.3 and 1.2, EC and RSA; a Signature that throws; many keys dropped (no global
 * reference left behind); four threads signing with one key. About 7 s of tests on the loaded
 * machine (the leak check 4 s), after keytool's identities.
 */
class JavaOnlyKeyTest {
  private static final TestSignatures PROVIDER = new TestSignatures();
  static final Map<String, X509Certificate[]> CHAINS = new java.util.HashMap<>();
  private static final Map<String, PrivateKey> KEYS = new java.util.HashMap<>();
  private static int port = 3000; // a new peer for every handshake: no resumption

  /** A private key with no encoding: the JCA reaches it only through its provider. */
  static final class OpaqueKey implements PrivateKey {
    private final PrivateKey key;

    OpaqueKey(PrivateKey key) {
      this.key = key;
    }

    @Override
    public String getAlgorithm() {
      return key.getAlgorithm();
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

  /** Signatures for OpaqueKeys only, delegating to the JDK's providers, counted. */
  static final class TestSignatures extends Provider {
    final AtomicInteger signatures = new AtomicInteger();
    volatile boolean refuse;
    volatile long sleepMillis; // a slow token, for the delegated task tests
    volatile Thread lastSigner;

    TestSignatures() {
      this("CarbideOpaqueKeyTest");
    }

    TestSignatures(String name) {
      super(name, "1", "signs with OpaqueKeys, as an HSM's provider would");
      for (String algorithm :
          List.of(
              "SHA256withECDSA",
              "SHA384withECDSA",
              "SHA512withECDSA",
              "SHA256withRSA",
              "SHA384withRSA",
              "SHA512withRSA",
              "RSASSA-PSS",
              "Ed25519")) {
        putService(
            new Service(
                this,
                "Signature",
                algorithm,
                Delegating.class.getName(),
                null,
                Map.of("SupportedKeyClasses", OpaqueKey.class.getName())) {
              @Override
              public Object newInstance(Object parameter) {
                return new Delegating(TestSignatures.this, algorithm);
              }
            });
      }
    }
  }

  static final class Delegating extends SignatureSpi {
    private final TestSignatures provider;
    private final String algorithm;
    private Signature inner;

    Delegating(TestSignatures provider, String algorithm) {
      this.provider = provider;
      this.algorithm = algorithm;
    }

    @Override
    protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
      if (!(key instanceof OpaqueKey opaque)) {
        throw new InvalidKeyException("not an OpaqueKey");
      }
      try {
        boolean ec = algorithm.endsWith("ECDSA") || algorithm.startsWith("Ed");
        inner = Signature.getInstance(algorithm, ec ? "SunEC" : "SunRsaSign");
      } catch (java.security.GeneralSecurityException e) {
        throw new InvalidKeyException(e);
      }
      inner.initSign(opaque.key);
    }

    @Override
    protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
      throw new InvalidKeyException("signs only");
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec spec)
        throws InvalidAlgorithmParameterException {
      inner.setParameter(spec);
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
      inner.update(b);
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
      inner.update(b, off, len);
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
      provider.lastSigner = Thread.currentThread();
      if (provider.sleepMillis > 0) {
        try {
          Thread.sleep(provider.sleepMillis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new SignatureException("interrupted", e);
        }
      }
      if (provider.refuse) {
        throw new SignatureException("the token refused to sign");
      }
      provider.signatures.incrementAndGet();
      return inner.sign();
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
      throw new SignatureException("signs only");
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
      throw new InvalidParameterException("no such parameter");
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
      throw new InvalidParameterException("no such parameter");
    }
  }

  /** Trusts every chain: trust is not under test here, and the RSA identity is this test's own. */
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

  @BeforeAll
  static void identities() throws Exception {
    KEYS.put("EC", TlsIdentities.key("server"));
    CHAINS.put("EC", TlsIdentities.chain("server"));
    Path dir = Files.createTempDirectory("carbide-javakey");
    Path file = dir.resolve("rsa.p12");
    Keytool.generateNamedKeyPair(
        file, TlsIdentities.PASSWORD, "rsa", "localhost", "-keyalg", "RSA", "-keysize", "2048");
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, TlsIdentities.PASSWORD.toCharArray());
    }
    Files.delete(file);
    Files.delete(dir);
    KEYS.put("RSA", (PrivateKey) store.getKey("rsa", TlsIdentities.PASSWORD.toCharArray()));
    CHAINS.put("RSA", new X509Certificate[] {(X509Certificate) store.getCertificate("rsa")});
    Security.addProvider(PROVIDER);
  }

  @AfterAll
  static void removeProvider() {
    Security.removeProvider(PROVIDER.getName());
  }

  static FixedKeyManager opaqueKeys(String type) {
    return new FixedKeyManager(new OpaqueKey(KEYS.get(type)), CHAINS.get(type));
  }

  private static SSLContext context(String provider, FixedKeyManager keys) throws Exception {
    return TlsIdentities.context(provider, keys, new TrustAll());
  }

  /** One handshake and a message each way; returns the engines, client first. */
  private static SSLEngine[] connect(
      SSLContext client, SSLContext server, String protocol, boolean mutual) throws Exception {
    SSLEngine clientEngine = TlsIdentities.client(client, protocol, port++);
    SSLEngine serverEngine = TlsIdentities.server(server);
    serverEngine.setNeedClientAuth(mutual);
    new EngineLoop(clientEngine, serverEngine).exchange(new byte[] {1, 2, 3}, new byte[] {4, 5});
    return new SSLEngine[] {clientEngine, serverEngine};
  }

  @ParameterizedTest
  @CsvSource({"EC, TLSv1.3", "EC, TLSv1.2", "RSA, TLSv1.3", "RSA, TLSv1.2"})
  void aServerSignsWithItsJavaKey(String type, String protocol) throws Exception {
    SSLContext server = context("Carbide", opaqueKeys(type));
    SSLContext client = context("SunJSSE", null);
    int before = PROVIDER.signatures.get();
    SSLEngine[] engines = connect(client, server, protocol, false);
    assertEquals(before + 1, PROVIDER.signatures.get(), "the key's own Signature signed once");
    assertEquals(protocol, engines[0].getSession().getProtocol());
    assertEquals(CHAINS.get(type)[0], engines[0].getSession().getPeerCertificates()[0]);
    assertEquals(CHAINS.get(type)[0], engines[1].getSession().getLocalCertificates()[0]);
  }

  @ParameterizedTest
  @CsvSource({"EC, TLSv1.3", "EC, TLSv1.2", "RSA, TLSv1.3", "RSA, TLSv1.2"})
  void aClientSignsWithItsJavaKey(String type, String protocol) throws Exception {
    SSLContext client = context("Carbide", opaqueKeys(type));
    SSLContext server =
        context(
            "SunJSSE",
            new FixedKeyManager(TlsIdentities.key("server"), TlsIdentities.chain("server")));
    int before = PROVIDER.signatures.get();
    SSLEngine[] engines = connect(client, server, protocol, true);
    assertEquals(before + 1, PROVIDER.signatures.get(), "the key's own Signature signed once");
    assertEquals(CHAINS.get(type)[0], engines[1].getSession().getPeerCertificates()[0]);
  }

  @Test
  void aSignatureThatThrowsFailsTheHandshakeWithItsCause() throws Exception {
    SSLContext sunJsse =
        context(
            "SunJSSE",
            new FixedKeyManager(TlsIdentities.key("server"), TlsIdentities.chain("server")));
    PROVIDER.refuse = true;
    try {
      for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
        SSLHandshakeException server =
            assertThrows(
                SSLHandshakeException.class,
                () ->
                    connect(
                        context("SunJSSE", null),
                        context("Carbide", opaqueKeys("EC")),
                        protocol,
                        false));
        assertInstanceOf(SignatureException.class, server.getCause(), server::toString);
        assertEquals("the token refused to sign", server.getCause().getMessage());
        SSLHandshakeException client =
            assertThrows(
                SSLHandshakeException.class,
                () -> connect(context("Carbide", opaqueKeys("RSA")), sunJsse, protocol, true));
        assertInstanceOf(SignatureException.class, client.getCause(), client::toString);
      }
    } finally {
      PROVIDER.refuse = false;
    }
    assertNull(JavaKeySigner.takeFailure(), "each failure was taken by its handshake");
  }

  /**
   * A key manager handing out a new key object for every handshake makes new credentials every time
   * (the cache honours a changed key): the native side must let go of each Java key once its
   * credentials and engines are gone. Fails with about 100 references left if it leaks them.
   */
  /** The signers still referenced once collectable contexts are gone (at most 5 s of GC). */
  static int settledSigners(int floor) throws InterruptedException {
    long deadline = System.nanoTime() + 5_000_000_000L;
    int live;
    while ((live = SessionNative.liveJavaKeySigners()) > floor && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(20);
    }
    return live;
  }

  @Test
  void droppedKeysLeaveNoGlobalReferences() throws Exception {
    int before = settledSigners(0); // earlier tests' contexts are garbage by now
    FixedKeyManager keys =
        new FixedKeyManager(null, CHAINS.get("EC")) {
          @Override
          public PrivateKey getPrivateKey(String alias) {
            return new OpaqueKey(KEYS.get("EC"));
          }

          @Override
          public String chooseServerAlias(
              String keyType, java.security.Principal[] issuers, Socket s) {
            return keyType.equals("EC") ? ALIAS : null;
          }
        };
    SSLContext server = context("Carbide", keys);
    SSLContext client = context("Carbide", null);
    int handshakes = 100;
    for (int i = 0; i < handshakes; i++) {
      connect(client, server, "TLSv1.3", false);
    }
    assertTrue(
        SessionNative.liveJavaKeySigners() > before,
        "the current key's signer is held while its context is");
    server = null; // the context, its credentials and its engines can all go now
    int live = settledSigners(before);
    assertTrue(live <= before, live + " Java keys still referenced, " + before + " before");
  }

  @Test
  void fourThreadsSignWithOneKey() throws Exception {
    SSLContext server = context("Carbide", opaqueKeys("EC"));
    int before = PROVIDER.signatures.get();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int first;
        synchronized (JavaOnlyKeyTest.class) {
          first = port;
          port += 10;
        }
        done.add(
            threads.submit(
                () -> {
                  SSLContext client = context("SunJSSE", null);
                  for (int i = 0; i < 5; i++) {
                    SSLEngine clientEngine = TlsIdentities.client(client, "TLSv1.3", first + i);
                    new EngineLoop(clientEngine, TlsIdentities.server(server))
                        .exchange(new byte[] {1}, new byte[] {2});
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      threads.shutdownNow();
    }
    assertEquals(before + 20, PROVIDER.signatures.get());
  }
}
