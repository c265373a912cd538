package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.ssl.SocketFixture.Background;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * A Carbide socket frees its engine's native state in {@code close()}, not only when the Cleaner
 * finds it unreachable: once, safely against a reader or a writer still at work on another thread,
 * and mid-handshake too; each closing case also runs on SunJSSE's socket in the same role, whose
 * threads must end the same way (an end of stream or an IOException, nothing else). About a second
 * after the shared identities exist.
 */
class SocketCloseTest {

  private static SSLContext context(String provider) throws Exception {
    return TlsIdentities.context(provider, TlsIdentities.keyManager(), null);
  }

  private static SSLSocket connect(String provider, int port) throws Exception {
    SSLSocket socket =
        (SSLSocket) context(provider).getSocketFactory().createSocket("localhost", port);
    socket.setSoTimeout(SocketFixture.TIMEOUT_MS);
    return socket;
  }

  /** Echoes what it reads until the peer closes. */
  private static Void echo(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[4096];
    int n;
    try {
      while ((n = in.read(buffer)) > 0) {
        socket.getOutputStream().write(buffer, 0, n);
      }
    } catch (IOException e) {
      // the peer closed mid-write: the test is about the other side
    }
    return null;
  }

  @Test
  void closeFreesTheNativeStateOnceOnBothSides() throws Exception {
    try (SSLServerSocket listener = SocketFixture.listen(context("Carbide"))) {
      Background<Boolean> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                echo(socket);
                CarbideSslEngine engine = ((CarbideSslSocket) socket).engine();
                socket.close();
                return engine.holdsNativeState();
              });
      SSLSocket socket = connect("Carbide", listener.getLocalPort());
      socket.getOutputStream().write(42);
      assertEquals(42, socket.getInputStream().read());
      CarbideSslEngine engine = ((CarbideSslSocket) socket).engine();
      assertTrue(engine.holdsNativeState());
      socket.close();
      assertFalse(engine.holdsNativeState(), "the client's native state outlived close()");
      socket.close(); // again: nothing happens
      assertTrue(socket.isClosed());
      assertThrows(SocketException.class, socket::getInputStream);
      assertFalse(served.get(), "the server's native state outlived close()");
      assertEquals("TLSv1.3", socket.getSession().getProtocol()); // the session stays readable
    }
  }

  /** Reads and drops everything until the peer closes. */
  private static Void drain(Socket socket) throws IOException {
    try {
      socket.getInputStream().transferTo(OutputStream.nullOutputStream());
    } catch (IOException e) {
      // the peer closed without close_notify: the test is about the other side
    }
    return null;
  }

  @Test
  void closeWhileAnotherThreadReadsOrWrites() throws Exception {
    for (String provider : new String[] {"Carbide", "SunJSSE"}) {
      for (int round = 0; round < 8; round++) {
        boolean writer = round % 2 == 1;
        try (SSLServerSocket listener = SocketFixture.listen(context("SunJSSE"))) {
          Background<Void> served = SocketFixture.serveOne(listener, SocketCloseTest::drain);
          SSLSocket socket = connect(provider, listener.getLocalPort());
          socket.startHandshake();
          Background<Throwable> busy =
              Background.start(
                  () -> {
                    try {
                      byte[] chunk = new byte[16384];
                      while (true) {
                        if (writer) {
                          socket.getOutputStream().write(chunk);
                        } else if (socket.getInputStream().read(chunk) < 0) {
                          return null;
                        }
                      }
                    } catch (IOException e) {
                      return null; // what SunJSSE's socket gives a thread whose socket closed
                    } catch (Throwable t) {
                      return t;
                    }
                  });
          Thread.sleep(round);
          socket.close();
          Throwable unexpected = busy.get();
          assertEquals(null, unexpected, provider + " round " + round);
          if (socket instanceof CarbideSslSocket carbide) {
            assertFalse(carbide.engine().holdsNativeState());
          }
          served.get();
        }
      }
    }
  }

  @Test
  void closeMidHandshake() throws Exception {
    for (String provider : new String[] {"Carbide", "SunJSSE"}) {
      // A peer that accepts and never answers: the handshake waits for its ServerHello.
      try (ServerSocket silent = new ServerSocket(0, 1, SocketFixture.LOOPBACK)) {
        SSLSocket socket = connect(provider, silent.getLocalPort());
        Socket accepted = silent.accept();
        Background<Throwable> handshake =
            Background.start(
                () -> {
                  try {
                    // SunJSSE's may also return quietly once its socket is closed.
                    socket.startHandshake();
                    return null;
                  } catch (IOException e) {
                    return null;
                  } catch (Throwable t) {
                    return t;
                  }
                });
        accepted.getInputStream().read(); // the ClientHello is on its way
        socket.close();
        assertEquals(null, handshake.get(), provider);
        if (socket instanceof CarbideSslSocket carbide) {
          assertFalse(carbide.engine().holdsNativeState());
        }
        accepted.close();
      }
    }
  }
}
