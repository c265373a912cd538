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
}
