package dev.carbide.ssl;

/**
 * The native engine's question to Java during a handshake: is this peer chain trusted? Called from
 * inside OpenSSL's handshake (the certificate verify callback of libcarbide-ssl.so), so it must not
 * throw: a refusal keeps its reason on the Java side and returns false.
 */
interface PeerTrust {
  /**
   * {@code chain} is the peer's certificates as sent, leaf first, DER; {@code cipherSuite} the IANA
   * name of the suite being negotiated.
   */
  boolean verifyPeer(byte[][] chain, String cipherSuite);

  /**
   * A server asked this client for its certificate: the handle of the credentials the key manager
   * chooses for {@code keyTypes} (JSSE's names, "EC", "RSA", ...) and {@code issuers} (the DER
   * names of the authorities the server accepts), kept reachable until the handshake step returns,
   * or 0 for none. Must not throw either.
   */
  default long chooseClientCredentials(String[] keyTypes, byte[][] issuers) {
    return 0;
  }
}
