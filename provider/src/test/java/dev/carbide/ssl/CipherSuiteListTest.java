package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;

/**
 * Cipher suites set on an engine ({@code setEnabledCipherSuites}, {@code SSLParameters}), which the
 * native side parses once per distinct list and context (CipherSuiteTemplates): each engine of one
 * context negotiates only its own list, a list found again in the cache is still that list, and a
 * suite outside a server's list is refused. The peer is SunJSSE on its default suites.
 */
class CipherSuiteListTest {
  private static final byte[] PING = "ping".getBytes(StandardCharsets.US_ASCII);

  @Test
  void eachClientEngineNegotiatesTheListItWasGiven() throws Exception {
    SSLContext carbide = TlsIdentities.context("Carbide", null, null);
    SSLContext sunJsse = TlsIdentities.context("SunJSSE", TlsIdentities.keyManager(), null);
    String[][] rounds = {
      {"TLSv1.3", "TLS_CHACHA20_POLY1305_SHA256"},
      {"TLSv1.3", "TLS_AES_256_GCM_SHA384"},
      {"TLSv1.3", "TLS_AES_128_GCM_SHA256"},
      {"TLSv1.2", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"},
      {"TLSv1.2", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384"},
      {"TLSv1.3", "TLS_CHACHA20_POLY1305_SHA256"}, // the first list again, from the cache
      {"TLSv1.2", "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256"},
    };
    for (String[] round : rounds) {
      SSLEngine client = TlsIdentities.client(carbide, round[0]);
      client.setEnabledCipherSuites(new String[] {round[1]});
      SSLEngine server = TlsIdentities.server(sunJsse);
      new EngineLoop(client, server).exchange(PING, PING);
      assertEquals(round[1], client.getSession().getCipherSuite());
      assertEquals(round[1], server.getSession().getCipherSuite());
    }
  }

  @Test
  void aServerEngineRefusesASuiteOutsideItsListAndTheNextListTakesEffect() throws Exception {
    SSLContext carbide = TlsIdentities.context("Carbide", TlsIdentities.keyManager(), null);
    SSLContext sunJsse = TlsIdentities.context("SunJSSE", null, null);
    SSLEngine refusing = TlsIdentities.server(carbide);
    refusing.setEnabledCipherSuites(new String[] {"TLS_AES_256_GCM_SHA384"});
    SSLEngine client = TlsIdentities.client(sunJsse, "TLSv1.3");
    client.setEnabledCipherSuites(new String[] {"TLS_AES_128_GCM_SHA256"});
    assertThrows(SSLException.class, () -> new EngineLoop(client, refusing).exchange(PING, PING));

    // The same suites through SSLParameters, now including the client's.
    SSLEngine accepting = TlsIdentities.server(carbide);
    SSLParameters parameters = accepting.getSSLParameters();
    parameters.setCipherSuites(new String[] {"TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256"});
    accepting.setSSLParameters(parameters);
    SSLEngine second = TlsIdentities.client(sunJsse, "TLSv1.3");
    second.setEnabledCipherSuites(new String[] {"TLS_AES_128_GCM_SHA256"});
    new EngineLoop(second, accepting).exchange(PING, PING);
    assertEquals("TLS_AES_128_GCM_SHA256", accepting.getSession().getCipherSuite());
  }

  @Test
  void anUnsupportedSuiteIsRefusedWhenSetAsSunJsseRefusesIt() throws Exception {
    SSLContext carbide = TlsIdentities.context("Carbide", null, null);
    SSLEngine client = TlsIdentities.client(carbide, "TLSv1.3");
    String[] enabled = client.getEnabledCipherSuites();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                client.setEnabledCipherSuites(new String[] {"TLS_AES_128_GCM_SHA256", "TLS_NOT"}));
    assertEquals("Unsupported CipherSuite: TLS_NOT", e.getMessage());
    SSLParameters parameters = client.getSSLParameters();
    parameters.setCipherSuites(new String[] {""});
    assertThrows(IllegalArgumentException.class, () -> client.setSSLParameters(parameters));
    // Nothing was taken: the engine still has its suites and completes a handshake.
    assertArrayEquals(enabled, client.getEnabledCipherSuites());
    SSLContext sunJsse = TlsIdentities.context("SunJSSE", TlsIdentities.keyManager(), null);
    new EngineLoop(client, TlsIdentities.server(sunJsse)).exchange(PING, PING);
  }

  /**
   * An empty list, and a list of names SunJSSE accepts (so the set is: CipherSuiteNameTest) but
   * OpenSSL serves none of, fail the handshake with SunJSSE's message and leave the context alone.
   */
  @Test
  void aListWithNoServedSuiteFailsTheHandshakeCleanly() throws Exception {
    SSLContext carbide = TlsIdentities.context("Carbide", null, null);
    for (String[] suites :
        new String[][] {new String[0], new String[] {"TLS_EMPTY_RENEGOTIATION_INFO_SCSV"}}) {
      SSLEngine client = TlsIdentities.client(carbide, "TLSv1.3");
      client.setEnabledCipherSuites(suites);
      SSLException e = assertThrows(SSLException.class, client::beginHandshake);
      assertEquals(
          "No appropriate protocol (protocol is disabled or cipher suites are inappropriate)",
          e.getMessage());
    }
    // The context's next engine, on its defaults, is not affected.
    SSLEngine next = TlsIdentities.client(carbide, "TLSv1.3");
    SSLContext sunJsse = TlsIdentities.context("SunJSSE", TlsIdentities.keyManager(), null);
    new EngineLoop(next, TlsIdentities.server(sunJsse)).exchange(PING, PING);
  }
}
