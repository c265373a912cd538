package dev.carbide.ssl;

/**
 * The native engine's questions to Java during a handshake: is this peer chain trusted, and which
 * credentials does this side present? Called from inside OpenSSL's handshake (its callbacks in
 * libcarbide-ssl.so), so they must not throw: a refusal keeps its reason on the Java side.
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

  /**
   * A server read a ClientHello that resumes no session: the handle of the credentials the key
   * manager chooses, with the handshake session now carrying the client's SNI {@code serverName}
   * ("" for none), kept reachable until the handshake step returns, or 0 to fail the handshake (the
   * reason kept on the Java side). Must not throw either.
   */
  default long chooseServerCredentials(String serverName) {
    return 0;
  }

  /**
   * A server with an application protocol selector read the client's ALPN list ({@code offered},
   * each protocol's bytes as ISO-8859-1 chars): the index of the protocol chosen, -1 for none (no
   * ALPN in the answer), or -2 to fail the handshake (no_application_protocol). Must not throw.
   */
  default int selectApplicationProtocol(String[] offered) {
    return -2;
  }

  /**
   * A stapling server chose its credentials for a client that asked for their OCSP status: the
   * leaf's response (DER) to staple, an empty array for none, or null if it is not at hand (the
   * handshake then pauses, and the response is fetched in a delegated task). Must not throw.
   */
  default byte[] serverStatusResponse() {
    return new byte[0];
  }
}
