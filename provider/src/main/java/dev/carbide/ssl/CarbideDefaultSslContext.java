package dev.carbide.ssl;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyManagementException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManager;

/**
 * SSLContext {@code Default} on the native engine: initialised at creation with SunJSSE's default
 * managers, so {@code SSLContext.getDefault()} (and with it {@code SSLSocketFactory.getDefault()},
 * {@code HttpsURLConnection}) can run on the engine. The key manager reads the keystore the system
 * properties {@code javax.net.ssl.keyStore}, {@code keyStoreType}, {@code keyStoreProvider} and
 * {@code keyStorePassword} name (none: no key); the trust manager is the default
 * TrustManagerFactory's, which reads {@code javax.net.ssl.trustStore} and the JDK's cacerts. As in
 * SunJSSE, the managers are made once per JVM and {@code init} is refused.
 *
 * <p>Opt-in like the other SSLContext services ({@link SslServices#offered}): {@code
 * SSLContext.getDefault()} asks without naming a provider, so it gets this context only with {@code
 * carbide.tls.default=true}; {@code SSLContext.getInstance("Default", "Carbide")} always.
 */
final class CarbideDefaultSslContext extends CarbideSslContext {
  CarbideDefaultSslContext() throws KeyManagementException {
    super("TLS");
    super.engineInit(DefaultKeys.managers(), null, null);
  }

  @Override
  protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random)
      throws KeyManagementException {
    throw new KeyManagementException("Default SSLContext is initialized automatically");
  }

  /** The key managers of the system properties, made on first use; a failure is kept too. */
  private static final class DefaultKeys {
    private static final KeyManager[] MANAGERS;
    private static final String FAILURE;

    static {
      KeyManager[] managers = null;
      String failure = null;
      try {
        managers = load();
      } catch (Exception e) {
        failure = e.toString();
      }
      MANAGERS = managers;
      FAILURE = failure;
    }

    static KeyManager[] managers() throws KeyManagementException {
      if (FAILURE != null) {
        throw new KeyManagementException("cannot load the default key managers: " + FAILURE);
      }
      return MANAGERS.clone();
    }

    // SunJSSE's reading of the properties: "NONE" (a token's keystore) loads from no file, and an
    // empty password is none.
    private static KeyManager[] load() throws Exception {
      String file = System.getProperty("javax.net.ssl.keyStore", "");
      String type = System.getProperty("javax.net.ssl.keyStoreType", KeyStore.getDefaultType());
      String provider = System.getProperty("javax.net.ssl.keyStoreProvider", "");
      String password = System.getProperty("javax.net.ssl.keyStorePassword", "");
      boolean token = type.equals("PKCS11");
      if (token && !file.equals("NONE")) {
        throw new IllegalArgumentException("if keyStoreType is PKCS11, then keyStore must be NONE");
      }
      char[] secret = password.isEmpty() ? null : password.toCharArray();
      try {
        KeyStore store = null;
        if (!type.isEmpty()) {
          store =
              provider.isEmpty()
                  ? KeyStore.getInstance(type)
                  : KeyStore.getInstance(type, provider);
          if (file.isEmpty() || file.equals("NONE")) {
            store.load(null, secret);
          } else {
            try (InputStream in = Files.newInputStream(Path.of(file))) {
              store.load(in, secret);
            }
          }
        }
        KeyManagerFactory factory =
            KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        factory.init(store, token ? null : secret);
        return factory.getKeyManagers();
      } finally {
        if (secret != null) {
          Arrays.fill(secret, '\0');
        }
      }
    }
  }
}
