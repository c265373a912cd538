package dev.carbide.ssl;

import static dev.carbide.ssl.EngineStates.client;
import static dev.carbide.ssl.EngineStates.connected;
import static dev.carbide.ssl.EngineStates.random;
import static dev.carbide.ssl.EngineStates.server;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine's SSLEngine state machine, in memory: network input a byte at a time, application
 * buffers smaller than a record, truncated and coalesced records, close in every state, wrap after
 * closeOutbound, and threads (32 engines on 4 threads; one engine's wrap and unwrap on two). Where
 * the JSSE contract leaves a choice, the same steps run on SunJSSE's engine in the same role and
 * the results are compared. About 2 s.
 */
class EngineStateMachineTest {
  private static final boolean CARBIDE = true;
  private static final boolean SUN_JSSE = false;

  @BeforeAll
  static void setUp(@TempDir Path dir) throws Exception {
    EngineStates.setUp(dir);
  }

  /** A server (Carbide or SunJSSE) whose network input arrives one byte per unwrap. */
  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void oneByteNetworkReads(String protocol) throws Exception {
    for (boolean carbideServer : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(CARBIDE, protocol);
      SSLEngine server = server(carbideServer);
      Trickle trickle = new Trickle(client, server);
      byte[] request = random(6_000, 1);
      byte[] response = random(10_000, 2);
      trickle.run(request, response);
      assertArrayEquals(request, trickle.serverReceived.toByteArray());
      assertArrayEquals(response, trickle.clientReceived.toByteArray());
      assertEquals(protocol, server.getSession().getProtocol());
      // Every partial record waited for its rest: BUFFER_UNDERFLOW, nothing consumed.
      assertTrue(trickle.underflows > 500, "underflows: " + trickle.underflows);
      assertEquals(0, trickle.consumedOnUnderflow);
    }
  }

  /**
   * Drives a pair where the server's input is delivered byte by byte; the client's whole records.
   */
  private static final class Trickle {
    final SSLEngine client;
    final SSLEngine server;
    final ByteArrayOutputStream serverReceived = new ByteArrayOutputStream();
    final ByteArrayOutputStream clientReceived = new ByteArrayOutputStream();
    int underflows;
    int consumedOnUnderflow;

    Trickle(SSLEngine client, SSLEngine server) {
      this.client = client;
      this.server = server;
    }

    void run(byte[] request, byte[] response) throws SSLException {
      ByteBuffer clientOut = ByteBuffer.wrap(request);
      ByteBuffer serverOut = ByteBuffer.wrap(response);
      ByteBuffer serverIn = ByteBuffer.allocate(1 << 20);
      ByteBuffer app = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
      client.beginHandshake();
      server.beginHandshake();
      for (int round = 0; round < 500; round++) {
        if (serverReceived.size() == request.length && clientReceived.size() == response.length) {
          return;
        }
        byte[] wire =
            client.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING
                    && clientOut.hasRemaining()
                ? EngineStates.wrapAll(client, take(clientOut))
                : EngineStates.flight(client);
        for (byte b : wire) {
          serverIn.put(b);
          drain(serverIn, app);
        }
        drain(serverIn, app);
        byte[] back = EngineStates.flight(server);
        if (server.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING
            && serverOut.hasRemaining()) {
          back = concat(back, EngineStates.wrapAll(server, take(serverOut)));
        }
        clientReceived.writeBytes(EngineStates.unwrapAll(client, back));
      }
      throw new AssertionError(
          "no progress: " + serverReceived.size() + ", " + clientReceived.size());
    }

    // Up to 4 KiB of what is left, so that data follows the handshake over several rounds.
    private static byte[] take(ByteBuffer src) {
      byte[] chunk = new byte[Math.min(src.remaining(), 4096)];
      src.get(chunk);
      return chunk;
    }

    private void drain(ByteBuffer in, ByteBuffer app) throws SSLException {
      in.flip();
      try {
        while (in.hasRemaining()) {
          SSLEngineResult result = server.unwrap(in, app);
          for (Runnable task; (task = server.getDelegatedTask()) != null; ) {
            task.run();
          }
          serverReceived.write(app.array(), 0, app.position());
          app.clear();
          if (result.getStatus() == Status.BUFFER_UNDERFLOW) {
            underflows++;
            consumedOnUnderflow += result.bytesConsumed();
            return;
          }
          if (result.getStatus() != Status.OK
              || result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
            return;
          }
        }
      } finally {
        in.compact();
      }
    }

    private static byte[] concat(byte[] a, byte[] b) {
      byte[] both = new byte[a.length + b.length];
      System.arraycopy(a, 0, both, 0, a.length);
      System.arraycopy(b, 0, both, a.length, b.length);
      return both;
    }
  }

  @Test
  void smallApplicationBufferOverflowsThenSucceeds() throws Exception {
    for (boolean carbideServer : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(CARBIDE, "TLSv1.3");
      SSLEngine server = server(carbideServer);
      connected(client, server);
      byte[] message = random(10_000, 3);
      ByteBuffer record = ByteBuffer.wrap(EngineStates.wrapAll(client, message));
      int length = record.remaining();
      ByteBuffer small = ByteBuffer.allocate(100);
      SSLEngineResult overflow = server.unwrap(record, small);
      assertEquals(Status.BUFFER_OVERFLOW, overflow.getStatus(), name(server));
      assertEquals(0, overflow.bytesConsumed());
      assertEquals(0, small.position(), "nothing written on overflow");
      ByteBuffer grown = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
      SSLEngineResult ok = server.unwrap(record, grown);
      assertEquals(Status.OK, ok.getStatus());
      assertEquals(length, ok.bytesConsumed());
      assertEquals(message.length, ok.bytesProduced());
      assertArrayEquals(message, java.util.Arrays.copyOf(grown.array(), grown.position()));
    }
  }

  @Test
  void tinyNetworkBufferOverflowsOnWrap() throws Exception {
    for (boolean carbideClient : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(carbideClient, "TLSv1.3");
      SSLEngine server = server(CARBIDE);
      // The ClientHello does not fit in 10 bytes: overflow, nothing lost.
      client.beginHandshake();
      SSLEngineResult overflow = client.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(10));
      assertEquals(Status.BUFFER_OVERFLOW, overflow.getStatus(), name(client));
      assertEquals(HandshakeStatus.NEED_WRAP, overflow.getHandshakeStatus());
      connected(client, server);
      // Application data into too small a buffer: overflow, nothing consumed.
      ByteBuffer src = ByteBuffer.wrap(random(1000, 4));
      overflow = client.wrap(src, ByteBuffer.allocate(10));
      assertEquals(Status.BUFFER_OVERFLOW, overflow.getStatus(), name(client));
      assertEquals(0, overflow.bytesConsumed());
      assertEquals(1000, src.remaining());
    }
  }

  @Test
  void truncatedAndCoalescedRecords() throws Exception {
    for (boolean carbideServer : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(CARBIDE, "TLSv1.3");
      SSLEngine server = server(carbideServer);
      connected(client, server);
      byte[] first = EngineStates.wrapAll(client, random(500, 5));
      byte[] second = EngineStates.wrapAll(client, random(700, 6));
      ByteBuffer app = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
      // The first record less its last byte: underflow, nothing consumed or produced.
      ByteBuffer truncated = ByteBuffer.wrap(first, 0, first.length - 1);
      SSLEngineResult underflow = server.unwrap(truncated, app);
      assertEquals(Status.BUFFER_UNDERFLOW, underflow.getStatus(), name(server));
      assertEquals(0, underflow.bytesConsumed());
      assertEquals(0, underflow.bytesProduced());
      // Only a header's first bytes: underflow too.
      underflow = server.unwrap(ByteBuffer.wrap(first, 0, 3), app);
      assertEquals(Status.BUFFER_UNDERFLOW, underflow.getStatus(), name(server));
      // Both records in one buffer: one record per call, as SunJSSE does.
      ByteBuffer both = ByteBuffer.allocate(first.length + second.length).put(first).put(second);
      both.flip();
      SSLEngineResult one = server.unwrap(both, app);
      assertEquals(first.length, one.bytesConsumed(), name(server));
      assertEquals(500, one.bytesProduced());
      SSLEngineResult two = server.unwrap(both, app);
      assertEquals(second.length, two.bytesConsumed());
      assertEquals(700, two.bytesProduced());
    }
  }

  @Test
  void closeBeforeTheHandshake() throws Exception {
    for (boolean carbide : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(carbide, "TLSv1.3");
      client.closeOutbound();
      ByteBuffer net = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
      SSLEngineResult result = client.wrap(ByteBuffer.wrap(new byte[10]), net);
      assertEquals(Status.CLOSED, result.getStatus(), name(client));
      assertEquals(0, result.bytesConsumed());
      assertTrue(client.isOutboundDone(), name(client));
      SSLEngine server = server(carbide);
      server.closeInbound(); // nothing was received, so no close_notify is missing
      assertTrue(server.isInboundDone());
      ByteBuffer app = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
      assertEquals(
          Status.CLOSED, server.unwrap(ByteBuffer.allocate(0), app).getStatus(), name(server));
    }
  }

  @Test
  void closeOutboundMidHandshake() throws Exception {
    for (boolean carbide : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(CARBIDE, "TLSv1.3");
      SSLEngine server = server(carbide);
      client.beginHandshake();
      byte[] hello = EngineStates.flight(client);
      EngineStates.unwrapAll(server, hello);
      assertEquals(HandshakeStatus.NEED_WRAP, server.getHandshakeStatus(), name(server));
      server.closeOutbound();
      // What is queued is sent (SunJSSE: its alert, OK then CLOSED; Carbide: its flight, CLOSED),
      // no application data is taken, and then the engine is done and says so.
      ByteBuffer net = ByteBuffer.allocate(server.getSession().getPacketBufferSize());
      List<Status> statuses = new ArrayList<>();
      for (int i = 0; i < 8 && !server.isOutboundDone(); i++) {
        net.clear();
        SSLEngineResult result = server.wrap(ByteBuffer.wrap(new byte[10]), net);
        statuses.add(result.getStatus());
        assertEquals(0, result.bytesConsumed());
      }
      System.out.println("closeOutbound mid-handshake, " + name(server) + ": " + statuses);
      assertEquals(Status.CLOSED, statuses.get(statuses.size() - 1), name(server));
      assertTrue(server.isOutboundDone(), name(server));
      net.clear();
      SSLEngineResult after = server.wrap(ByteBuffer.allocate(0), net);
      assertEquals(Status.CLOSED, after.getStatus());
      assertEquals(0, after.bytesProduced());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void closeAfterTheHandshake(String protocol) throws Exception {
    for (boolean carbide : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(carbide, protocol);
      SSLEngine server = server(CARBIDE);
      connected(client, server);
      client.closeOutbound();
      assertFalse(client.isOutboundDone(), "close_notify still to send: " + name(client));
      ByteBuffer net = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
      ByteBuffer data = ByteBuffer.wrap(new byte[100]);
      SSLEngineResult result = client.wrap(data, net);
      assertEquals(Status.CLOSED, result.getStatus(), name(client));
      assertEquals(0, result.bytesConsumed(), "no data after closeOutbound");
      assertTrue(result.bytesProduced() > 0, "close_notify");
      assertTrue(client.isOutboundDone());
      // wrap after closeOutbound: CLOSED, nothing consumed or produced.
      ByteBuffer more = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
      SSLEngineResult again = client.wrap(data, more);
      assertEquals(Status.CLOSED, again.getStatus());
      assertEquals(0, again.bytesConsumed());
      assertEquals(0, again.bytesProduced());
      // The Carbide server sees close_notify and closes inbound. Under TLS 1.2 it answers with its
      // own at once; under TLS 1.3 close_notify closes one direction only (RFC 8446, 6.1), so the
      // server may still write until it closes, as SunJSSE's does.
      net.flip();
      ByteBuffer app = ByteBuffer.allocate(server.getSession().getApplicationBufferSize());
      assertEquals(Status.CLOSED, server.unwrap(net, app).getStatus());
      assertTrue(server.isInboundDone());
      if (protocol.equals("TLSv1.3")) {
        assertEquals(HandshakeStatus.NOT_HANDSHAKING, server.getHandshakeStatus());
        assertFalse(server.isOutboundDone());
        server.closeOutbound();
      }
      assertEquals(HandshakeStatus.NEED_WRAP, server.getHandshakeStatus());
      more.clear();
      SSLEngineResult reply = server.wrap(ByteBuffer.allocate(0), more);
      assertEquals(Status.CLOSED, reply.getStatus());
      assertTrue(reply.bytesProduced() > 0);
      assertTrue(server.isOutboundDone());
      more.flip();
      assertEquals(Status.CLOSED, client.unwrap(more, app).getStatus(), name(client));
      assertTrue(client.isInboundDone());
    }
  }

  @Test
  void closeInboundWithoutCloseNotifyThrows() throws Exception {
    for (boolean carbide : new boolean[] {CARBIDE, SUN_JSSE}) {
      SSLEngine client = client(CARBIDE, "TLSv1.3");
      SSLEngine server = server(carbide);
      connected(client, server);
      SSLException e = assertThrows(SSLException.class, server::closeInbound, name(server));
      assertTrue(
          e.getMessage().contains("closing inbound before receiving peer's close_notify"),
          e.getMessage());
      assertTrue(server.isInboundDone());
      // Both engines then have an alert to send (SunJSSE: internal_error; Carbide: close_notify).
      // Carbide takes no data once closed and is done after it; SunJSSE (Java 25) still takes data
      // in the wrap that sends its alert and does not report its outbound done within four wraps.
      ByteBuffer net = ByteBuffer.allocate(server.getSession().getPacketBufferSize());
      int produced = 0;
      for (int i = 0; i < 4 && !server.isOutboundDone(); i++) {
        SSLEngineResult result = server.wrap(ByteBuffer.wrap(new byte[10]), net);
        if (carbide) {
          assertEquals(0, result.bytesConsumed());
        }
        produced += result.bytesProduced();
      }
      assertTrue(produced > 0, name(server));
      if (carbide) {
        assertTrue(server.isOutboundDone());
        assertEquals(Status.CLOSED, server.wrap(ByteBuffer.allocate(0), net).getStatus());
      }
    }
  }

  /** 32 engine pairs (Carbide with Carbide or SunJSSE) on 4 threads. */
  @Test
  void thirtyTwoEnginesOnFourThreads() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> pairs = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        int index = i;
        pairs.add(
            pool.submit(
                () -> {
                  String protocol = index % 3 == 0 ? "TLSv1.2" : "TLSv1.3";
                  SSLEngine client = client(index % 2 == 0 || index % 4 == 1, protocol);
                  SSLEngine server = server(index % 2 == 1 || index % 4 == 0);
                  new EngineLoop(client, server)
                      .exchange(random(5000 + index, index), random(7000, -index));
                  assertEquals(protocol, server.getSession().getProtocol());
                  return null;
                }));
      }
      for (Future<?> pair : pairs) {
        pair.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * One engine's wrap on one thread and its unwrap on another, both ways at once, as SunJSSE
   * allows: 256 KiB each way in records of random sizes, the bytes checked.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void wrapAndUnwrapOnTwoThreads(boolean carbidePeer) throws Exception {
    SSLEngine client = client(CARBIDE, "TLSv1.3");
    SSLEngine server = server(carbidePeer);
    connected(client, server);
    byte[] up = random(256 << 10, 7);
    byte[] down = random(256 << 10, 8);
    LinkedBlockingQueue<byte[]> toServer = new LinkedBlockingQueue<>();
    LinkedBlockingQueue<byte[]> toClient = new LinkedBlockingQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      Future<?> clientWrites = pool.submit(() -> send(client, up, toServer, 9));
      Future<?> serverWrites = pool.submit(() -> send(server, down, toClient, 10));
      Future<byte[]> serverReads = pool.submit(() -> receive(server, toServer, up.length));
      Future<byte[]> clientReads = pool.submit(() -> receive(client, toClient, down.length));
      clientWrites.get(60, TimeUnit.SECONDS);
      serverWrites.get(60, TimeUnit.SECONDS);
      assertArrayEquals(up, serverReads.get(60, TimeUnit.SECONDS));
      assertArrayEquals(down, clientReads.get(60, TimeUnit.SECONDS));
    } finally {
      pool.shutdownNow();
    }
  }

  private static Void send(
      SSLEngine engine, byte[] data, LinkedBlockingQueue<byte[]> out, long seed)
      throws SSLException {
    java.util.Random random = new java.util.Random(seed);
    int at = 0;
    while (at < data.length) {
      int n = Math.min(data.length - at, 1 + random.nextInt(20_000));
      out.add(EngineStates.wrapAll(engine, java.util.Arrays.copyOfRange(data, at, at + n)));
      at += n;
    }
    return null;
  }

  private static byte[] receive(SSLEngine engine, LinkedBlockingQueue<byte[]> in, int length)
      throws Exception {
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    while (received.size() < length) {
      byte[] records = in.poll(30, TimeUnit.SECONDS);
      if (records == null) {
        throw new AssertionError("no records for 30 s, received " + received.size());
      }
      ByteBuffer src = ByteBuffer.wrap(records);
      ByteBuffer app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
      while (src.hasRemaining()) {
        SSLEngineResult result = engine.unwrap(src, app);
        assertEquals(Status.OK, result.getStatus());
        received.write(app.array(), 0, app.position());
        app.clear();
      }
    }
    return received.toByteArray();
  }

  private static String name(SSLEngine engine) {
    return engine instanceof CarbideSslEngine ? "Carbide" : "SunJSSE";
  }
}
