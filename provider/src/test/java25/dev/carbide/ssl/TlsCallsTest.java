package dev.carbide.ssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;

/**
 * The Java 25 form of TlsCalls: records between heap buffers go by the critical FFM downcalls, and
 * a failure inside one is raised as the JNI path raises it (an SSLException that fails the engine,
 * with no plaintext written).
 */
class TlsCallsTest {
  private static SSLEngine[] connected() throws Exception {
    SSLContext context = TlsIdentities.context("Carbide", TlsIdentities.keyManager(), null);
    SSLEngine client = TlsIdentities.client(context, "TLSv1.3");
    SSLEngine server = TlsIdentities.server(context);
    new EngineLoop(client, server).exchange(new byte[] {1}, new byte[] {2});
    return new SSLEngine[] {client, server};
  }

  private static ByteBuffer sealed(SSLEngine sender, byte[] data) throws SSLException {
    ByteBuffer network = ByteBuffer.allocate(sender.getSession().getPacketBufferSize());
    SSLEngineResult result = sender.wrap(ByteBuffer.wrap(data), network);
    assertEquals(Status.OK, result.getStatus());
    assertEquals(data.length, result.bytesConsumed());
    return network.flip();
  }

  @Test
  void recordsBetweenHeapArraysTakeTheCriticalDowncalls() throws Exception {
    SSLEngine[] engines = connected();
    assertTrue(TlsCalls.critical(), "carbide_tls_open and carbide_tls_seal were not linked");
    Random random = new Random(5);
    for (int size : new int[] {1, 1000, 16384}) {
      byte[] data = new byte[size];
      random.nextBytes(data);
      for (int way = 0; way < 2; way++) {
        ByteBuffer network = sealed(engines[1 - way], data);
        ByteBuffer out =
            ByteBuffer.allocate(engines[way].getSession().getApplicationBufferSize() + 3);
        out.position(3); // a destination that does not start at its array's start
        SSLEngineResult result = engines[way].unwrap(network, out);
        assertEquals(Status.OK, result.getStatus());
        assertEquals(size, result.bytesProduced());
        assertArrayEquals(data, Arrays.copyOfRange(out.array(), 3, 3 + size));
      }
    }
  }

  @Test
  void aFailureInsideTheDowncallIsAnSslExceptionThatFailsTheEngine() throws Exception {
    SSLEngine[] engines = connected();
    ByteBuffer network = sealed(engines[1], new byte[500]);
    network.put(network.limit() - 1, (byte) (network.get(network.limit() - 1) ^ 1));
    ByteBuffer out = ByteBuffer.allocate(engines[0].getSession().getApplicationBufferSize());
    SSLException e = assertThrows(SSLException.class, () -> engines[0].unwrap(network, out));
    assertTrue(String.valueOf(e.getMessage()).contains("cannot read the TLS record"), e::toString);
    assertArrayEquals(new byte[out.capacity()], out.array(), "no unauthenticated plaintext");
    assertEquals(Status.CLOSED, engines[0].unwrap(network, out).getStatus());
  }
}
