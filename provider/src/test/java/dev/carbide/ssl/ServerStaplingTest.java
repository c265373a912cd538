package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OCSP stapling on the engine's server side ({@code jdk.tls.server.enableStatusRequestExtension
 * =true}), against a real responder named in the leaf's authority information access ({@link
 * OcspResponder}): the response is fetched in a delegated task, never inside {@code unwrap}, and
 * stapled for the JDK's client (whose PKIX trust manager with revocation checking accepts the chain
 * on it alone, with the responder refusing every request by then) and {@code openssl s_client
 * -status}, TLS 1.3 and 1.2; the cache serves the next handshake without a fetch; the property off
 * means no fetch and no staple; a revoked leaf is not stapled; a silent responder delays a
 * handshake by the response timeout only; the cache lifetime ends an entry.
 *
 * <p>Cost: about ten short openssl processes, and the timeouts waited (about 2 s).
 */
class ServerStaplingTest {
  private static final String STAPLING = "jdk.tls.server.enableStatusRequestExtension";
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  @TempDir static Path dir;
  private static OcspResponder responder;

  @BeforeAll
  static void startResponder() throws Exception {
    responder = OcspResponder.start(dir);
  }

  @AfterAll
  static void stopResponder() {
    if (responder != null) {
      responder.close();
    }
  }

  @BeforeEach
  void responderAnswers() {
    responder.available = true;
    responder.hold = null;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void theJdkClientAcceptsTheChainOnTheStapleAloneAndTheCacheServesTheNext(String protocol)
      throws Exception {
    SSLContext server = carbideServer(true, "good");
    int before = responder.requests.get();
    Outcome first = handshake(server, pkixClient(), protocol);
    assertEquals(before + 1, responder.requests.get(), "one fetch, by the server only");
    assertEquals(1, first.serverTasks, "the fetch's delegated task");
    assertEquals(1, first.responses.size());
    assertArrayEquals(responder.lastResponse, first.responses.get(0));

    responder.available = false; // a client going to the responder itself would fail now
    Outcome second = handshake(server, pkixClient(), protocol);
    assertEquals(before + 1, responder.requests.get(), "the second handshake fetched");
    assertEquals(0, second.serverTasks, "a cached response needs no task");
    assertArrayEquals(responder.lastResponse, second.responses.get(0));
  }

  @Test
  void withThePropertyOffNothingIsFetchedOrStapled() throws Exception {
    SSLContext server = carbideServer(false, "good");
    int before = responder.requests.get();
    assertEquals(0, handshakesStaplingNothing(server), "server tasks");
    assertEquals(before, responder.requests.get());
  }

  @Test
  void aRevokedLeafIsNotStapledAndItsAnswerIsCached() throws Exception {
    SSLContext server = carbideServer(true, "revoked");
    int before = responder.requests.get();
    assertEquals(1, handshakesStaplingNothing(server), "server tasks: the first handshake's");
    assertEquals(before + 1, responder.requests.get(), "the revoked answer was asked for once");
  }

  @Test
  void aSilentResponderDelaysTheHandshakeByTheTimeoutOnly() throws Exception {
    SSLContext server = carbideServer(true, "good");
    responder.hold = new CountDownLatch(1);
    System.setProperty("jdk.tls.stapling.responseTimeout", "400");
    Outcome outcome;
    try {
      outcome = handshake(server, acceptingClient(), "TLSv1.3");
    } finally {
      System.clearProperty("jdk.tls.stapling.responseTimeout");
      responder.hold.countDown();
    }
    assertTrue(outcome.responses.isEmpty());
    assertTrue(outcome.millis >= 400, outcome.millis + " ms: the handshake did not wait");
    assertTrue(outcome.millis < 4000, outcome.millis + " ms: not SunJSSE's 5 s default either");
  }

  @Test
  void anEntryEndsWithTheCacheLifetime() throws Exception {
    SSLContext server = carbideServer(true, "good");
    // Read, as SunJSSE reads it, when the context's first stapled handshake makes its cache.
    System.setProperty("jdk.tls.stapling.cacheLifetime", "1");
    int before = responder.requests.get();
    try {
      handshake(server, pkixClient(), "TLSv1.3");
    } finally {
      System.clearProperty("jdk.tls.stapling.cacheLifetime");
    }
    handshake(server, pkixClient(), "TLSv1.3");
    assertEquals(before + 1, responder.requests.get(), "within the lifetime");
    Thread.sleep(1200);
    Outcome late = handshake(server, pkixClient(), "TLSv1.3");
    assertEquals(before + 2, responder.requests.get(), "after the lifetime");
    assertEquals(1, late.responses.size());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-tls1_3", "-tls1_2"})
  void opensslClientSeesAGoodResponseFromAServerSocket(String protocolOption) throws Exception {
    SSLContext server = carbideServer(true, "good");
    try (SSLServerSocket listener = SocketFixture.listen(server)) {
      SocketFixture.Background<String> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                InputStream in = socket.getInputStream();
                ByteArrayOutputStream line = new ByteArrayOutputStream();
                for (int b; (b = in.read()) >= 0 && b != '\n'; ) {
                  line.write(b);
                }
                OutputStream out = socket.getOutputStream();
                out.write("bye\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                return ((SSLSocket) socket).getSession().getProtocol() + " " + line;
              });
      Process client =
          new ProcessBuilder(
                  "openssl",
                  "s_client",
                  "-connect",
                  "127.0.0.1:" + listener.getLocalPort(),
                  protocolOption,
                  "-status",
                  "-ign_eof")
              .redirectErrorStream(true)
              .start();
      try (OutputStream stdin = client.getOutputStream()) {
        stdin.write("hello\n".getBytes(StandardCharsets.US_ASCII));
      }
      String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(client.waitFor(20, TimeUnit.SECONDS));
      String protocol = protocolOption.equals("-tls1_3") ? "TLSv1.3" : "TLSv1.2";
      assertEquals(protocol + " hello", served.get());
      assertTrue(output.contains("OCSP Response Status: successful"), output);
      assertTrue(output.contains("Serial Number: 1001"), output);
      assertTrue(output.contains("Cert Status: good"), output);
      assertTrue(output.contains("bye"), output);
    }
  }

  /**
   * A TLS 1.3 then a TLS 1.2 handshake with a client that accepts any chain, each checked to have
   * been stapled nothing; returns the server's delegated tasks in both.
   */
  private static int handshakesStaplingNothing(SSLContext server) throws Exception {
    int tasks = 0;
    for (String protocol : new String[] {"TLSv1.3", "TLSv1.2"}) {
      Outcome outcome = handshake(server, acceptingClient(), protocol);
      assertTrue(outcome.responses.isEmpty(), protocol);
      tasks += outcome.serverTasks;
    }
    return tasks;
  }

  /** What one handshake left: the server's delegated tasks and the client's stapled responses. */
  private record Outcome(int serverTasks, List<byte[]> responses, long millis) {}

  /**
   * A whole handshake between a fresh engine of each context, in memory. Checks that no server
   * {@code wrap} or {@code unwrap} asked the responder: only tasks may.
   */
  private static Outcome handshake(SSLContext server, SSLContext client, String protocol)
      throws Exception {
    SSLEngine serverEngine = TlsIdentities.server(server);
    SSLEngine clientEngine = TlsIdentities.client(client, protocol);
    long start = System.nanoTime();
    int[] serverTasks = {0};
    ByteBuffer toServer = ByteBuffer.allocate(clientEngine.getSession().getPacketBufferSize());
    ByteBuffer toClient = ByteBuffer.allocate(serverEngine.getSession().getPacketBufferSize());
    ByteBuffer app =
        ByteBuffer.allocate(
            Math.max(
                clientEngine.getSession().getApplicationBufferSize(),
                serverEngine.getSession().getApplicationBufferSize()));
    clientEngine.beginHandshake();
    for (int round = 0; round < 50 && !(done(clientEngine) && done(serverEngine)); round++) {
      clientEngine.wrap(EMPTY, toServer);
      runTasks(clientEngine, null);
      toServer.flip();
      while (toServer.hasRemaining()) {
        int asked = responder.requests.get();
        SSLEngineResult result = serverEngine.unwrap(toServer, app.clear());
        assertEquals(asked, responder.requests.get(), "the server's unwrap asked the responder");
        runTasks(serverEngine, serverTasks);
        if (result.bytesConsumed() == 0) {
          break;
        }
      }
      toServer.compact();
      int asked = responder.requests.get();
      serverEngine.wrap(EMPTY, toClient);
      assertEquals(asked, responder.requests.get(), "the server's wrap asked the responder");
      toClient.flip();
      while (toClient.hasRemaining()) {
        SSLEngineResult result = clientEngine.unwrap(toClient, app.clear());
        runTasks(clientEngine, null);
        if (result.bytesConsumed() == 0) {
          break;
        }
      }
      toClient.compact();
    }
    assertTrue(done(clientEngine) && done(serverEngine), "the handshake did not complete");
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertEquals(protocol, serverEngine.getSession().getProtocol());
    return new Outcome(
        serverTasks[0],
        ((ExtendedSSLSession) clientEngine.getSession()).getStatusResponses(),
        millis);
  }

  private static boolean done(SSLEngine engine) {
    return engine.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING
        && !engine.getSession().getProtocol().equals("NONE");
  }

  private static void runTasks(SSLEngine engine, int[] count) {
    for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
      task.run();
      if (count != null) {
        count[0]++;
      }
    }
  }

  /** A Carbide server context presenting {@code leaf}; stapling as asked, read at creation. */
  private static SSLContext carbideServer(boolean staple, String leaf) throws Exception {
    SSLContext context;
    System.setProperty(STAPLING, String.valueOf(staple));
    try {
      context = SSLContext.getInstance("TLS", Carbide.provider());
    } finally {
      System.clearProperty(STAPLING);
    }
    FixedKeyManager keys = new FixedKeyManager(responder.key(leaf), responder.chain(leaf));
    context.init(
        new KeyManager[] {keys}, new TrustManager[] {responder.pkixWithRevocation()}, null);
    return context;
  }

  /** The JDK's client, checking revocation: it accepts the chain on a stapled response alone. */
  private static SSLContext pkixClient() throws Exception {
    return sunJsseClient(responder.pkixWithRevocation());
  }

  private static SSLContext acceptingClient() throws Exception {
    return sunJsseClient(new JavaOnlyKeyTest.TrustAll());
  }

  private static SSLContext sunJsseClient(X509TrustManager trust) throws Exception {
    SSLContext context = SSLContext.getInstance("TLS", "SunJSSE");
    context.init(null, new TrustManager[] {trust}, null);
    return context;
  }
}
