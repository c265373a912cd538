package dev.carbide.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.carbide.testing.Jdk;
import dev.carbide.testing.Seeds;
import dev.carbide.testing.Services;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad arguments to MessageDigest: each call runs on SUN and on Carbide, and both must throw the
 * same exception type (or both accept it) and leave the digest in the same state, so continuing the
 * message gives the same result. Runs under -Xcheck:jni, so a crash or a JNI misuse fails the run.
 */
class DigestBadInputTest {
  @FunctionalInterface
  interface Call {
    void apply(MessageDigest digest) throws Exception;
  }

  record BadCall(String description, Call call) {
    @Override
    public String toString() {
      return description;
    }
  }

  private static BadCall bad(String description, Call call) {
    return new BadCall(description, call);
  }

  static Stream<BadCall> badCalls() {
    return Stream.of(
        bad("update((byte[]) null)", d -> d.update((byte[]) null)),
        bad("update(null, 0, 0)", d -> d.update(null, 0, 0)),
        bad("update(null, 0, 10)", d -> d.update(null, 0, 10)),
        bad("update(byte[64], -1, 1)", d -> d.update(new byte[64], -1, 1)),
        bad("update(byte[64], -1, 0)", d -> d.update(new byte[64], -1, 0)),
        bad("update(byte[64], 0, -1)", d -> d.update(new byte[64], 0, -1)),
        bad("update(byte[64], -10, -5)", d -> d.update(new byte[64], -10, -5)),
        bad("update(byte[64], 10, 55)", d -> d.update(new byte[64], 10, 55)),
        bad("update(byte[64], 65, 0)", d -> d.update(new byte[64], 65, 0)),
        bad("update(byte[64], MAX_VALUE, 1)", d -> d.update(new byte[64], Integer.MAX_VALUE, 1)),
        bad("update(byte[64], 1, MAX_VALUE)", d -> d.update(new byte[64], 1, Integer.MAX_VALUE)),
        bad("update(byte[64], MIN_VALUE, 0)", d -> d.update(new byte[64], Integer.MIN_VALUE, 0)),
        bad("update(byte[5000], -1, 2000)", d -> d.update(new byte[5000], -1, 2000)),
        bad("update(byte[5000], -4000, 2000)", d -> d.update(new byte[5000], -4000, 2000)),
        bad("update((ByteBuffer) null)", d -> d.update((ByteBuffer) null)),
        bad("digest((byte[]) null)", d -> d.digest(null)),
        bad("digest(null, 0, n)", d -> d.digest(null, 0, d.getDigestLength())),
        bad("digest(byte[n - 1], 0, n - 1)", d -> d.digest(out(d, -1), 0, n(d) - 1)),
        bad("digest(byte[2n], 0, n - 1)", d -> d.digest(out(d, n(d)), 0, n(d) - 1)),
        bad("digest(byte[2n], -1, n)", d -> d.digest(out(d, n(d)), -1, n(d))),
        bad("digest(byte[2n], -1, 2n)", d -> d.digest(out(d, n(d)), -1, 2 * n(d))),
        bad("digest(byte[2n], n + 1, n)", d -> d.digest(out(d, n(d)), n(d) + 1, n(d))),
        bad("digest(byte[n], 0, -1)", d -> d.digest(out(d, 0), 0, -1)),
        bad("digest(byte[n], 1, n - 1)", d -> d.digest(out(d, 0), 1, n(d) - 1)),
        bad("digest(byte[2n], -5, -10)", d -> d.digest(out(d, n(d)), -5, -10)),
        bad(
            "digest(byte[2n], MIN_VALUE, n)",
            d -> d.digest(out(d, n(d)), Integer.MIN_VALUE, n(d))));
  }

  private static int n(MessageDigest digest) {
    return digest.getDigestLength();
  }

  /** An output array {@code extra} bytes longer than the digest. */
  private static byte[] out(MessageDigest digest, int extra) {
    return new byte[digest.getDigestLength() + extra];
  }

  /** Prefixes that leave the message in the SPI's Java buffer, or partly in native code. */
  private static final int[] PREFIXES = {10, 5000};

  @ParameterizedTest(name = "{0}")
  @MethodSource("badCalls")
  void sameExceptionAsSunAndSameStateAfterwards(BadCall bad) {
    for (String algorithm : Services.algorithms("MessageDigest")) {
      for (int prefix : PREFIXES) {
        Object[] context = {algorithm, bad, prefix};
        Random random = Seeds.random(context);
        byte[] before = Seeds.bytes(random, prefix);
        byte[] after = Seeds.bytes(random, 100);
        MessageDigest sun = Jdk.digest(algorithm);
        MessageDigest carbide = Services.digest(algorithm);
        sun.update(before);
        carbide.update(before);

        Throwable expected = failure(bad.call, sun);
        Throwable actual = failure(bad.call, carbide);
        assertEquals(type(expected), type(actual), () -> Seeds.replay(context) + ": " + actual);
        if (thrownByCarbide(actual)) {
          assertNotNull(actual.getMessage(), "Carbide's exceptions explain themselves");
        }

        sun.update(after);
        carbide.update(after);
        assertArrayEquals(
            sun.digest(), carbide.digest(), () -> "state after " + Seeds.replay(context));
      }
    }
  }

  private static Throwable failure(Call call, MessageDigest digest) {
    try {
      call.apply(digest);
      return null;
    } catch (Exception e) {
      return e;
    }
  }

  // A JDK frame's implicit exception (a NullPointerException in MessageDigest.update) may come
  // without a stack trace once C2 has compiled that frame (OmitStackTraceInFastThrow); ours never
  // do, since we throw them explicitly.
  private static boolean thrownByCarbide(Throwable failure) {
    if (failure == null) {
      return false;
    }
    StackTraceElement[] trace = failure.getStackTrace();
    return trace.length > 0 && trace[0].getClassName().startsWith("dev.carbide");
  }

  private static String type(Throwable failure) {
    return failure == null ? "no exception" : failure.getClass().getName();
  }
}
