package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.internal.NativeFootprint;
import dev.carbide.internal.NativeMemory;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * The classic two-engine test loop, in memory: each engine wraps into the other's inbound buffer
 * and unwraps what it received, until both handshakes are done and each side's message arrived.
 * Records which handshake statuses each engine reported, so FINISHED can be checked.
 */
final class EngineLoop {
  final SSLEngine client;
  final SSLEngine server;
  boolean clientFinished;
  boolean serverFinished;

  EngineLoop(SSLEngine client, SSLEngine server) {
    this.client = client;
    this.server = server;
  }

  /** Sends {@code toServer} and {@code toClient} across, with the handshake on the way. */
  void exchange(byte[] toServer, byte[] toClient) throws SSLException {
    ByteBuffer clientOut = ByteBuffer.wrap(toServer);
    ByteBuffer serverOut = ByteBuffer.wrap(toClient);
    ByteBuffer clientToServer = ByteBuffer.allocate(client.getSession().getPacketBufferSize());
    ByteBuffer serverToClient = ByteBuffer.allocate(server.getSession().getPacketBufferSize());
    ByteArrayOutputStream clientIn = new ByteArrayOutputStream();
    ByteArrayOutputStream serverIn = new ByteArrayOutputStream();
    client.beginHandshake();
    server.beginHandshake();
    for (int round = 0; round < 200; round++) {
      if (clientIn.size() == toClient.length
          && serverIn.size() == toServer.length
          && !clientOut.hasRemaining()
          && !serverOut.hasRemaining()) {
        assertArrayEquals(toServer, serverIn.toByteArray());
        assertArrayEquals(toClient, clientIn.toByteArray());
        return;
      }
      note(client, client.wrap(clientOut, clientToServer));
      note(server, server.wrap(serverOut, serverToClient));
      clientToServer.flip();
      serverToClient.flip();
      unwrapAll(server, clientToServer, serverIn);
      unwrapAll(client, serverToClient, clientIn);
      clientToServer.compact();
      serverToClient.compact();
    }
    throw new AssertionError(
        "no progress: client "
            + client.getHandshakeStatus()
            + ", server "
            + server.getHandshakeStatus()
            + ", received "
            + serverIn.size()
            + "/"
            + toServer.length
            + " and "
            + clientIn.size()
            + "/"
            + toClient.length);
  }

  private void unwrapAll(SSLEngine engine, ByteBuffer in, ByteArrayOutputStream received)
      throws SSLException {
    ByteBuffer app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
    while (in.hasRemaining()) {
      SSLEngineResult result = engine.unwrap(in, app);
      note(engine, result);
      Runnable task;
      while ((task = engine.getDelegatedTask()) != null) {
        task.run();
      }
      app.flip();
      byte[] bytes = new byte[app.remaining()];
      app.get(bytes);
      received.write(bytes, 0, bytes.length);
      app.clear();
      if (result.getStatus() != SSLEngineResult.Status.OK
          || result.bytesConsumed() == 0 && result.bytesProduced() == 0) {
        break;
      }
    }
  }

  private void note(SSLEngine engine, SSLEngineResult result) {
    Runnable task;
    while ((task = engine.getDelegatedTask()) != null) {
      task.run();
    }
    if (result.getHandshakeStatus() == HandshakeStatus.FINISHED) {
      if (engine == client) {
        clientFinished = true;
      } else {
        serverFinished = true;
      }
    }
    if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
      throw new AssertionError("overflow with a packet-sized buffer: " + result);
    }
  }

  /**
   * The native memory reserved once earlier tests' garbage has been collected: collects until the
   * figure holds still for three readings (at most 2 s). A baseline taken while their Cleaners are
   * still running would shrink under the engines made after it (CI once saw 41 of 200 engines).
   */
  static long settledReserved() throws InterruptedException {
    long last = -1;
    for (int i = 0, still = 0; i < 100 && still < 3; i++) {
      System.gc();
      Thread.sleep(20);
      long now = NativeMemory.reserved();
      still = now == last ? still + 1 : 0;
      last = now;
    }
    return last;
  }

  /** Asserts that {@code count} engines made since {@code before} hold their native state. */
  static void assertEnginesHeld(long before, int count) {
    long held = NativeMemory.reserved() - before;
    assertTrue(
        held >= count * NativeFootprint.TLS_ENGINE.bytes() * 3 / 4,
        "native TLS engines not accounted: " + held);
  }

  /**
   * Collects (at most 2 s) until the native memory reserved is back within a quarter of {@code
   * count} engines of {@code before}, and fails if it is not: dropped engines' Cleaners free them.
   */
  static void assertEnginesFreed(long before, int count) throws InterruptedException {
    long slack = count / 4 * NativeFootprint.TLS_ENGINE.bytes();
    for (int i = 0; i < 100 && NativeMemory.reserved() > before + slack; i++) {
      System.gc();
      Thread.sleep(20);
    }
    assertTrue(
        NativeMemory.reserved() <= before + slack,
        "native TLS engines still reserved: " + (NativeMemory.reserved() - before));
  }

  static void assertSameSession(SSLEngine a, SSLEngine b, String protocol) {
    assertEquals(protocol, a.getSession().getProtocol());
    assertEquals(protocol, b.getSession().getProtocol());
    assertEquals(a.getSession().getCipherSuite(), b.getSession().getCipherSuite());
  }
}
