package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.ssl.SocketFixture.Background;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The server's ALPN choice through {@code setHandshakeApplicationProtocolSelector}, with SunJSSE's
 * semantics, on Carbide's engine and socket beside SunJSSE's in the same role: the selector gets
 * the client's protocols and the engine (or socket); its choice is negotiated, "" negotiates none,
 * null or a protocol the client did not offer fails the handshake (no_application_protocol); it
 * overrides the server's own protocol list; any byte of a protocol name reaches it (ISO-8859-1).
 * Under a second after the shared identities exist.
 */
class ApplicationProtocolSelectorTest {
  private static final List<String> OFFERED = List.of("h2", "http/1.1", "\u00ff\u0080x");

  private static SSLContext context(String provider) throws Exception {
    return TlsIdentities.context(provider, TlsIdentities.keyManager(), null);
  }

  private static int port = 6000;

  /** One handshake: a SunJSSE client offering OFFERED, the server choosing with {@code choose}. */
  private static SSLEngine[] connect(
      String serverProvider,
      String protocol,
      String[] serverProtocols,
      BiFunction<SSLEngine, List<String>, String> choose)
      throws Exception {
    SSLEngine client = TlsIdentities.client(context("SunJSSE"), protocol, port++);
    SSLParameters parameters = client.getSSLParameters();
    parameters.setApplicationProtocols(OFFERED.toArray(new String[0]));
    client.setSSLParameters(parameters);
    SSLEngine server = TlsIdentities.server(context(serverProvider));
    if (serverProtocols != null) {
      SSLParameters own = server.getSSLParameters();
      own.setApplicationProtocols(serverProtocols);
      server.setSSLParameters(own);
    }
    server.setHandshakeApplicationProtocolSelector(choose);
    assertSame(choose, server.getHandshakeApplicationProtocolSelector());
    new EngineLoop(client, server).exchange(new byte[] {1}, new byte[] {2});
    return new SSLEngine[] {client, server};
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void theSelectorChoosesAsUnderSunJsse(String protocol) throws Exception {
    for (String provider : new String[] {"Carbide", "SunJSSE"}) {
      AtomicReference<List<String>> seen = new AtomicReference<>();
      AtomicReference<SSLEngine> asker = new AtomicReference<>();
      SSLEngine[] engines =
          connect(
              provider,
              protocol,
              new String[] {"h2"}, // the selector overrides the server's own list
              (engine, offered) -> {
                seen.set(List.copyOf(offered));
                asker.set(engine);
                return "http/1.1";
              });
      assertEquals(OFFERED, seen.get(), provider);
      assertSame(engines[1], asker.get(), provider);
      assertEquals("http/1.1", engines[1].getApplicationProtocol(), provider);
      assertEquals("http/1.1", engines[0].getApplicationProtocol(), provider);

      engines = connect(provider, protocol, null, (engine, offered) -> "");
      assertEquals("", engines[1].getApplicationProtocol(), provider);
      assertEquals("", engines[0].getApplicationProtocol(), provider);

      engines = connect(provider, protocol, null, (engine, offered) -> offered.get(2));
      assertEquals("\u00ff\u0080x", engines[0].getApplicationProtocol(), provider);

      for (String refused : new String[] {null, "spdy/3"}) {
        SSLException thrown =
            assertThrows(
                SSLException.class,
                () -> connect(provider, protocol, null, (engine, offered) -> refused),
                provider + " " + refused);
        if (provider.equals("Carbide")) {
          // The server's own exception (thrown first: it refuses while reading the ClientHello).
          assertEquals(SSLHandshakeException.class, thrown.getClass());
          assertEquals("No matching application layer protocol values", thrown.getMessage());
        }
      }
    }
  }

  @Test
  void aSocketsSelectorGetsTheSocket() throws Exception {
    for (String provider : new String[] {"Carbide", "SunJSSE"}) {
      try (SSLServerSocket listener = SocketFixture.listen(context(provider))) {
        AtomicReference<SSLSocket> asker = new AtomicReference<>();
        Background<String> served =
            SocketFixture.serveOne(
                listener,
                socket -> {
                  SSLSocket tls = (SSLSocket) socket;
                  BiFunction<SSLSocket, List<String>, String> choose =
                      (s, offered) -> {
                        asker.set(s);
                        return offered.get(1);
                      };
                  tls.setHandshakeApplicationProtocolSelector(choose);
                  assertSame(choose, tls.getHandshakeApplicationProtocolSelector());
                  socket.getOutputStream().write(socket.getInputStream().read());
                  socket.getOutputStream().flush();
                  assertSame(socket, asker.get());
                  return tls.getApplicationProtocol();
                });
        try (SSLSocket client =
            (SSLSocket)
                context("SunJSSE")
                    .getSocketFactory()
                    .createSocket("localhost", listener.getLocalPort())) {
          SSLParameters parameters = client.getSSLParameters();
          parameters.setApplicationProtocols(OFFERED.toArray(new String[0]));
          client.setSSLParameters(parameters);
          client.setSoTimeout(SocketFixture.TIMEOUT_MS);
          client.getOutputStream().write(9);
          client.getOutputStream().flush();
          assertEquals(9, client.getInputStream().read());
          assertEquals("http/1.1", client.getApplicationProtocol(), provider);
        }
        assertEquals("http/1.1", served.get(), provider);
      }
    }
  }
}
