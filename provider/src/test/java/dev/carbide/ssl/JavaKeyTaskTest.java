package dev.carbide.ssl;

import static dev.carbide.ssl.SocketFixture.TIMEOUT_MS;
import static dev.carbide.ssl.SocketFixture.expect;
import static dev.carbide.ssl.SocketFixture.send;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.ssl.JavaOnlyKeyTest.TestSignatures;
import dev.carbide.ssl.JavaOnlyKeyTest.TrustAll;
import dev.carbide.ssl.SocketFixture.Background;
import java.nio.ByteBuffer;
import java.security.Security;
import java.security.SignatureException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Delegated tasks for keys only Java can use (docs/tls.md, "Keys only Java can use"): a slow key
 * (its Signature sleeps, as an HSM's may take milliseconds) signs in the task that {@code
 * getDelegatedTask()} hands out, on the thread the application runs it on, never inside {@code
 * wrap} or {@code unwrap}. Server and client, TLS 1.3 and 1.2, EC and RSA; a throwing signer; an
 * engine dropped or closed with its task pending; sockets, which run the task inline.
 */
class JavaKeyTaskTest {
  private static final TestSignatures PROVIDER = new TestSignatures("CarbideJavaKeyTaskTest");
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
  private static final int PACKET = CarbideSslEngine.PACKET_BUFFER_SIZE;
  private static final long SIGN_MILLIS = 100;
  private static int port = 4000; // a new peer for every handshake: no resumption

  private static ExecutorService worker;
  private static Thread workerThread;

  @BeforeAll
  static void setUp() throws Exception {
    JavaOnlyKeyTest.identities(); // the EC and RSA identities...
    JavaOnlyKeyTest.removeProvider(); // ... without its provider, which would sign first
    Security.addProvider(PROVIDER);
    PROVIDER.sleepMillis = SIGN_MILLIS;
    worker = Executors.newSingleThreadExecutor(r -> new Thread(r, "delegated-task-worker"));
    workerThread = worker.submit(Thread::currentThread).get();
  }

  @AfterAll
  static void tearDown() {
    if (worker != null) { // null when setUp's assumption skipped the class (no bundled OpenSSL)
      worker.shutdownNow();
    }
    Security.removeProvider(PROVIDER.getName());
  }

  private static SSLContext carbide(String type) throws Exception {
    return TlsIdentities.context("Carbide", JavaOnlyKeyTest.opaqueKeys(type), new TrustAll());
  }

  private static SSLContext peer(String provider) throws Exception {
    return TlsIdentities.context(
        provider,
        new FixedKeyManager(TlsIdentities.key("server"), TlsIdentities.chain("server")),
        new TrustAll());
  }

  private static synchronized int nextPort() {
    return port++;
  }

  /**
   * Runs a handshake and a message each way. The peer's tasks run inline; each task of the engine
   * under test is checked (handed out once, nothing moves while it waits) and run on the worker
   * thread. Returns how many tasks the engine under test handed out.
   */
  private static int exchange(SSLEngine client, SSLEngine server, SSLEngine tested)
      throws Exception {
    byte[] toServer = {1, 2, 3};
    byte[] toClient = {4, 5};
    ByteBuffer clientOut = ByteBuffer.wrap(toServer);
    ByteBuffer serverOut = ByteBuffer.wrap(toClient);
    ByteBuffer clientToServer = ByteBuffer.allocate(PACKET);
    ByteBuffer serverToClient = ByteBuffer.allocate(PACKET);
    ByteBuffer clientIn = ByteBuffer.allocate(1 << 16);
    ByteBuffer serverIn = ByteBuffer.allocate(1 << 16);
    int[] tasks = {0};
    client.beginHandshake();
    server.beginHandshake();
    for (int round = 0; round < 200; round++) {
      if (clientIn.position() == toClient.length && serverIn.position() == toServer.length) {
        assertArrayEquals(toServer, Arrays.copyOf(serverIn.array(), toServer.length));
        assertArrayEquals(toClient, Arrays.copyOf(clientIn.array(), toClient.length));
        return tasks[0];
      }
      call(tested, client, tasks, () -> client.wrap(clientOut, clientToServer));
      call(tested, server, tasks, () -> server.wrap(serverOut, serverToClient));
      clientToServer.flip();
      serverToClient.flip();
      unwrapAll(tested, server, clientToServer, serverIn, tasks);
      unwrapAll(tested, client, serverToClient, clientIn, tasks);
      clientToServer.compact();
      serverToClient.compact();
    }
    throw new AssertionError("no progress: " + client.getHandshakeStatus() + " " + tested);
  }

  private static void unwrapAll(
      SSLEngine tested, SSLEngine engine, ByteBuffer in, ByteBuffer app, int[] tasks)
      throws Exception {
    while (in.hasRemaining()) {
      SSLEngineResult result = call(tested, engine, tasks, () -> engine.unwrap(in, app));
      if (result.getStatus() != Status.OK || result.bytesConsumed() == 0) {
        return;
      }
    }
  }

  private static SSLEngineResult call(
      SSLEngine tested, SSLEngine engine, int[] tasks, Callable<SSLEngineResult> operation)
      throws Exception {
    int signed = PROVIDER.signatures.get();
    SSLEngineResult result = operation.call();
    if (engine != tested) {
      Runnable task;
      while ((task = engine.getDelegatedTask()) != null) {
        task.run();
      }
      return result;
    }
    assertEquals(signed, PROVIDER.signatures.get(), "the key signed inside wrap or unwrap");
    if (result.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
      assertEquals(0, result.bytesProduced());
      assertEquals(HandshakeStatus.NEED_TASK, engine.getHandshakeStatus());
      Runnable task = engine.getDelegatedTask();
      assertNotNull(task, "NEED_TASK with no task");
      assertNull(engine.getDelegatedTask(), "each task is handed out once");
      SSLEngineResult waiting = engine.wrap(EMPTY, ByteBuffer.allocate(PACKET));
      assertEquals(HandshakeStatus.NEED_TASK, waiting.getHandshakeStatus());
      assertEquals(0, waiting.bytesProduced(), "nothing moves while the task waits");
      ByteBuffer record = ByteBuffer.wrap(new byte[] {22, 3, 3, 0, 1, 0});
      SSLEngineResult unwrapped = engine.unwrap(record, ByteBuffer.allocate(PACKET));
      assertEquals(0, unwrapped.bytesConsumed(), "nothing is read while the task waits");
      worker.submit(task).get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
      tasks[0]++;
    }
    return result;
  }

  @ParameterizedTest
  @CsvSource({"EC, TLSv1.3", "EC, TLSv1.2", "RSA, TLSv1.3", "RSA, TLSv1.2"})
  void aServerSignsInItsTask(String type, String protocol) throws Exception {
    SSLEngine client = TlsIdentities.client(peer("SunJSSE"), protocol, nextPort());
    SSLEngine server = TlsIdentities.server(carbide(type));
    int before = PROVIDER.signatures.get();
    assertEquals(1, exchange(client, server, server), "one task per handshake");
    assertEquals(before + 1, PROVIDER.signatures.get());
    assertSame(workerThread, PROVIDER.lastSigner, "signed on the thread that ran the task");
    assertEquals(protocol, client.getSession().getProtocol());
    assertEquals(JavaOnlyKeyTest.CHAINS.get(type)[0], client.getSession().getPeerCertificates()[0]);
  }

  /**
   * A client signs only once the server's flight is in: SunJSSE sends it in one record, OpenSSL (a
   * Carbide server) in one record per message, each of which the client reads in a task until its
   * key has signed.
   */
  @ParameterizedTest
  @CsvSource({
    "EC, TLSv1.3, SunJSSE",
    "EC, TLSv1.2, SunJSSE",
    "RSA, TLSv1.3, SunJSSE",
    "RSA, TLSv1.2, SunJSSE",
    "EC, TLSv1.3, Carbide",
    "RSA, TLSv1.2, Carbide"
  })
  void aClientSignsInItsTask(String type, String protocol, String serverProvider) throws Exception {
    SSLEngine client = TlsIdentities.client(carbide(type), protocol, nextPort());
    SSLEngine server = TlsIdentities.server(peer(serverProvider));
    server.setNeedClientAuth(true);
    int before = PROVIDER.signatures.get();
    assertTrue(exchange(client, server, client) >= 1, "the client handed out no task");
    assertEquals(before + 1, PROVIDER.signatures.get());
    assertSame(workerThread, PROVIDER.lastSigner, "signed on the thread that ran the task");
    assertEquals(JavaOnlyKeyTest.CHAINS.get(type)[0], server.getSession().getPeerCertificates()[0]);
  }

  @Test
  void enginesWithKeysOpenSslHoldsHandOutNoTask() throws Exception {
    SSLEngine client = TlsIdentities.client(peer("SunJSSE"), "TLSv1.3", nextPort());
    SSLEngine server = TlsIdentities.server(peer("Carbide"));
    assertEquals(0, exchange(client, server, server));
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void aThrowingSignerFailsTheCallAfterItsTask(String protocol) throws Exception {
    PROVIDER.refuse = true;
    try {
      SSLEngine server = TlsIdentities.server(carbide("EC"));
      SSLEngine client = TlsIdentities.client(peer("SunJSSE"), protocol, nextPort());
      SSLHandshakeException failure =
          assertThrows(SSLHandshakeException.class, () -> exchange(client, server, server));
      assertInstanceOf(SignatureException.class, failure.getCause(), failure::toString);
      assertEquals("the token refused to sign", failure.getCause().getMessage());
      ByteBuffer alert = ByteBuffer.allocate(PACKET);
      SSLEngineResult result = server.wrap(EMPTY, alert);
      assertEquals(Status.CLOSED, result.getStatus());
      assertTrue(result.bytesProduced() > 0, "the alert for the client");

      SSLEngine mutualClient = TlsIdentities.client(carbide("RSA"), protocol, nextPort());
      SSLEngine mutualServer = TlsIdentities.server(peer("SunJSSE"));
      mutualServer.setNeedClientAuth(true);
      failure =
          assertThrows(
              SSLHandshakeException.class,
              () -> exchange(mutualClient, mutualServer, mutualClient));
      assertInstanceOf(SignatureException.class, failure.getCause(), failure::toString);
    } finally {
      PROVIDER.refuse = false;
    }
    assertNull(JavaKeySigner.takeFailure(), "each failure was taken by its step");
  }

  /** A server that read a ClientHello and now waits for its task; the task is returned. */
  private static Runnable pausedServer(SSLEngine server, SSLEngine client) throws Exception {
    ByteBuffer hello = ByteBuffer.allocate(PACKET);
    client.beginHandshake();
    client.wrap(EMPTY, hello);
    hello.flip();
    server.beginHandshake();
    SSLEngineResult result = server.unwrap(hello, ByteBuffer.allocate(PACKET));
    assertEquals(HandshakeStatus.NEED_TASK, result.getHandshakeStatus());
    assertTrue(result.bytesConsumed() > 0, "the ClientHello is consumed");
    return server.getDelegatedTask();
  }

  @Test
  void aTaskRunAfterCloseDoesNothing() throws Exception {
    SSLEngine server = TlsIdentities.server(carbide("EC"));
    SSLEngine client = TlsIdentities.client(peer("SunJSSE"), "TLSv1.3", nextPort());
    Runnable task = pausedServer(server, client);
    int before = PROVIDER.signatures.get();
    server.closeOutbound();
    assertNotEquals(HandshakeStatus.NEED_TASK, server.getHandshakeStatus());
    task.run();
    assertEquals(before, PROVIDER.signatures.get(), "a closed engine's task signs nothing");
    assertEquals(Status.CLOSED, server.wrap(EMPTY, ByteBuffer.allocate(PACKET)).getStatus());
  }

  /**
   * Engines dropped, each with its task never run, free their native state (the Cleaner), and once
   * their context is gone too no Java key is referenced from native code.
   */
  @Test
  void enginesDroppedWithTheirTaskPendingAreFreed() throws Exception {
    int signersBefore = JavaOnlyKeyTest.settledSigners(0); // collects earlier tests' garbage
    long before = EngineLoop.settledReserved();
    int signed = PROVIDER.signatures.get();
    SSLContext server = carbide("EC");
    SSLContext client = peer("SunJSSE");
    int count = 40;
    List<Object> dropped = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      SSLEngine engine = TlsIdentities.server(server);
      dropped.add(pausedServer(engine, TlsIdentities.client(client, "TLSv1.3", nextPort())));
      dropped.add(engine);
    }
    EngineLoop.assertEnginesHeld(before, count);
    assertTrue(SessionNative.liveJavaKeySigners() > signersBefore, "the key is held meanwhile");
    dropped = null;
    server = null;
    EngineLoop.assertEnginesFreed(before, count);
    int live = JavaOnlyKeyTest.settledSigners(signersBefore);
    assertTrue(live <= signersBefore, live + " Java keys still referenced");
    assertEquals(signed, PROVIDER.signatures.get(), "no task ran, nothing was signed");
  }

  /** Sockets run the task inline, as SunJSSE's do: the thread in the handshake signs. */
  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void socketsRunTheTaskInline(String protocol) throws Exception {
    int before = PROVIDER.signatures.get();
    try (SSLServerSocket listener = SocketFixture.listen(carbide("EC"))) {
      Background<Thread> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                expect(socket.getInputStream(), new byte[] {1, 2, 3});
                send(socket.getOutputStream(), new byte[] {4, 5});
                return Thread.currentThread();
              });
      try (SSLSocket socket = connect(peer("SunJSSE"), listener.getLocalPort(), protocol)) {
        send(socket.getOutputStream(), new byte[] {1, 2, 3});
        expect(socket.getInputStream(), new byte[] {4, 5});
      }
      assertSame(served.get(), PROVIDER.lastSigner, "the server's socket thread signed");
    }
    // A client socket with the Java key, against a SunJSSE server that needs its certificate.
    try (SSLServerSocket listener = SocketFixture.listen(peer("SunJSSE"))) {
      listener.setNeedClientAuth(true);
      Background<Void> served =
          SocketFixture.serveOne(
              listener,
              socket -> {
                expect(socket.getInputStream(), new byte[] {6});
                send(socket.getOutputStream(), new byte[] {7});
                return null;
              });
      try (SSLSocket socket = connect(carbide("RSA"), listener.getLocalPort(), protocol)) {
        send(socket.getOutputStream(), new byte[] {6});
        expect(socket.getInputStream(), new byte[] {7});
        assertSame(Thread.currentThread(), PROVIDER.lastSigner, "the client's thread signed");
      }
      served.get();
    }
    assertEquals(before + 2, PROVIDER.signatures.get());
  }

  private static SSLSocket connect(SSLContext context, int port, String protocol) throws Exception {
    SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", port);
    socket.setSoTimeout(TIMEOUT_MS);
    socket.setEnabledProtocols(new String[] {protocol});
    return socket;
  }
}
