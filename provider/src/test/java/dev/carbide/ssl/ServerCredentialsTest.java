package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.security.PrivateKey;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;

/**
 * The server's key and chain are decoded natively once per alias (CredentialCache), yet a key
 * manager that changes the key behind an alias is still honoured. Under a second after the shared
 * identities exist.
 */
class ServerCredentialsTest {

  /** Counts the copies of its encoding asked for: each is one decoding by the native engine. */
  private static final class CountingKey implements PrivateKey {
    private final PrivateKey key;
    final AtomicInteger encodings = new AtomicInteger();

    CountingKey(PrivateKey key) {
      this.key = key;
    }

    @Override
    public String getAlgorithm() {
      return key.getAlgorithm();
    }

    @Override
    public String getFormat() {
      return key.getFormat();
    }

    @Override
    public byte[] getEncoded() {
      encodings.incrementAndGet();
      return key.getEncoded();
    }
  }

  @Test
  void theServerKeyIsDecodedOnceForManyHandshakes() throws Exception {
    CountingKey key = new CountingKey(TlsIdentities.key("server"));
    FixedKeyManager keys = new FixedKeyManager(key, TlsIdentities.chain("server"));
    SSLContext server = TlsIdentities.context("Carbide", keys, null);
    SSLContext client = TlsIdentities.context("SunJSSE", null, null);
    int port = 1000; // full handshakes: no resumption by the SunJSSE client
    for (String protocol : new String[] {"TLSv1.3", "TLSv1.2", "TLSv1.3"}) {
      new EngineLoop(TlsIdentities.client(client, protocol, port++), TlsIdentities.server(server))
          .exchange(new byte[] {1}, new byte[] {2});
    }
    assertEquals(3, keys.keyRequests.get(), "the key manager is still asked every handshake");
    assertEquals(1, key.encodings.get(), "the key was decoded more than once");
  }

  @Test
  void aKeyManagerThatChangesTheAliasKeyIsHonoured() throws Exception {
    FixedKeyManager keys =
        new FixedKeyManager(TlsIdentities.key("server"), TlsIdentities.chain("server"));
    SSLContext server = TlsIdentities.context("Carbide", keys, null);
    SSLContext client = TlsIdentities.context("SunJSSE", null, null);
    int port = 1000; // a new peer each time, so that the SunJSSE client never resumes
    for (String alias : new String[] {"server", "other", "other", "server"}) {
      keys.key = TlsIdentities.key(alias); // a new but equal key object for the same alias too
      keys.chain = TlsIdentities.chain(alias);
      SSLEngine clientEngine = TlsIdentities.client(client, "TLSv1.3", port++);
      SSLEngine serverEngine = TlsIdentities.server(server);
      new EngineLoop(clientEngine, serverEngine).exchange(new byte[] {1}, new byte[] {2});
      assertEquals(
          TlsIdentities.chain(alias)[0],
          clientEngine.getSession().getPeerCertificates()[0],
          "the client was not shown " + alias + "'s certificate");
      assertEquals(
          TlsIdentities.chain(alias)[0], serverEngine.getSession().getLocalCertificates()[0]);
    }
  }
}
