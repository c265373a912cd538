package dev.carbide.ssl;

import static dev.carbide.ssl.SocketFixture.TIMEOUT_MS;
import static dev.carbide.ssl.SocketFixture.expect;
import static dev.carbide.ssl.SocketFixture.random;
import static dev.carbide.ssl.SocketFixture.send;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.ssl.SocketFixture.Background;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SSLSocket and SSLServerSocket on the native engine, over loopback TCP: SunJSSE's sockets against
 * Carbide's both ways, TLS 1.3 and 1.2, with 1 B, 16 KiB and 100 KiB checked each way; close from
 * either side; TLS 1.3 half-close; one reader and one writer thread on a socket at once; timeouts
 * that keep the connection. About 9 s on the loaded machine (keytool, 1 MiB echoed twice).
 */
class NativeSocketTest {
  private static final int[] SIZES = {1, 16 * 1024, 100 * 1024};
  private static SocketFixture fixture;

  @BeforeAll
  static void certificate(@TempDir Path dir) throws Exception {
    fixture = SocketFixture.create(dir);
  }

  // The client sends each size, the server checks it and answers with as many other bytes; then
  // the client closes and the server sees the end of the stream.
  private static Void serveSizes(Socket socket) throws Exception {
    InputStream in = socket.getInputStream();
    OutputStream out = socket.getOutputStream();
    for (int size : SIZES) {
      expect(in, random(size, size));
      send(out, random(size, -size));
    }
    assertEquals(-1, in.read(), "the client's close_notify ends the stream");
    return null;
  }

  private static void clientSizes(Socket socket) throws Exception {
    InputStream in = socket.getInputStream();
    OutputStream out = socket.getOutputStream();
    for (int size : SIZES) {
      send(out, random(size, size));
      expect(in, random(size, -size));
    }
  }

  private static SSLSocket connect(SSLContext context, SSLServerSocket listener, String protocol)
      throws Exception {
    SSLSocket socket =
        (SSLSocket) context.getSocketFactory().createSocket("localhost", listener.getLocalPort());
    socket.setSoTimeout(TIMEOUT_MS);
    socket.setEnabledProtocols(new String[] {protocol});
    return socket;
  }

  @ParameterizedTest
  @CsvSource({"carbide, sunjsse", "sunjsse, carbide"})
  void sizesBothWaysAndCloseFromTheClient(String client, String server) throws Exception {
    for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
      SSLContext serverContext =
          server.equals("carbide") ? fixture.carbide("TLS") : fixture.sunJsse();
      SSLContext clientContext =
          client.equals("carbide") ? fixture.carbide("TLS") : fixture.sunJsse();
      try (SSLServerSocket listener = SocketFixture.listen(serverContext)) {
        Background<Void> served = SocketFixture.serveOne(listener, NativeSocketTest::serveSizes);
        try (SSLSocket socket = connect(clientContext, listener, protocol)) {
          clientSizes(socket);
          assertEquals(protocol, socket.getSession().getProtocol());
          assertEquals(fixture.certificate(), socket.getSession().getPeerCertificates()[0]);
        }
        try {
          served.get();
        } catch (ExecutionException e) {
          throw new AssertionError(protocol + ", the server: " + e.getCause(), e.getCause());
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void closeFromTheServerEndsTheClientsStream(String protocol) throws Exception {
    SSLContext context = fixture.carbide("TLS");
    try (SSLServerSocket listener = SocketFixture.listen(context)) {
      Background<String> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                send(socket.getOutputStream(), new byte[] {7});
                return ((SSLSocket) socket).getSession().getValue("carbide.namedGroup").toString();
              });
      try (SSLSocket socket = connect(context, listener, protocol)) {
        InputStream in = socket.getInputStream();
        assertEquals(7, in.read());
        assertEquals(-1, in.read(), "the server's close_notify");
        assertEquals(-1, in.read(), "and it stays ended");
        String group =
            protocol.equals("TLSv1.3")
                ? TlsIdentities.hybridGroup()
                : TlsIdentities.classicalGroup();
        assertEquals(group, served.get(), "the hybrid group between Carbide sockets under TLS 1.3");
      }
    }
  }

  /**
   * A client writes 1 MiB on one thread while another reads the echo, then half-closes (TLS 1.3):
   * the server sees the end of the stream and still sends the rest, which the client still reads.
   */
  @ParameterizedTest
  @ValueSource(strings = {"carbide", "sunjsse"})
  void readerAndWriterThreadsAtOnceThenHalfClose(String server) throws Exception {
    SSLContext serverContext =
        server.equals("carbide") ? fixture.carbide("TLS") : fixture.sunJsse();
    byte[] payload = random(1 << 20, 5);
    byte[] trailer = "after your close_notify".getBytes(StandardCharsets.US_ASCII);
    try (SSLServerSocket listener = SocketFixture.listen(serverContext)) {
      Background<Void> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                InputStream in = socket.getInputStream();
                OutputStream out = socket.getOutputStream();
                byte[] chunk = new byte[7000];
                int n;
                while ((n = in.read(chunk)) > 0) {
                  out.write(chunk, 0, n);
                }
                send(out, trailer);
                return null;
              });
      try (SSLSocket socket = connect(fixture.carbide("TLS"), listener, "TLSv1.3")) {
        Background<Void> writer =
            Background.start(
                () -> {
                  OutputStream out = socket.getOutputStream();
                  for (int at = 0; at < payload.length; at += 9000) {
                    out.write(payload, at, Math.min(9000, payload.length - at));
                  }
                  socket.shutdownOutput();
                  return null;
                });
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] chunk = new byte[5000];
        int n;
        while ((n = in.read(chunk)) > 0) {
          received.write(chunk, 0, n);
        }
        writer.get();
        assertTrue(socket.isOutputShutdown());
        byte[] expected = new byte[payload.length + trailer.length];
        System.arraycopy(payload, 0, expected, 0, payload.length);
        System.arraycopy(trailer, 0, expected, payload.length, trailer.length);
        assertArrayEquals(expected, received.toByteArray());
      }
      served.get();
    }
  }

  /** A timeout in the handshake and one in a read: each call can be made again and goes on. */
  @Test
  void timeoutsKeepTheConnection() throws Exception {
    SSLContext context = fixture.carbide("TLS");
    CountDownLatch handshake = new CountDownLatch(1);
    CountDownLatch reply = new CountDownLatch(1);
    try (SSLServerSocket listener = SocketFixture.listen(context)) {
      Background<Void> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                handshake.await();
                ((SSLSocket) socket).startHandshake();
                expect(socket.getInputStream(), new byte[] {1, 2, 3});
                reply.await();
                send(socket.getOutputStream(), new byte[] {4, 5});
                assertEquals(-1, socket.getInputStream().read());
                return null;
              });
      try (SSLSocket socket = connect(context, listener, "TLSv1.3")) {
        socket.setSoTimeout(200);
        assertThrows(SocketTimeoutException.class, socket::startHandshake);
        handshake.countDown();
        socket.setSoTimeout(TIMEOUT_MS);
        socket.startHandshake();
        send(socket.getOutputStream(), new byte[] {1, 2, 3});
        socket.setSoTimeout(200);
        assertThrows(SocketTimeoutException.class, () -> socket.getInputStream().read());
        reply.countDown();
        socket.setSoTimeout(TIMEOUT_MS);
        expect(socket.getInputStream(), new byte[] {4, 5});
      }
      served.get();
    }
  }

  @Test
  void closedSocketRefusesItsStreamsAsSunJsseDoes() throws Exception {
    SSLContext context = fixture.carbide("TLS");
    try (SSLServerSocket listener = SocketFixture.listen(context)) {
      Background<Integer> served =
          SocketFixture.serveOne(listener, socket -> socket.getInputStream().read());
      SSLSocket socket = connect(context, listener, "TLSv1.2");
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      socket.startHandshake();
      socket.close();
      assertTrue(socket.isClosed());
      assertEquals(-1, served.get(), "close_notify reached the server");
      assertEquals(-1, in.read());
      assertThrows(java.net.SocketException.class, () -> out.write(1));
      assertThrows(java.net.SocketException.class, socket::getInputStream);
      socket.close(); // a second close does nothing
    }
  }
}
