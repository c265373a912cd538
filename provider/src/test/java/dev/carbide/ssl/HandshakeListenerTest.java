package dev.carbide.ssl;

import static dev.carbide.ssl.SocketFixture.TIMEOUT_MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.ssl.SocketFixture.Background;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HandshakeCompletedListener on Carbide's sockets: fired once per handshake, on SunJSSE's thread
 * ("HandshakeCompletedNotify-Thread", a new one each time), with the session and its certificates;
 * registration refused as SunJSSE refuses it. About 6 s on the loaded machine, mostly keytool.
 */
class HandshakeListenerTest {
  private static SocketFixture fixture;

  @BeforeAll
  static void certificate(@TempDir Path dir) throws Exception {
    fixture = SocketFixture.create(dir);
  }

  /** Records each event with the thread it came on. */
  private static final class Recorder implements HandshakeCompletedListener {
    final List<HandshakeCompletedEvent> events = Collections.synchronizedList(new ArrayList<>());
    final List<String> threads = Collections.synchronizedList(new ArrayList<>());
    final CountDownLatch fired = new CountDownLatch(1);

    @Override
    public void handshakeCompleted(HandshakeCompletedEvent event) {
      events.add(event);
      threads.add(Thread.currentThread().getName());
      fired.countDown();
    }

    HandshakeCompletedEvent only() throws Exception {
      assertTrue(fired.await(TIMEOUT_MS, TimeUnit.MILLISECONDS), "the listener was not called");
      Thread.sleep(100); // room for a second, wrong call
      assertEquals(1, events.size(), "calls");
      assertEquals(List.of("HandshakeCompletedNotify-Thread"), threads);
      return events.get(0);
    }
  }

  @Test
  void firedOncePerHandshakeWithTheSession() throws Exception {
    SSLContext context = fixture.carbide("TLS");
    Recorder clientSide = new Recorder();
    Recorder serverSide = new Recorder();
    try (SSLServerSocket listener = SocketFixture.listen(context)) {
      Background<SSLSocket> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                ((SSLSocket) socket).addHandshakeCompletedListener(serverSide);
                socket.getOutputStream().write(socket.getInputStream().read());
                assertEquals(4, socket.getInputStream().read());
                assertEquals(-1, socket.getInputStream().read());
                return (SSLSocket) socket;
              });
      try (SSLSocket socket =
          (SSLSocket)
              context.getSocketFactory().createSocket("localhost", listener.getLocalPort())) {
        socket.addHandshakeCompletedListener(clientSide);
        socket.getOutputStream().write(3);
        assertEquals(3, socket.getInputStream().read());
        socket.startHandshake(); // after the handshake: nothing more to complete, nothing fired
        socket.getOutputStream().write(4);

        HandshakeCompletedEvent event = clientSide.only();
        assertSame(socket, event.getSocket());
        assertSame(socket.getSession(), event.getSession());
        assertEquals(socket.getSession().getCipherSuite(), event.getCipherSuite());
        assertEquals(fixture.certificate(), event.getPeerCertificates()[0]);
        assertNotEquals(Thread.currentThread().getName(), clientSide.threads.get(0));
      }
      Socket server = served.get();
      HandshakeCompletedEvent event = serverSide.only();
      assertSame(server, event.getSocket());
      assertEquals(fixture.certificate(), event.getLocalCertificates()[0]);
      assertThrows(SSLPeerUnverifiedException.class, event::getPeerCertificates);
    }
  }

  @Test
  void registrationErrorsAreSunJssesOnes() throws Exception {
    SSLSocket socket = (SSLSocket) fixture.carbide("TLS").getSocketFactory().createSocket();
    Recorder recorder = new Recorder();
    assertThrows(IllegalArgumentException.class, () -> socket.addHandshakeCompletedListener(null));
    assertThrows(
        IllegalArgumentException.class, () -> socket.removeHandshakeCompletedListener(recorder));
    socket.addHandshakeCompletedListener(recorder);
    socket.removeHandshakeCompletedListener(recorder);
    assertThrows(
        IllegalArgumentException.class, () -> socket.removeHandshakeCompletedListener(recorder));
    socket.close();
  }
}
