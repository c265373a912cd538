package dev.carbide.ssl;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.Keytool;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;

/**
 * EC P-256 identities made once per JVM with keytool (about a second each) for the resumption,
 * credential and client certificate tests: "server" and "other" (both CN=localhost) and "client",
 * in one PKCS12 store that is also the trust store, so every peer trusts every identity.
 */
final class TlsIdentities {
  static final String PASSWORD = "changeit";
  private static KeyStore store;

  private TlsIdentities() {}

  /** Skips the calling test where the engine is absent (a system or named OpenSSL). */
  static synchronized KeyStore store() throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    if (store == null) {
      Path dir = Files.createTempDirectory("carbide-tls");
      Path file = dir.resolve("identities.p12");
      for (String alias : new String[] {"server", "other", "client"}) {
        Keytool.generateNamedKeyPair(
            file,
            PASSWORD,
            alias,
            alias.equals("client") ? "client" : "localhost",
            "-keyalg",
            "EC",
            "-groupname",
            "secp256r1");
      }
      KeyStore loaded = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(file)) {
        loaded.load(in, PASSWORD.toCharArray());
      }
      Files.delete(file);
      Files.delete(dir);
      store = loaded;
    }
    return store;
  }

  /**
   * The group a Carbide engine settles on with a classical peer that offers X25519 (s_client,
   * SunJSSE): X25519, or in the FIPS pass P-256, since FIPS mode does not approve X25519.
   */
  static String classicalGroup() {
    return FipsSkips.FIPS_PASS ? "secp256r1" : "x25519";
  }

  /** The hybrid group two Carbide engines agree on by default (docs/tls.md, docs/fips.md). */
  static String hybridGroup() {
    return FipsSkips.FIPS_PASS ? "SecP256r1MLKEM768" : "X25519MLKEM768";
  }

  static PrivateKey key(String alias) throws Exception {
    return (PrivateKey) store().getKey(alias, PASSWORD.toCharArray());
  }

  static X509Certificate[] chain(String alias) throws Exception {
    return new X509Certificate[] {(X509Certificate) store().getCertificate(alias)};
  }

  /** A key manager over the whole store (SunX509), which offers the first alias that fits. */
  static X509KeyManager keyManager() throws Exception {
    KeyManagerFactory factory = KeyManagerFactory.getInstance("SunX509");
    factory.init(store(), PASSWORD.toCharArray());
    return (X509KeyManager) factory.getKeyManagers()[0];
  }

  static X509TrustManager trustManager() throws Exception {
    TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
    factory.init(store());
    return (X509TrustManager) factory.getTrustManagers()[0];
  }

  static SSLContext context(String provider, X509KeyManager keys, X509TrustManager trust)
      throws Exception {
    store(); // skips where the engine is absent, even for a test that brings its own managers
    SSLContext context =
        provider.equals("Carbide")
            ? SSLContext.getInstance("TLS", Carbide.provider())
            : SSLContext.getInstance("TLS", provider);
    context.init(
        keys == null ? null : new X509KeyManager[] {keys},
        new X509TrustManager[] {trust == null ? trustManager() : trust},
        null);
    return context;
  }

  static SSLEngine client(SSLContext context, String protocol) {
    return client(context, protocol, 443);
  }

  /** A client for localhost:{@code port}: clients resume sessions by host and port. */
  static SSLEngine client(SSLContext context, String protocol, int port) {
    SSLEngine engine = context.createSSLEngine("localhost", port);
    engine.setUseClientMode(true);
    engine.setEnabledProtocols(new String[] {protocol});
    return engine;
  }

  static SSLEngine server(SSLContext context) {
    SSLEngine engine = context.createSSLEngine();
    engine.setUseClientMode(false);
    return engine;
  }
}
