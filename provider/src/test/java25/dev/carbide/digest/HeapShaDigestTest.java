package dev.carbide.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.carbide.internal.NativeFootprint;
import dev.carbide.internal.NativeMemory;
import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.Jdk;
import dev.carbide.testing.Seeds;
import dev.carbide.testing.Services;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Java 25 form of SHA-1, SHA-2 and MD5 (HeapShaDigest over ShaCalls): no native memory per
 * digest, input longer than one critical step, and the native side's refusals. The cross-checks
 * against SUN (DigestCrossCheckTest, DigestCloneTest) run over the same class on this Java.
 */
class HeapShaDigestTest {
  private static final List<String> SHA =
      List.of("SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "MD5");

  @BeforeAll
  static void load() {
    assumeFalse(FipsSkips.FIPS_PASS, "FIPS-mode digests run in the module, with a native session");
    Carbide.provider(); // loads the native library that the downcalls link against
    assertTrue(ShaCalls.critical(), "carbide_sha_update or carbide_sha_finish was not linked");
  }

  /**
   * Fails if MessageDigest.getInstance of a SHA digest makes a native session again (each reserves
   * a MESSAGE_SESSION's worth of the native memory budget and registers a Cleaner): SunJSSE makes
   * one per handshake for its transcript.
   */
  @Test
  void shaDigestsHoldNoNativeMemory() throws Exception {
    int count = 2000;
    for (String algorithm : SHA) {
      List<MessageDigest> digests = new ArrayList<>(count);
      long before = NativeMemory.reserved();
      for (int i = 0; i < count; i++) {
        MessageDigest digest = Services.digest(algorithm);
        digest.update(new byte[300]); // past the Java buffer: crosses with the state
        digests.add(digest);
        digests.add((MessageDigest) digest.clone());
      }
      long grown = NativeMemory.reserved() - before;
      // Other tests' objects may be freed meanwhile, never allocated: no thread runs them.
      assertTrue(
          grown < count * NativeFootprint.MESSAGE_SESSION.bytes() / 10,
          algorithm + ": " + count + " digests reserved " + grown + " bytes of native memory");
      byte[] expected = Jdk.digest(algorithm, new byte[300]);
      for (MessageDigest digest : digests) {
        assertArrayEquals(expected, digest.digest(), algorithm);
      }
    }
  }

  /** Input longer than one critical step (16 KiB) goes in steps, in one update or byte by byte. */
  @Test
  void inputLongerThanOneStepGoesInSteps() {
    for (String algorithm : SHA) {
      Object[] context = {algorithm, "steps"};
      Random random = Seeds.random(context);
      byte[] message = Seeds.bytes(random, 3 * HeapShaDigest.STEP + 77);
      MessageDigest whole = Services.digest(algorithm);
      whole.update(message, 0, 5); // buffered first, then absorbed with the first step
      whole.update(message, 5, message.length - 5);
      assertArrayEquals(Jdk.digest(algorithm, message), whole.digest(), Seeds.replay(context));
      MessageDigest bytes = Services.digest(algorithm);
      for (byte b : Arrays.copyOf(message, 1000)) {
        bytes.update(b);
      }
      assertArrayEquals(
          Jdk.digest(algorithm, Arrays.copyOf(message, 1000)),
          bytes.digest(),
          Seeds.replay(context));
    }
  }

  /**
   * The native side refuses ranges outside their arrays, steps past the bound and states that no
   * SHA computation could leave, and changes nothing when it does; ShaCalls raises an
   * IllegalStateException (HeapShaDigest passes such arguments only when threads race on it, and
   * then starts over: SharedEngineTest).
   */
  @Test
  void theNativeSideRefusesBadArgumentsAndChangesNothing() {
    long functions = DigestNative.snapshotFunctions(DigestNative.fetch("SHA2-256"));
    byte[] initial = DigestNative.initialState(functions);
    byte[] state = initial.clone();
    byte[] in = new byte[64];
    byte[] big = new byte[HeapShaDigest.STEP + 1];
    byte[] out = new byte[40];
    List<Runnable> refused =
        List.of(
            () -> ShaCalls.update(functions, state, false, null, 0, in, 1, 64),
            () -> ShaCalls.update(functions, state, false, null, 0, in, -1, 2),
            () -> ShaCalls.update(functions, state, false, in, 65, null, 0, 0),
            () -> ShaCalls.update(functions, state, false, null, 0, big, 0, big.length),
            () -> ShaCalls.update(functions, new byte[255], false, null, 0, in, 0, 1),
            () -> ShaCalls.finish(functions, state, false, null, 0, out, 9),
            () -> ShaCalls.finish(functions, state, false, null, 0, out, -1),
            () -> ShaCalls.finish(0, state, false, null, 0, out, 0));
    for (Runnable call : refused) {
      assertThrows(IllegalStateException.class, call::run);
      assertArrayEquals(initial, state, "a refused call changed the state");
      assertArrayEquals(new byte[40], out, "a refused call wrote output");
    }
    // A state whose count of buffered bytes is past the block, as no SHA-256 state can be: an
    // update would write past the struct. Found by its value in the state of a 63-byte message.
    byte[] counted = initial.clone();
    ShaCalls.update(functions, counted, false, null, 0, in, 0, 63);
    int at = countOffset(initial, counted);
    byte[] corrupt = counted.clone();
    corrupt[at] = (byte) 200;
    assertThrows(
        IllegalStateException.class,
        () -> ShaCalls.update(functions, corrupt, false, null, 0, in, 0, 1));
    assertThrows(
        IllegalStateException.class,
        () -> ShaCalls.finish(functions, corrupt, false, null, 0, out, 0));
    assertArrayEquals(new byte[40], out);
    ShaCalls.finish(functions, counted, false, null, 0, out, 8);
    assertArrayEquals(
        Jdk.digest("SHA-256", new byte[63]), Arrays.copyOfRange(out, 8, 40), "after the refusals");
  }

  /**
   * Every low-level state's count of buffered bytes is checked before use, MD5's (whose struct
   * differs from SHA's) as well: a count past the block is refused without a write.
   */
  @Test
  void aCountPastTheBlockIsRefusedForEveryAlgorithm() {
    String[][] names = {{"SHA1", "SHA-1"}, {"SHA2-512", "SHA-512"}, {"MD5", "MD5"}};
    for (String[] name : names) {
      long functions = DigestNative.snapshotFunctions(DigestNative.fetch(name[0]));
      assertTrue(functions != 0, name[0] + " has no low-level functions");
      byte[] initial = DigestNative.initialState(functions);
      byte[] in = new byte[64];
      byte[] counted = initial.clone();
      ShaCalls.update(functions, counted, false, null, 0, in, 0, 63);
      byte[] corrupt = counted.clone();
      corrupt[countOffset(initial, counted)] = (byte) 200;
      byte[] out = new byte[64];
      assertThrows(
          IllegalStateException.class,
          () -> ShaCalls.update(functions, corrupt, false, null, 0, in, 0, 1),
          name[0]);
      assertThrows(
          IllegalStateException.class,
          () -> ShaCalls.finish(functions, corrupt, false, null, 0, out, 0),
          name[0]);
      assertArrayEquals(new byte[64], out, name[0]);
      ShaCalls.finish(functions, counted, false, null, 0, out, 0);
      byte[] expected = Jdk.digest(name[1], new byte[63]);
      assertArrayEquals(expected, Arrays.copyOf(out, expected.length), name[0]);
    }
  }

  /**
   * An empty message (a new, finished or reset digest) starts natively from a new state: the state
   * array is not read, so even a corrupt one gives the right digest, finish leaves it untouched and
   * update overwrites it with the message's state. Its length is still checked.
   */
  @Test
  void anEmptyMessageReadsNoStateAndFinishWritesNone() {
    long functions = DigestNative.snapshotFunctions(DigestNative.fetch("SHA2-256"));
    byte[] initial = DigestNative.initialState(functions);
    byte[] in = Seeds.bytes(Seeds.random("empty state"), 100);
    byte[] counted = initial.clone();
    ShaCalls.update(functions, counted, false, null, 0, in, 0, 63);
    byte[] corrupt = counted.clone();
    corrupt[countOffset(initial, counted)] = (byte) 200;
    byte[] untouched = corrupt.clone();

    byte[] out = new byte[32];
    ShaCalls.finish(functions, corrupt, true, in, 64, out, 0);
    assertArrayEquals(Jdk.digest("SHA-256", Arrays.copyOf(in, 64)), out);
    assertArrayEquals(untouched, corrupt, "finish wrote the state array");

    ShaCalls.update(functions, corrupt, true, in, 10, in, 10, 90);
    ShaCalls.finish(functions, corrupt, false, null, 0, out, 0);
    assertArrayEquals(Jdk.digest("SHA-256", in), out, "update did not start a new message");

    assertThrows(
        IllegalStateException.class,
        () -> ShaCalls.finish(functions, new byte[initial.length - 1], true, in, 1, out, 0));
    assertThrows(
        IllegalStateException.class,
        () -> ShaCalls.update(functions, new byte[initial.length + 1], true, in, 1, null, 0, 0));
  }

  /** The offset of the byte that is 0 in the empty state and 63 after 63 bytes: the count. */
  private static int countOffset(byte[] empty, byte[] after63) {
    for (int i = 0; i < empty.length; i++) {
      if (empty[i] == 0 && after63[i] == 63) {
        return i;
      }
    }
    throw new AssertionError("no byte counts the 63 buffered bytes");
  }
}
