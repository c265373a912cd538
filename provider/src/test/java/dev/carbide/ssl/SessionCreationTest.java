package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.ssl.SocketFixture.Background;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code setEnableSessionCreation(false)} as SunJSSE means it: a handshake that resumes a session
 * completes, one that would create a session fails with SSLHandshakeException; a client without a
 * session to offer fails before it sends anything. Engines and sockets, client and server, each
 * beside SunJSSE in the same role. About a second after the shared identities exist.
 */
class SessionCreationTest {
  private static int port = 5000; // each test's peers are new

  private static SSLContext context(String provider) throws Exception {
    return TlsIdentities.context(provider, TlsIdentities.keyManager(), null);
  }

  private static SSLEngine client(SSLContext context, String protocol, int port, boolean create) {
    SSLEngine engine = TlsIdentities.client(context, protocol, port);
    engine.setEnableSessionCreation(create);
    return engine;
  }

  private static SSLEngine server(SSLContext context, boolean create) {
    SSLEngine engine = TlsIdentities.server(context);
    engine.setEnableSessionCreation(create);
    return engine;
  }

  private static void exchange(SSLEngine client, SSLEngine server) throws SSLException {
    new EngineLoop(client, server).exchange(new byte[] {1, 2}, new byte[] {3, 4});
  }

  private static boolean resumed(SSLEngine engine) {
    return !(engine.getSession() instanceof CarbideSslSession session) || session.resumed();
  }

  @Test
  void aClientWithNothingToResumeFailsAtOnceAsSunJsseDoes() throws Exception {
    for (String provider : new String[] {"Carbide", "SunJSSE"}) {
      SSLEngine client = client(context(provider), "TLSv1.3", port++, false);
      assertFalse(client.getEnableSessionCreation());
      SSLHandshakeException thrown =
          assertThrows(SSLHandshakeException.class, client::beginHandshake);
      assertEquals(
          "No new session is allowed and no existing session can be resumed",
          thrown.getMessage(),
          provider);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void onlyAResumingHandshakeCompletes(String protocol) throws Exception {
    String[][] pairs = {{"Carbide", "Carbide"}, {"SunJSSE", "Carbide"}, {"Carbide", "SunJSSE"}};
    for (String[] pair : pairs) {
      String where = pair[0] + " client, " + pair[1] + " server, " + protocol;
      SSLContext clientContext = context(pair[0]);
      SSLContext serverContext = context(pair[1]);
      int peer = port++;
      // A server that creates no session refuses a client that has none to resume.
      SSLEngine refusing = server(serverContext, false);
      SSLException refused =
          assertThrows(
              SSLException.class,
              () -> exchange(client(clientContext, protocol, peer, true), refusing),
              where);
      if (pair[1].equals("Carbide")) {
        assertInstanceOf(SSLHandshakeException.class, refused, where);
      }
      // A first handshake that may create one, then a resumption with creation off on both sides.
      exchange(client(clientContext, protocol, peer, true), server(serverContext, true));
      SSLEngine client = client(clientContext, protocol, peer, false);
      SSLEngine server = server(serverContext, false);
      exchange(client, server);
      assertTrue(resumed(client) && resumed(server), where);
      // The client offers its session to a server that cannot resume it (another context).
      SSLEngine stranger = server(context(pair[1]), true);
      SSLException thrown =
          assertThrows(
              SSLException.class,
              () -> exchange(client(clientContext, protocol, peer, false), stranger),
              where);
      if (pair[0].equals("Carbide")) {
        assertEquals("New session creation is disabled", thrown.getMessage(), where);
      }
    }
  }

  @Test
  void socketsRefuseNewSessionsAndResume() throws Exception {
    for (String serverProvider : new String[] {"Carbide", "SunJSSE"}) {
      SSLContext serverContext = context(serverProvider);
      SSLContext clientContext = context("Carbide");
      try (SSLServerSocket listener = SocketFixture.listen(serverContext)) {
        InetSocketAddress address = new InetSocketAddress("localhost", listener.getLocalPort());
        // A Carbide client socket without a session to offer fails in startHandshake.
        Background<Boolean> abandoned =
            SocketFixture.serveOne(listener, SessionCreationTest::serve);
        try (SSLSocket socket = (SSLSocket) clientContext.getSocketFactory().createSocket()) {
          socket.setEnableSessionCreation(false);
          socket.connect(address);
          assertThrows(SSLHandshakeException.class, socket::startHandshake, serverProvider);
        }
        assertThrows(Exception.class, abandoned::get);
        // A server socket that creates no session refuses a new client (an alert, or the
        // connection closed under it)...
        listener.setEnableSessionCreation(false);
        Background<Boolean> refusing = SocketFixture.serveOne(listener, SessionCreationTest::serve);
        assertThrows(IOException.class, () -> handshake(clientContext, address, true));
        assertThrows(Exception.class, refusing::get);
        // ... and lets one resume a session made while it could.
        listener.setEnableSessionCreation(true);
        Background<Boolean> served = SocketFixture.serveOne(listener, SessionCreationTest::serve);
        assertFalse(handshake(clientContext, address, true));
        served.get();
        listener.setEnableSessionCreation(false);
        served = SocketFixture.serveOne(listener, SessionCreationTest::serve);
        assertTrue(handshake(clientContext, address, false), serverProvider);
        served.get();
      }
    }
  }

  // Serves one byte back; returns whether the server socket's session was resumed (as far as the
  // engine tells: SunJSSE's sessions say nothing).
  private static Boolean serve(Socket socket) throws IOException {
    socket.getOutputStream().write(socket.getInputStream().read());
    socket.getOutputStream().flush();
    return resumedSocket((SSLSocket) socket);
  }

  private static boolean resumedSocket(SSLSocket socket) {
    return socket.getSession() instanceof CarbideSslSession session && session.resumed();
  }

  /** A Carbide client socket's echo of one byte; returns whether its session was resumed. */
  private static boolean handshake(SSLContext context, InetSocketAddress address, boolean create)
      throws IOException {
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
      socket.setEnableSessionCreation(create);
      socket.connect(address);
      socket.setSoTimeout(SocketFixture.TIMEOUT_MS);
      socket.getOutputStream().write(7);
      socket.getOutputStream().flush();
      assertEquals(7, socket.getInputStream().read());
      return resumedSocket(socket);
    }
  }
}
