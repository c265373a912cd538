package dev.carbide.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.lang.reflect.Method;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;

/** The Java 25 form of SessionCalls: finish by a critical FFM downcall, and its error path. */
class SessionCallsTest {
  @Test
  void finishTakesTheCriticalDowncall() throws Exception {
    Carbide.provider(); // loads the native library that the downcall links against
    assertTrue(SessionCalls.critical(), "carbide_session_finish was not linked");
    byte[] input = "abc".getBytes();
    assertArrayEquals(
        MessageDigest.getInstance("SHA-256", "SUN").digest(input),
        MessageDigest.getInstance("SHA-256", Carbide.provider()).digest(input));
  }

  @Test
  void aFailureInsideTheDowncallIsRaisedThroughTheJniPath() throws Exception {
    Carbide.provider();
    MessageSession session = new MessageSession(newSha256Session());
    byte[] out = new byte[64];
    // SHA-256 gives 32 bytes; a range of 16 inside a 64-byte array fails natively, before a byte is
    // written past it, after which throwDeferred raises the failure.
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> session.finish(out, 0, 16));
    assertTrue(e.getMessage().contains("cannot hold the result's 32"), e.getMessage());
    assertArrayEquals(new byte[64], out);
  }

  /** A native SHA-256 session from the digest family's natives, which are package-private. */
  private static long newSha256Session() throws ReflectiveOperationException {
    Class<?> natives = Class.forName("dev.carbide.digest.DigestNative");
    Method fetch = natives.getDeclaredMethod("fetch", String.class);
    Method newSession = natives.getDeclaredMethod("newSession", long.class, int.class);
    fetch.setAccessible(true);
    newSession.setAccessible(true);
    return (long) newSession.invoke(null, (long) fetch.invoke(null, "SHA2-256"), 32);
  }
}
