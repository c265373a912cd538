package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Mutual TLS with a Carbide client: its certificate comes from its key manager's {@code
 * chooseEngineClientAlias}, given the key types and authorities the server asked for, against a
 * SunJSSE server and a Carbide one that need client authentication. Under a second once the shared
 * identities exist.
 */
class ClientCertificateTest {

  private static FixedKeyManager keys(String alias) throws Exception {
    return new FixedKeyManager(TlsIdentities.key(alias), TlsIdentities.chain(alias));
  }

  private static int port = 2000; // a new peer each time: no resumption

  private static SSLEngine[] connect(
      SSLContext client, SSLContext server, String protocol, boolean need) throws Exception {
    SSLEngine clientEngine = TlsIdentities.client(client, protocol, port++);
    SSLEngine serverEngine = TlsIdentities.server(server);
    if (need) {
      serverEngine.setNeedClientAuth(true);
    } else {
      serverEngine.setWantClientAuth(true);
    }
    new EngineLoop(clientEngine, serverEngine).exchange(new byte[] {1}, new byte[] {2});
    return new SSLEngine[] {clientEngine, serverEngine};
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void sunJsseServerGetsTheEngineClientsCertificate(String protocol) throws Exception {
    FixedKeyManager clientKeys = keys("client");
    SSLContext client = TlsIdentities.context("Carbide", clientKeys, null);
    SSLContext server = TlsIdentities.context("SunJSSE", keys("server"), null);
    SSLEngine[] engines = connect(client, server, protocol, true);
    assertEquals(
        TlsIdentities.chain("client")[0], engines[1].getSession().getPeerCertificates()[0]);
    assertEquals(
        TlsIdentities.chain("client")[0], engines[0].getSession().getLocalCertificates()[0]);
    assertTrue(
        List.of(clientKeys.clientKeyTypes).contains("EC"),
        List.of(clientKeys.clientKeyTypes)::toString);
    if (protocol.equals("TLSv1.2")) {
      // A TLS 1.2 CertificateRequest names the server's trusted authorities: the three identities.
      assertEquals(3, clientKeys.clientIssuers.length);
    }
  }

  @Test
  void engineServerGetsTheEngineClientsCertificate() throws Exception {
    SSLContext client = TlsIdentities.context("Carbide", keys("client"), null);
    SSLContext server = TlsIdentities.context("Carbide", keys("server"), null);
    for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
      SSLEngine[] engines = connect(client, server, protocol, true);
      assertEquals(
          TlsIdentities.chain("client")[0], engines[1].getSession().getPeerCertificates()[0]);
      assertEquals(
          TlsIdentities.chain("server")[0], engines[0].getSession().getPeerCertificates()[0]);
    }
  }

  @Test
  void aClientWithoutAKeyManagerSendsNoCertificate() throws Exception {
    SSLContext client = TlsIdentities.context("Carbide", null, null);
    SSLContext server = TlsIdentities.context("SunJSSE", keys("server"), null);
    // A server that only wants one carries on without it...
    SSLEngine[] engines = connect(client, server, "TLSv1.3", false);
    assertThrows(
        SSLPeerUnverifiedException.class, () -> engines[1].getSession().getPeerCertificates());
    // ... and one that needs it refuses the handshake.
    assertThrows(SSLException.class, () -> connect(client, server, "TLSv1.3", true));
  }
}
