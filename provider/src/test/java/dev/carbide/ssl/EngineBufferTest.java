package dev.carbide.ssl;

import static dev.carbide.ssl.EngineStates.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * The engine's record path over every kind of ByteBuffer (RecordBuffers): records and plaintext go
 * straight between OpenSSL and the caller's memory, a direct buffer by its address and a heap
 * buffer by its array at its array offset, and only read-only heap buffers and plaintext spread
 * over several sources go through a staging copy. Each case sends data both ways between a Carbide
 * engine and a peer (Carbide, or SunJSSE so that the records are checked by another
 * implementation), with the handshake itself over the same kind of network buffer, and compares the
 * bytes. Under 1 s (0.7 s; 16 s at a load average of 19).
 */
class EngineBufferTest {
  /** How a test lays out a buffer. */
  enum Shape {
    HEAP,
    DIRECT,
    /** A slice of a larger array: a non-zero array offset. */
    SLICED_HEAP,
    /** A slice of a larger direct buffer: an address inside another buffer's memory. */
    SLICED_DIRECT,
    /** Read-only views, for sources only: a read-only heap buffer hides its array. */
    READ_ONLY_HEAP,
    READ_ONLY_DIRECT;

    boolean readOnly() {
      return this == READ_ONLY_HEAP || this == READ_ONLY_DIRECT;
    }

    /** An empty writable buffer of this layout (a read-only shape gives its writable form). */
    ByteBuffer allocate(int capacity) {
      return switch (this) {
        case HEAP, READ_ONLY_HEAP -> ByteBuffer.allocate(capacity);
        case DIRECT, READ_ONLY_DIRECT -> ByteBuffer.allocateDirect(capacity);
        case SLICED_HEAP -> ByteBuffer.allocate(capacity + 23).position(11).slice().limit(capacity);
        case SLICED_DIRECT ->
            ByteBuffer.allocateDirect(capacity + 23).position(11).slice().limit(capacity);
      };
    }

    /** {@code data} between position and limit, in this layout. */
    ByteBuffer holding(byte[] data) {
      ByteBuffer buffer = allocate(data.length).put(data).flip();
      return readOnly() ? buffer.asReadOnlyBuffer() : buffer;
    }

    /** The view unwrap reads a flipped network buffer through. */
    ByteBuffer reading(ByteBuffer flipped) {
      return readOnly() ? flipped.asReadOnlyBuffer() : flipped;
    }
  }

  @BeforeAll
  static void setUp(@TempDir Path dir) throws Exception {
    EngineStates.setUp(dir);
  }

  /** Application data and network records in one layout each way, Carbide with either peer. */
  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void everyBufferShape(String protocol) throws Exception {
    for (Shape shape : Shape.values()) {
      for (boolean carbidePeer : new boolean[] {true, false}) {
        String name = shape + (carbidePeer ? ", Carbide peer" : ", SunJSSE peer");
        // Carbide as the client and as the server, against the peer.
        SSLEngine[][] pairs = {
          {EngineStates.client(true, protocol), EngineStates.server(carbidePeer)},
          {EngineStates.client(carbidePeer, protocol), EngineStates.server(true)},
        };
        for (SSLEngine[] pair : pairs) {
          handshake(pair[0], pair[1], shape);
          byte[] request = random(40_000, 7);
          byte[] response = random(40_000, 8);
          assertArrayEquals(request, send(pair[0], pair[1], shape, request), name + ": request");
          assertArrayEquals(response, send(pair[1], pair[0], shape, response), name + ": response");
        }
      }
    }
  }

  /**
   * Plaintext gathered from several sources into one record (the staging path), and scattered over
   * several destinations: tiny ones first, then one that a whole record fills exactly.
   */
  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void gatherAndScatter(String protocol) throws Exception {
    for (Shape shape : new Shape[] {Shape.HEAP, Shape.DIRECT, Shape.SLICED_HEAP}) {
      SSLEngine[] pair = carbidePair(protocol);
      SSLEngine client = pair[0];
      SSLEngine server = pair[1];
      byte[] data = random(50_000, 9);
      ByteBuffer[] srcs = {
        shape.holding(slice(data, 0, 3)),
        shape.holding(slice(data, 3, 5_000)),
        shape.holding(slice(data, 5_003, data.length - 5_003)),
      };
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      ByteBuffer net = shape.allocate(client.getSession().getPacketBufferSize());
      int calls = 0;
      while (remaining(srcs) > 0) {
        net.clear();
        SSLEngineResult wrapped = client.wrap(srcs, net);
        assertEquals(Status.OK, wrapped.getStatus());
        net.flip();
        while (net.hasRemaining()) {
          // Every other call: 1 and 7 bytes first, or first exactly one whole record's plaintext.
          ByteBuffer[] dsts =
              calls++ % 2 == 0
                  ? new ByteBuffer[] {
                    shape.allocate(1),
                    shape.allocate(7),
                    shape.allocate(16_384),
                    shape.allocate(4_000)
                  }
                  : new ByteBuffer[] {
                    shape.allocate(16_384),
                    shape.allocate(1),
                    shape.allocate(7),
                    shape.allocate(4_000)
                  };
          SSLEngineResult result = server.unwrap(net, dsts);
          assertEquals(Status.OK, result.getStatus());
          int produced = 0;
          for (ByteBuffer dst : dsts) {
            produced += dst.position();
            dst.flip();
            byte[] part = new byte[dst.remaining()];
            dst.get(part);
            received.write(part);
          }
          assertEquals(result.bytesProduced(), produced);
        }
      }
      assertArrayEquals(data, received.toByteArray(), shape.toString());
    }
  }

  /**
   * Many records in one network buffer, direct and heap: each unwrap takes exactly one record and
   * hands over its plaintext whole, until the buffer is empty.
   */
  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void manyRecordsInOneBuffer(String protocol) throws Exception {
    for (Shape shape : new Shape[] {Shape.HEAP, Shape.DIRECT, Shape.READ_ONLY_HEAP}) {
      SSLEngine[] pair = carbidePair(protocol);
      SSLEngine client = pair[0];
      SSLEngine server = pair[1];
      ByteBuffer net = shape.allocate(40 * 1_200);
      List<byte[]> messages = new ArrayList<>();
      List<Integer> recordLengths = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        byte[] message = random(1_000, 100 + i);
        messages.add(message);
        SSLEngineResult result = client.wrap(ByteBuffer.wrap(message), net);
        assertEquals(1_000, result.bytesConsumed());
        recordLengths.add(result.bytesProduced());
      }
      ByteBuffer in = shape.reading(net.flip());
      ByteBuffer app = Shape.DIRECT.allocate(server.getSession().getApplicationBufferSize());
      for (int i = 0; i < messages.size(); i++) {
        app.clear();
        SSLEngineResult result = server.unwrap(in, app);
        assertEquals(Status.OK, result.getStatus(), "record " + i);
        assertEquals((int) recordLengths.get(i), result.bytesConsumed(), "record " + i);
        app.flip();
        byte[] got = new byte[app.remaining()];
        app.get(got);
        assertArrayEquals(messages.get(i), got, shape + ", record " + i);
      }
      assertFalse(in.hasRemaining());
    }
  }

  /** A destination too small for the record is BUFFER_OVERFLOW with nothing consumed, any shape. */
  @Test
  void overflowLeavesTheRecord() throws Exception {
    for (Shape shape : new Shape[] {Shape.HEAP, Shape.DIRECT, Shape.SLICED_DIRECT}) {
      SSLEngine[] pair = carbidePair("TLSv1.3");
      SSLEngine client = pair[0];
      SSLEngine server = pair[1];
      byte[] data = random(5_000, 11);
      ByteBuffer net = shape.allocate(client.getSession().getPacketBufferSize());
      client.wrap(shape.holding(data), net);
      net.flip();
      int before = net.remaining();
      ByteBuffer small = shape.allocate(100);
      assertEquals(Status.BUFFER_OVERFLOW, server.unwrap(net, small).getStatus());
      assertEquals(before, net.remaining());
      assertEquals(0, small.position());
      ByteBuffer enough = shape.allocate(server.getSession().getApplicationBufferSize());
      assertEquals(5_000, server.unwrap(net, enough).bytesProduced());
      byte[] got = new byte[5_000];
      enough.flip().get(got);
      assertArrayEquals(data, got, shape.toString());
    }
  }

  /**
   * Source and destination in one array (wrap writes the record, unwrap decrypts it, into another
   * region of the array the input lies in: the natives pin it once), and a direct source with a
   * heap destination and the reverse: each record goes through one native call with both pinned or
   * addressed (RecordBuffers.seal, open).
   */
  @ParameterizedTest
  @ValueSource(strings = {"TLSv1.3", "TLSv1.2"})
  void oneArrayAndMixedShapes(String protocol) throws Exception {
    SSLEngine[] pair = carbidePair(protocol);
    SSLEngine client = pair[0];
    SSLEngine server = pair[1];
    for (int size : new int[] {1, 1_000, 16_384}) {
      byte[] data = random(size, size);
      byte[] shared = new byte[2 * 18_000 + size];
      System.arraycopy(data, 0, shared, 0, size);
      ByteBuffer src = ByteBuffer.wrap(shared, 0, size);
      ByteBuffer net = ByteBuffer.wrap(shared, size, 18_000).slice();
      assertEquals(size, client.wrap(src, net).bytesConsumed());
      // The record now lies in the array's middle; decrypt it into the array's end.
      ByteBuffer app = ByteBuffer.wrap(shared, size + 18_000, 18_000).slice();
      SSLEngineResult result = server.unwrap(net.flip(), app);
      assertEquals(size, result.bytesProduced(), "one array, " + size);
      byte[] got = new byte[size];
      app.flip().get(got);
      assertArrayEquals(data, got, "one array, " + size);

      ByteBuffer directNet = ByteBuffer.allocateDirect(18_000);
      client.wrap(ByteBuffer.wrap(data), directNet);
      ByteBuffer heapApp = ByteBuffer.allocate(18_000);
      assertEquals(size, server.unwrap(directNet.flip(), heapApp).bytesProduced());
      assertArrayEquals(data, Arrays.copyOf(heapApp.array(), size), "direct to heap, " + size);
      ByteBuffer heapNet = ByteBuffer.allocate(18_000);
      client.wrap(ByteBuffer.allocateDirect(size).put(data).flip(), heapNet);
      ByteBuffer directApp = ByteBuffer.allocateDirect(18_000);
      assertEquals(size, server.unwrap(heapNet.flip(), directApp).bytesProduced());
      got = new byte[size];
      directApp.flip().get(got);
      assertArrayEquals(data, got, "heap to direct, " + size);
    }
  }

  /** A Carbide client and server, connected over heap buffers. */
  private static SSLEngine[] carbidePair(String protocol) throws SSLException {
    SSLEngine client = EngineStates.client(true, protocol);
    SSLEngine server = EngineStates.server(true);
    handshake(client, server, Shape.HEAP);
    return new SSLEngine[] {client, server};
  }

  /** The handshake, each flight through network buffers of {@code shape}. */
  private static void handshake(SSLEngine client, SSLEngine server, Shape shape)
      throws SSLException {
    client.beginHandshake();
    server.beginHandshake();
    ByteBuffer toServer = shape.allocate(client.getSession().getPacketBufferSize());
    ByteBuffer toClient = shape.allocate(server.getSession().getPacketBufferSize());
    ByteBuffer empty = ByteBuffer.allocate(0);
    for (int round = 0; round < 50; round++) {
      if (done(client) && done(server) && toServer.position() == 0 && toClient.position() == 0) {
        return;
      }
      pumpWrap(client, empty, toServer);
      pumpWrap(server, empty, toClient);
      drain(server, toServer, shape);
      drain(client, toClient, shape);
    }
    throw new AssertionError("no handshake over " + shape);
  }

  private static boolean done(SSLEngine engine) {
    HandshakeStatus status = engine.getHandshakeStatus();
    return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED;
  }

  private static void pumpWrap(SSLEngine engine, ByteBuffer src, ByteBuffer net)
      throws SSLException {
    while (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
      SSLEngineResult result = engine.wrap(src, net);
      if (result.getStatus() == Status.BUFFER_OVERFLOW) {
        break; // SunJSSE wants a whole packet's room: the peer drains this flight first
      }
      assertEquals(Status.OK, result.getStatus());
      runTasks(engine);
    }
    runTasks(engine);
  }

  /** Unwraps every whole record in {@code net} (in write mode), through a view of the shape. */
  private static byte[] drain(SSLEngine engine, ByteBuffer net, Shape shape) throws SSLException {
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    ByteBuffer in = shape.reading(net.flip());
    Shape appShape = shape.readOnly() ? Shape.HEAP : shape;
    ByteBuffer app = appShape.allocate(engine.getSession().getApplicationBufferSize());
    while (in.hasRemaining()) {
      app.clear();
      SSLEngineResult result = engine.unwrap(in, app);
      runTasks(engine);
      if (result.getStatus() == Status.BUFFER_UNDERFLOW) {
        break;
      }
      assertEquals(Status.OK, result.getStatus());
      app.flip();
      byte[] part = new byte[app.remaining()];
      app.get(part);
      received.write(part, 0, part.length);
      if (result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
        break; // our own flight goes first
      }
    }
    net.position(in.position());
    net.compact();
    return received.toByteArray();
  }

  /**
   * Wraps all of {@code data} from a source of {@code shape} into network buffers of that shape,
   * and unwraps it on the other side (into application buffers of that shape, or heap ones for a
   * read-only shape); returns what arrived.
   */
  private static byte[] send(SSLEngine from, SSLEngine to, Shape shape, byte[] data)
      throws SSLException {
    ByteBuffer source = shape.holding(data);
    ByteBuffer records = shape.allocate(from.getSession().getPacketBufferSize());
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    for (int round = 0; round < 100 && received.size() < data.length; round++) {
      if (source.hasRemaining()) {
        SSLEngineResult result = from.wrap(source, records);
        assertEquals(Status.OK, result.getStatus());
      }
      byte[] part = drain(to, records, shape);
      received.write(part, 0, part.length);
    }
    return received.toByteArray();
  }

  private static void runTasks(SSLEngine engine) {
    for (Runnable task; (task = engine.getDelegatedTask()) != null; ) {
      task.run();
    }
  }

  private static byte[] slice(byte[] data, int from, int length) {
    byte[] part = new byte[length];
    System.arraycopy(data, from, part, 0, length);
    return part;
  }

  private static long remaining(ByteBuffer[] buffers) {
    long total = 0;
    for (ByteBuffer buffer : buffers) {
      total += buffer.remaining();
    }
    return total;
  }
}
