package dev.carbide.ssl;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A key manager with one alias, "fixed", whose key and chain the test may swap between handshakes,
 * counting how often they are asked for. Both roles: a server or a client chooses "fixed" for its
 * key's algorithm, and records the issuers and key types a client was offered.
 */
class FixedKeyManager extends X509ExtendedKeyManager {
  static final String ALIAS = "fixed";
  volatile PrivateKey key;
  volatile X509Certificate[] chain;
  final AtomicInteger keyRequests = new AtomicInteger();
  volatile String[] clientKeyTypes;
  volatile Principal[] clientIssuers;

  FixedKeyManager(PrivateKey key, X509Certificate[] chain) {
    this.key = key;
    this.chain = chain;
  }

  @Override
  public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
    return chooseServerAlias(keyType, issuers, null);
  }

  @Override
  public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
    return keyType.equals(key.getAlgorithm()) ? ALIAS : null;
  }

  @Override
  public String chooseEngineClientAlias(String[] keyTypes, Principal[] issuers, SSLEngine engine) {
    return chooseClientAlias(keyTypes, issuers, null);
  }

  @Override
  public String chooseClientAlias(String[] keyTypes, Principal[] issuers, Socket socket) {
    clientKeyTypes = keyTypes;
    clientIssuers = issuers;
    for (String keyType : keyTypes) {
      if (keyType.equals(key.getAlgorithm())) {
        return ALIAS;
      }
    }
    return null;
  }

  @Override
  public String[] getServerAliases(String keyType, Principal[] issuers) {
    return new String[] {ALIAS};
  }

  @Override
  public String[] getClientAliases(String keyType, Principal[] issuers) {
    return new String[] {ALIAS};
  }

  @Override
  public X509Certificate[] getCertificateChain(String alias) {
    return ALIAS.equals(alias) ? chain.clone() : null;
  }

  @Override
  public PrivateKey getPrivateKey(String alias) {
    if (!ALIAS.equals(alias)) {
      return null;
    }
    keyRequests.incrementAndGet();
    return key;
  }
}
