package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.Keytool;
import dev.carbide.testing.Openssl;
import dev.carbide.testing.Tools;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The system's {@code openssl s_client} (OpenSSL 3.0 on the CI image, which has no ML-KEM, so
 * X25519 is negotiated) against a server on the native engine: a blocking socket loop driving one
 * SSLEngine, which reads the client's line and answers with its own, checking the bytes both ways.
 * About a second per protocol; skipped where the openssl tool is absent.
 */
class OpensslClientTest {
  private static final String REQUEST = "hello from s_client\n";
  private static final String REPLY = "hello from the Carbide engine\n";

  @ParameterizedTest
  @ValueSource(strings = {"-tls1_3", "-tls1_2"})
  void opensslClientAgainstEngineServer(String protocolOption, @TempDir Path dir) throws Exception {
    assumeTrue(
        Carbide.provider().getService("SSLContext", "TLS") != null,
        "the native TLS engine needs the bundled OpenSSL");
    assumeTrue(Tools.onPath("openssl"), "the openssl tool is not installed");
    Path file = dir.resolve("server.p12");
    Keytool.generateKeyPair(file, "changeit", "-keyalg", "EC", "-groupname", "secp256r1");
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, "changeit".toCharArray());
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance("SunX509");
    keys.init(store, "changeit".toCharArray());
    SSLContext context = SSLContext.getInstance("TLS", Carbide.provider());
    context.init(keys.getKeyManagers(), null, null);

    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      SSLEngine engine = context.createSSLEngine();
      engine.setUseClientMode(false);
      CompletableFuture<String> served =
          CompletableFuture.supplyAsync(
              () -> {
                try (Socket socket = listener.accept()) {
                  socket.setSoTimeout(20_000);
                  return serve(engine, socket);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      String output =
          Openssl.sClient(
              listener.getLocalPort(), protocolOption, REQUEST, dir.resolve("s_client.err"));
      assertEquals(REQUEST, served.get(20, TimeUnit.SECONDS));
      assertEquals(
          REPLY,
          output,
          "what s_client received; its stderr: " + Files.readString(dir.resolve("s_client.err")));
      assertEquals(
          protocolOption.equals("-tls1_3") ? "TLSv1.3" : "TLSv1.2",
          engine.getSession().getProtocol());
      assertEquals(
          TlsIdentities.classicalGroup(), engine.getSession().getValue("carbide.namedGroup"));
    }
  }

  /** Drives {@code engine} over {@code socket}: reads one line, answers, closes. */
  private static String serve(SSLEngine engine, Socket socket) throws Exception {
    InputStream in = socket.getInputStream();
    OutputStream out = socket.getOutputStream();
    ByteBuffer netIn = ByteBuffer.allocate(2 * CarbideSslEngine.PACKET_BUFFER_SIZE);
    ByteBuffer netOut = ByteBuffer.allocate(CarbideSslEngine.PACKET_BUFFER_SIZE);
    ByteBuffer app = ByteBuffer.allocate(CarbideSslEngine.APPLICATION_BUFFER_SIZE);
    ByteBuffer reply = ByteBuffer.wrap(REPLY.getBytes(StandardCharsets.US_ASCII));
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    byte[] chunk = new byte[8192];
    engine.beginHandshake();
    while (true) {
      boolean requestComplete = received.toString(StandardCharsets.US_ASCII).endsWith("\n");
      if (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP
          || requestComplete && reply.hasRemaining()) {
        netOut.clear();
        engine.wrap(reply, netOut);
        out.write(netOut.array(), 0, netOut.position());
        continue;
      }
      if (requestComplete) {
        break;
      }
      netIn.flip();
      SSLEngineResult result = engine.unwrap(netIn, app);
      netIn.compact();
      received.write(app.array(), 0, app.position());
      app.clear();
      if (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW
          || result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
        int n = in.read(chunk);
        if (n < 0) {
          break;
        }
        netIn.put(chunk, 0, n);
      }
    }
    engine.closeOutbound();
    netOut.clear();
    engine.wrap(ByteBuffer.allocate(0), netOut);
    out.write(netOut.array(), 0, netOut.position());
    out.flush();
    return received.toString(StandardCharsets.US_ASCII);
  }
}
