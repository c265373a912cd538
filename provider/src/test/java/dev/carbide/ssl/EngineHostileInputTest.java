package dev.carbide.ssl;

import static dev.carbide.ssl.EngineStates.client;
import static dev.carbide.ssl.EngineStates.connected;
import static dev.carbide.ssl.EngineStates.random;
import static dev.carbide.ssl.EngineStates.server;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input into the engine's {@code unwrap}, a bounded mutation fuzzer: real records (a
 * ClientHello into a fresh server, a server's first flight into the client that asked for it, and
 * application records after the handshake) with bits flipped, bytes overwritten, lengths rewritten,
 * cut short or extended, fed in whole or in random pieces. Each call must end in a result or an
 * {@code SSLException}, never another exception or a crash; an engine that threw stays failed (the
 * next unwrap is CLOSED or throws again) and {@code wrap} on it still answers. Deterministic
 * (seeded by the iteration), bounded by count and by {@code carbide.test.engineFuzzMillis} (default
 * 1500 per kind, about 5 s in all on the loaded machine).
 */
class EngineHostileInputTest {
  private static final long MILLIS = Long.getLong("carbide.test.engineFuzzMillis", 1500);
  private static final int MAX_ITERATIONS = 5000;

  @BeforeAll
  static void setUp(@TempDir Path dir) throws Exception {
    EngineStates.setUp(dir);
  }

  @Test
  void mutatedClientHellos() throws Exception {
    SSLEngine source = client(true, "TLSv1.3");
    source.beginHandshake();
    byte[] hello = EngineStates.flight(source);
    int refused = fuzz(1, iteration -> hello, iteration -> server(true));
    assertTrue(refused > 0, "no mutated ClientHello was refused");
  }

  @Test
  void mutatedServerFlights() throws Exception {
    SSLEngine[] clients = new SSLEngine[1];
    int refused =
        fuzz(
            2,
            iteration -> {
              SSLEngine client = client(true, iteration % 2 == 0 ? "TLSv1.3" : "TLSv1.2");
              SSLEngine server = server(iteration % 3 != 0);
              client.beginHandshake();
              EngineStates.unwrapAll(server, EngineStates.flight(client));
              clients[0] = client;
              return EngineStates.flight(server);
            },
            iteration -> clients[0]);
    assertTrue(refused > 0, "no mutated server flight was refused");
  }

  @Test
  void mutatedApplicationRecords() throws Exception {
    SSLEngine[] servers = new SSLEngine[1];
    int refused =
        fuzz(
            3,
            iteration -> {
              SSLEngine client = client(iteration % 2 == 0, "TLSv1.3");
              SSLEngine server = server(true);
              connected(client, server);
              servers[0] = server;
              return EngineStates.wrapAll(client, random(1 + iteration % 3000, iteration));
            },
            iteration -> servers[0]);
    assertTrue(refused > 0, "no mutated application record was refused");
  }

  private interface Input {
    byte[] make(int iteration) throws Exception;
  }

  private interface Target {
    SSLEngine make(int iteration) throws Exception;
  }

  /** Mutates and feeds until the time or count runs out; returns how many ended in SSLException. */
  private static int fuzz(int kind, Input input, Target target) throws Exception {
    long end = System.nanoTime() + MILLIS * 1_000_000;
    int refused = 0;
    int iteration = 0;
    for (; iteration < MAX_ITERATIONS && System.nanoTime() < end; iteration++) {
      Random random = new Random(kind * 1_000_003L + iteration);
      byte[] original = input.make(iteration);
      SSLEngine engine = target.make(iteration);
      byte[] mutated = mutate(original, random);
      try {
        if (feed(engine, mutated, random)) {
          refused++;
        }
      } catch (RuntimeException | Error e) {
        throw new AssertionError(
            "kind " + kind + ", iteration " + iteration + ": " + Arrays.toString(mutated), e);
      }
    }
    System.out.println(
        "EngineHostileInputTest kind "
            + kind
            + ": "
            + iteration
            + " inputs, "
            + refused
            + " refused");
    return refused;
  }

  /** Feeds {@code bytes} in random pieces; true if the engine threw SSLException. */
  private static boolean feed(SSLEngine engine, byte[] bytes, Random random) throws Exception {
    ByteBuffer src = ByteBuffer.allocate(bytes.length);
    ByteBuffer app = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
    ByteBuffer net = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
    int at = 0;
    try {
      while (at < bytes.length || src.position() > 0) {
        int piece =
            random.nextBoolean() ? bytes.length - at : random.nextInt(bytes.length - at + 1);
        src.put(bytes, at, piece);
        at += piece;
        src.flip();
        SSLEngineResult result;
        do {
          result = engine.unwrap(src, app);
          app.clear();
        } while (result.getStatus() == SSLEngineResult.Status.OK
            && result.bytesConsumed() > 0
            && src.hasRemaining());
        src.compact();
        if (at == bytes.length
            && (result.getStatus() != SSLEngineResult.Status.OK || result.bytesConsumed() == 0)) {
          break; // no progress left with what arrived
        }
      }
      net.clear();
      engine.wrap(ByteBuffer.allocate(0), net);
      return false;
    } catch (SSLException e) {
      // Refused. The engine stays failed and still answers both calls.
      app.clear();
      try {
        SSLEngineResult after = engine.unwrap(ByteBuffer.wrap(bytes), app);
        if (after.getStatus() != SSLEngineResult.Status.CLOSED) {
          throw new AssertionError("unwrap after SSLException: " + after);
        }
      } catch (SSLException again) {
        // Also fine: refused again.
      }
      net.clear();
      try {
        engine.wrap(ByteBuffer.wrap(new byte[10]), net);
      } catch (SSLException again) {
        // Fine.
      }
      return true;
    }
  }

  private static byte[] mutate(byte[] original, Random random) {
    byte[] bytes = original.clone();
    switch (random.nextInt(7)) {
      case 0 -> { // flip a few bits
        for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
          bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
        }
      }
      case 1 -> bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
      case 2 -> { // rewrite the first record's length
        int length = random.nextBoolean() ? random.nextInt(1 << 16) : random.nextInt(64);
        bytes[3] = (byte) (length >> 8);
        bytes[4] = (byte) length;
      }
      case 3 -> bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length)); // cut short
      case 4 -> { // extended with random bytes
        int grown = bytes.length + 1 + random.nextInt(300);
        bytes = Arrays.copyOf(bytes, grown);
        for (int i = original.length; i < grown; i++) {
          bytes[i] = (byte) random.nextInt(256);
        }
      }
      case 5 -> { // a span overwritten with random bytes, header untouched
        if (bytes.length > 6) {
          int from = 5 + random.nextInt(bytes.length - 5);
          int to = Math.min(bytes.length, from + 1 + random.nextInt(32));
          for (int i = from; i < to; i++) {
            bytes[i] = (byte) random.nextInt(256);
          }
        }
      }
      default -> { // the record type or version changed
        int at = random.nextInt(3);
        bytes[at] = (byte) (bytes[at] + 1 + random.nextInt(3));
      }
    }
    return bytes;
  }
}
