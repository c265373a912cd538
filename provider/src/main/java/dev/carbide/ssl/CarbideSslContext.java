package dev.carbide.ssl;

import dev.carbide.internal.FipsMode;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.security.KeyManagementException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;
import javax.security.auth.x500.X500Principal;

/**
 * SSLContext {@code TLS}, {@code TLSv1.3} and {@code TLSv1.2} on the native engine (docs/tls.md,
 * "Native engine (preview)"). Keys and trust stay Java's: the server's chain and key come from the
 * application's X509KeyManager, the peer's chain goes to its X509TrustManager. Each side's sessions
 * are kept in its {@link SessionStore}, the SSLSessionContext. SSLEngine and the sockets on it are
 * served. Not final only for {@link CarbideDefaultSslContext}.
 */
public class CarbideSslContext extends SSLContextSpi {
  private static final String[] SERVER_KEY_TYPES = {"EC", "RSA"};

  private final List<String> defaultProtocols;
  // Whether clients ask for the server's stapled OCSP response (status_request), read once per
  // context as SunJSSE reads it; anything but "false" is true, as for the ticket properties.
  final boolean clientStatusRequest =
      !"false"
          .equalsIgnoreCase(
              System.getProperty("jdk.tls.client.enableStatusRequestExtension", "true"));
  // Whether servers staple OCSP responses for their certificates (status_request), SunJSSE's
  // jdk.tls.server.enableStatusRequestExtension, false by default; read once per context, as
  // SunJSSE reads it. Only "true" turns it on here, where SunJSSE throws for other values.
  final boolean serverStatusRequest =
      "true"
          .equalsIgnoreCase(
              System.getProperty("jdk.tls.server.enableStatusRequestExtension", "false"));
  private OcspStapler stapler; // made for the first stapled handshake
  private X509KeyManager keyManager;
  private X509TrustManager trustManager;
  private long handle;
  private String[] defaultCipherSuites;
  // FIPS mode: the named groups the module can negotiate, lower case (else null).
  private Set<String> approvedGroups;
  private final CredentialCache serverCredentials = new CredentialCache();
  private final CredentialCache clientCredentials = new CredentialCache();
  private final SessionStore clientSessions = new SessionStore(this, true);
  private final SessionStore serverSessions = new SessionStore(this, false);

  CarbideSslContext(String protocol) {
    TlsNative.ensureLoaded();
    this.defaultProtocols =
        protocol.equals("TLSv1.2") ? List.of("TLSv1.2") : EngineSettings.SUPPORTED_PROTOCOLS;
  }

  @Override
  protected synchronized void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random)
      throws KeyManagementException {
    keyManager = first(km, X509KeyManager.class);
    trustManager = first(tm, X509TrustManager.class);
    if (trustManager == null) {
      trustManager = defaultTrustManager();
    }
    if (handle == 0) {
      long context = TlsNative.newContext();
      // The context lives as long as this SPI; its engines hold the SPI, so it outlives them.
      NativeCleaner.register(this, context, TlsNative::freeContext, NativeFootprint.TLS_ENGINE);
      handle = context;
      defaultCipherSuites = TlsNative.defaultCipherSuites(context);
      if (FipsMode.enabled()) {
        approvedGroups = EngineSettings.approvedGroups(TlsNative.implementedGroups(context));
      }
      SessionNative.setTicketKeyRotation(context, SessionStore.statelessKeySeconds());
    }
    configureSessions();
  }

  /** The server's OCSP responses (with {@link #serverStatusRequest}), made when first needed. */
  synchronized OcspStapler stapler() {
    if (stapler == null) {
      stapler = new OcspStapler();
    }
    return stapler;
  }

  SessionStore sessionStore(boolean client) {
    return client ? clientSessions : serverSessions;
  }

  /** Passes the session contexts' timeout and cache size to the native context, once it exists. */
  void configureSessions() {
    long context;
    synchronized (this) {
      context = handle;
    }
    if (context != 0) {
      SessionNative.configureSessions(
          context,
          serverSessions.getSessionTimeout(),
          clientSessions.getSessionTimeout(),
          serverSessions.getSessionCacheSize(),
          serverSessions.tickets(),
          clientSessions.tickets());
    }
  }

  synchronized long handle() {
    if (handle == 0) {
      throw new IllegalStateException("SSLContext is not initialized");
    }
    return handle;
  }

  synchronized EngineSettings defaultSettings() {
    handle();
    return new EngineSettings(defaultProtocols.toArray(new String[0]), defaultCipherSuites.clone());
  }

  /**
   * {@code suites}, or null if they are the context's defaults in their order: an engine then keeps
   * the list its SSL_CTX already parsed, instead of OpenSSL parsing it again in every handshake.
   */
  synchronized String[] unlessDefault(String[] suites) {
    return Arrays.equals(suites, defaultCipherSuites) ? null : suites;
  }

  /** In FIPS mode the named groups the module can negotiate, lower case; otherwise null. */
  synchronized Set<String> approvedGroups() {
    return approvedGroups;
  }

  String[] supportedCipherSuites() {
    synchronized (this) {
      return defaultCipherSuites.clone();
    }
  }

  /**
   * The credentials of the alias the application's key manager chooses for a server engine, asked
   * once the ClientHello is known ({@code chooseEngineServerAlias} of an X509ExtendedKeyManager
   * with the engine, whose handshake session then gives the client's SNI names, or {@code
   * chooseServerAlias} with the engine's socket), EC first, then RSA.
   */
  CredentialCache.Decoded chooseServerCredentials(
      CarbideSslEngine engine, CarbideSslSession session) throws SSLException {
    X509KeyManager keys;
    synchronized (this) {
      keys = keyManager;
    }
    if (keys == null) {
      throw new SSLHandshakeException(
          "No available authentication scheme: the context has no key manager");
    }
    SSLSocket socket = engine.socket();
    for (String keyType : SERVER_KEY_TYPES) {
      String alias =
          socket == null && keys instanceof X509ExtendedKeyManager extended
              ? extended.chooseEngineServerAlias(keyType, null, engine)
              : keys.chooseServerAlias(keyType, null, socket);
      if (alias == null) {
        continue;
      }
      PrivateKey key = keys.getPrivateKey(alias);
      X509Certificate[] chain = keys.getCertificateChain(alias);
      CredentialCache.Decoded credentials =
          chain == null || chain.length == 0 || key == null
              ? null
              : serverCredentials.get(alias, key, chain);
      if (credentials == null) {
        continue;
      }
      session.localCertificates(credentials.chain());
      return credentials;
    }
    throw new SSLHandshakeException("No available authentication scheme");
  }

  /**
   * A client engine's certificate for a server that asked for one: the credentials of the alias the
   * key manager chooses ({@code chooseEngineClientAlias} of an X509ExtendedKeyManager), or null for
   * none. Never throws: it runs inside the native handshake, and a server that needs a certificate
   * refuses the handshake without one.
   */
  CredentialCache.Decoded chooseClientCredentials(
      CarbideSslEngine engine, CarbideSslSession session, String[] keyTypes, byte[][] issuers) {
    X509KeyManager keys;
    synchronized (this) {
      keys = keyManager;
    }
    if (keys == null) {
      return null;
    }
    try {
      X500Principal[] principals = new X500Principal[issuers.length];
      for (int i = 0; i < issuers.length; i++) {
        principals[i] = new X500Principal(issuers[i]);
      }
      SSLSocket socket = engine.socket();
      String alias =
          socket == null && keys instanceof X509ExtendedKeyManager extended
              ? extended.chooseEngineClientAlias(keyTypes, principals, engine)
              : keys.chooseClientAlias(keyTypes, principals, socket);
      PrivateKey key = alias == null ? null : keys.getPrivateKey(alias);
      X509Certificate[] chain = alias == null ? null : keys.getCertificateChain(alias);
      if (key == null || chain == null || chain.length == 0) {
        return null;
      }
      CredentialCache.Decoded credentials = clientCredentials.get(alias, key, chain);
      if (credentials != null) {
        session.localCertificates(credentials.chain());
      }
      return credentials;
    } catch (SSLException | RuntimeException e) {
      return null;
    }
  }

  /** Asks the application's trust manager about a peer's chain. */
  void checkPeer(
      CarbideSslEngine engine, X509Certificate[] chain, String cipherSuite, boolean client)
      throws CertificateException {
    X509TrustManager trust;
    synchronized (this) {
      trust = trustManager;
    }
    // An extended trust manager gets the socket or engine: with it the handshake session and the
    // endpoint identification algorithm, which it checks the peer's name against.
    SSLSocket socket = engine.socket();
    if (client) {
      String authType = serverAuthType(cipherSuite);
      if (!(trust instanceof X509ExtendedTrustManager extended)) {
        trust.checkServerTrusted(chain, authType);
        requireNoEndpointIdentification(engine);
      } else if (socket != null) {
        extended.checkServerTrusted(chain, authType, socket);
      } else {
        extended.checkServerTrusted(chain, authType, engine);
      }
    } else {
      String authType = chain[0].getPublicKey().getAlgorithm();
      if (!(trust instanceof X509ExtendedTrustManager extended)) {
        trust.checkClientTrusted(chain, authType);
      } else if (socket != null) {
        extended.checkClientTrusted(chain, authType, socket);
      } else {
        extended.checkClientTrusted(chain, authType, engine);
      }
    }
  }

  // SunJSSE wraps a plain X509TrustManager to add the name check; this engine has no name checker
  // of its own, so it refuses rather than skip the check the application asked for.
  private static void requireNoEndpointIdentification(CarbideSslEngine engine)
      throws CertificateException {
    String algorithm = engine.getSSLParameters().getEndpointIdentificationAlgorithm();
    if (algorithm != null && !algorithm.isEmpty()) {
      throw new CertificateException(
          "endpoint identification ("
              + algorithm
              + ") needs an X509ExtendedTrustManager with Carbide's TLS engine");
    }
  }

  // SunJSSE's authType: the key exchange of a TLS 1.2 suite, "UNKNOWN" for TLS 1.3 (whose suites
  // leave key exchange and authentication out).
  static String serverAuthType(String cipherSuite) {
    int with = cipherSuite.indexOf("_WITH_");
    return with < 0 || !cipherSuite.startsWith("TLS_") ? "UNKNOWN" : cipherSuite.substring(4, with);
  }

  @Override
  protected SSLEngine engineCreateSSLEngine() {
    return new CarbideSslEngine(this, null, -1);
  }

  @Override
  protected SSLEngine engineCreateSSLEngine(String host, int port) {
    return new CarbideSslEngine(this, host, port);
  }

  @Override
  protected SSLSocketFactory engineGetSocketFactory() {
    handle(); // SunJSSE's IllegalStateException before init
    return new CarbideSslSocketFactory(this);
  }

  @Override
  protected SSLServerSocketFactory engineGetServerSocketFactory() {
    handle();
    return new CarbideSslServerSocketFactory(this);
  }

  @Override
  protected SSLSessionContext engineGetServerSessionContext() {
    return serverSessions;
  }

  @Override
  protected SSLSessionContext engineGetClientSessionContext() {
    return clientSessions;
  }

  @Override
  protected SSLParameters engineGetDefaultSSLParameters() {
    return defaultSettings().toParameters();
  }

  @Override
  protected SSLParameters engineGetSupportedSSLParameters() {
    return new SSLParameters(
        supportedCipherSuites(), EngineSettings.SUPPORTED_PROTOCOLS.toArray(new String[0]));
  }

  private static <T> T first(Object[] managers, Class<T> type) {
    if (managers != null) {
      for (Object manager : managers) {
        if (type.isInstance(manager)) {
          return type.cast(manager);
        }
      }
    }
    return null;
  }

  private static X509TrustManager defaultTrustManager() throws KeyManagementException {
    try {
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init((KeyStore) null);
      X509TrustManager trust = first(factory.getTrustManagers(), X509TrustManager.class);
      if (trust == null) {
        throw new KeyManagementException("no default X509TrustManager");
      }
      return trust;
    } catch (NoSuchAlgorithmException | KeyStoreException e) {
      throw new KeyManagementException("cannot create the default trust manager", e);
    }
  }
}
