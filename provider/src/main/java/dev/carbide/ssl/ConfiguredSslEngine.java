package dev.carbide.ssl;

import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * What a {@link CarbideSslEngine} is configured with, apart from what it does: the SSLParameters
 * (protocols, cipher suites, client authentication, ...), session creation and the ALPN selectors,
 * read and written under the engine's lock, and taken by the native engine when its handshake
 * starts. The one subclass is {@link CarbideSslEngine}; the split keeps each file to one concern.
 */
abstract class ConfiguredSslEngine extends SSLEngine {
  final CarbideSslContext context;
  final EngineSettings settings;
  // Serialises every call (OpenSSL's SSL object is not thread-safe), parameters included.
  final Object lock = new Object();

  ConfiguredSslEngine(CarbideSslContext context, String host, int port) {
    super(host, port);
    this.context = context;
    this.settings = context.defaultSettings();
  }

  /** Where the session creation flag, the selectors and the ALPN choice are kept. */
  abstract HandshakeCallbacks callbacks();

  @Override
  public String[] getSupportedCipherSuites() {
    return context.supportedCipherSuites();
  }

  @Override
  public String[] getEnabledCipherSuites() {
    synchronized (lock) {
      return settings.cipherSuites.clone();
    }
  }

  @Override
  public void setEnabledCipherSuites(String[] suites) {
    CipherSuiteNames.check(suites, context.supportedCipherSuites());
    synchronized (lock) {
      settings.enableCipherSuites(suites);
    }
  }

  @Override
  public String[] getSupportedProtocols() {
    return EngineSettings.SUPPORTED_PROTOCOLS.toArray(new String[0]);
  }

  @Override
  public String[] getEnabledProtocols() {
    synchronized (lock) {
      return settings.protocols.clone();
    }
  }

  @Override
  public void setEnabledProtocols(String[] protocols) {
    if (protocols == null) {
      throw new IllegalArgumentException("Protocols cannot be null");
    }
    SSLParameters parameters = new SSLParameters();
    parameters.setProtocols(protocols);
    synchronized (lock) {
      settings.apply(withCurrent(parameters));
    }
  }

  // A copy of the current parameters with only the protocols replaced.
  private SSLParameters withCurrent(SSLParameters protocols) {
    SSLParameters current = settings.toParameters();
    current.setProtocols(protocols.getProtocols());
    return current;
  }

  @Override
  public void setNeedClientAuth(boolean need) {
    synchronized (lock) {
      settings.needClientAuth = need;
      settings.wantClientAuth = false;
    }
  }

  @Override
  public boolean getNeedClientAuth() {
    synchronized (lock) {
      return settings.needClientAuth;
    }
  }

  @Override
  public void setWantClientAuth(boolean want) {
    synchronized (lock) {
      settings.wantClientAuth = want;
      settings.needClientAuth = false;
    }
  }

  @Override
  public boolean getWantClientAuth() {
    synchronized (lock) {
      return settings.wantClientAuth;
    }
  }

  /**
   * SunJSSE's meaning: with {@code false} no new session is created, so only a handshake that
   * resumes a session completes (a client without a session to offer fails at once).
   */
  @Override
  public void setEnableSessionCreation(boolean flag) {
    synchronized (lock) {
      callbacks().sessionCreation = flag;
    }
  }

  @Override
  public boolean getEnableSessionCreation() {
    synchronized (lock) {
      return callbacks().sessionCreation;
    }
  }

  @Override
  public SSLParameters getSSLParameters() {
    synchronized (lock) {
      return settings.toParameters();
    }
  }

  @Override
  public void setSSLParameters(SSLParameters parameters) {
    if (parameters.getCipherSuites() != null) {
      CipherSuiteNames.check(parameters.getCipherSuites(), context.supportedCipherSuites());
    }
    synchronized (lock) {
      settings.apply(parameters);
    }
  }

  @Override
  public void setHandshakeApplicationProtocolSelector(
      BiFunction<SSLEngine, List<String>, String> selector) {
    synchronized (lock) {
      callbacks().engineSelector = selector;
    }
  }

  @Override
  public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
    synchronized (lock) {
      return callbacks().engineSelector;
    }
  }

  /** The selector of the socket this engine works for ({@link CarbideSslSocket}). */
  void socketSelector(BiFunction<SSLSocket, List<String>, String> selector) {
    synchronized (lock) {
      callbacks().socketSelector = selector;
    }
  }

  BiFunction<SSLSocket, List<String>, String> socketSelector() {
    synchronized (lock) {
      return callbacks().socketSelector;
    }
  }
}
