package dev.carbide.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.nio.charset.StandardCharsets;
import java.security.DrbgParameters;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.SecureRandomParameters;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The SecureRandom contract of Carbide's DEFAULT, with SUN's generators as the reference. */
class NativeSecureRandomTest {
  static SecureRandom carbide() throws NoSuchAlgorithmException {
    return SecureRandom.getInstance("DEFAULT", Carbide.provider());
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 255, 256, 257, 4095, 4096, 4097, 1 << 20})
  void fillsEverySize(int size) throws Exception {
    SecureRandom random = carbide();
    byte[] first = new byte[size];
    byte[] second = new byte[size];
    random.nextBytes(first);
    random.nextBytes(second);
    if (size >= 16) {
      assertFalse(Arrays.equals(first, second));
      assertTrue(RandomSamples.everyBlockWritten(first), "a 64-byte stretch stayed zero");
    }
  }

  @Test
  void singleBytesTakeManyValues() throws Exception {
    SecureRandom random = carbide();
    Set<Byte> values = new HashSet<>();
    byte[] one = new byte[1];
    for (int i = 0; i < 4000; i++) {
      random.nextBytes(one);
      values.add(one[0]);
    }
    assertTrue(values.size() > 200, values.size() + " distinct byte values in 4000 draws");
  }

  @Test
  void noRepeatedOutputsAcrossManyCalls() throws Exception {
    SecureRandom random = carbide();
    RandomSamples.Blocks blocks = new RandomSamples.Blocks();
    byte[] out = new byte[16];
    for (int i = 0; i < 200_000; i++) {
      random.nextBytes(out);
      blocks.addAll(out);
    }
    assertEquals(200_000, blocks.count());
  }

  @Test
  void sizesStraddlingThePoolLimitsNeverRepeat() throws Exception {
    SecureRandom random = carbide();
    int limit = NativeSecureRandom.POOLED_LIMIT;
    int buffer = NativeSecureRandom.POOL_BUFFER;
    int[] sizes = {16, limit - 1, limit, limit + 1, 48, buffer - 16, buffer, buffer + 16, 32};
    RandomSamples.Blocks blocks = new RandomSamples.Blocks();
    for (int round = 0; round < 200; round++) {
      for (int size : sizes) {
        byte[] out = new byte[size];
        random.nextBytes(out);
        blocks.addAll(out);
      }
    }
  }

  @Test
  void sameSeedOnTwoInstancesGivesDifferentOutput() throws Exception {
    byte[] seed = "the same seed for both".getBytes(StandardCharsets.UTF_8);
    for (int size : new int[] {16, 256, 4096}) {
      SecureRandom a = carbide();
      SecureRandom b = carbide();
      a.setSeed(seed);
      b.setSeed(seed);
      byte[] outA = new byte[size];
      byte[] outB = new byte[size];
      a.nextBytes(outA);
      b.nextBytes(outB);
      assertFalse(Arrays.equals(outA, outB), "size " + size);
    }
  }

  @Test
  void acceptsEmptyAndLongSeeds() throws Exception {
    SecureRandom random = carbide();
    random.setSeed(new byte[0]);
    random.setSeed(42L);
    random.setSeed(new byte[100_000]);
    byte[] out = new byte[64];
    random.nextBytes(out);
    assertTrue(RandomSamples.everyBlockWritten(out));
  }

  @Test
  void generatesSeeds() throws Exception {
    SecureRandom random = carbide();
    assertEquals(0, random.generateSeed(0).length);
    byte[] a = random.generateSeed(32);
    byte[] b = random.generateSeed(32);
    assertFalse(Arrays.equals(a, b));
    assertTrue(RandomSamples.everyBlockWritten(random.generateSeed(100_000)));
  }

  @Test
  void nullOutputAndNegativeSeedLengthThrowAsSun() throws Exception {
    for (String sunAlgorithm : new String[] {"NativePRNG", "DRBG"}) {
      SecureRandom sun = SecureRandom.getInstance(sunAlgorithm, "SUN");
      SecureRandom ours = carbide();
      RandomSamples.assertSameThrow(() -> sun.nextBytes(null), () -> ours.nextBytes(null));
      RandomSamples.assertSameThrow(() -> sun.generateSeed(-1), () -> ours.generateSeed(-1));
      RandomSamples.assertSameThrow(() -> sun.setSeed(null), () -> ours.setSeed(null));
      RandomSamples.assertSameThrow(
          () -> sun.nextBytes(new byte[1], null), () -> ours.nextBytes(new byte[1], null));
      RandomSamples.assertSameThrow(() -> sun.reseed(null), () -> ours.reseed(null));
    }
  }

  @Test
  void drbgRequestParametersAreHonouredOrRefusedAsSunsDrbg() throws Exception {
    SecureRandom sun = SecureRandom.getInstance("DRBG", "SUN");
    SecureRandom ours = carbide();
    SecureRandomParameters foreign = new SecureRandomParameters() {};
    RandomSamples.assertSameThrow(
        () -> sun.nextBytes(new byte[8], foreign), () -> ours.nextBytes(new byte[8], foreign));
    RandomSamples.assertSameThrow(() -> sun.reseed(foreign), () -> ours.reseed(foreign));
    RandomSamples.assertSameThrow(
        () -> sun.nextBytes(new byte[8], DrbgParameters.nextBytes(257, false, null)),
        () -> ours.nextBytes(new byte[8], DrbgParameters.nextBytes(257, false, null)));

    byte[] ai = {1, 2, 3};
    for (int size : new int[] {0, 16, 300, 5000, 300_000}) {
      byte[] first = new byte[size];
      byte[] second = new byte[size];
      ours.nextBytes(first, DrbgParameters.nextBytes(-1, true, null));
      ours.nextBytes(second, DrbgParameters.nextBytes(128, false, ai));
      if (size > 0) {
        assertFalse(Arrays.equals(first, second));
        assertTrue(RandomSamples.everyBlockWritten(first) || size < 64);
        assertTrue(RandomSamples.everyBlockWritten(second) || size < 64);
      }
    }
    ours.nextBytes(new byte[16], DrbgParameters.nextBytes(-1, false, null));
  }

  @Test
  void reseedsWithAndWithoutParameters() throws Exception {
    SecureRandom random = carbide();
    byte[] before = new byte[16];
    random.nextBytes(before);
    random.reseed();
    random.reseed(DrbgParameters.reseed(false, new byte[] {7, 7, 7}));
    random.reseed(DrbgParameters.reseed(true, null));
    byte[] after = new byte[16];
    random.nextBytes(after);
    assertFalse(Arrays.equals(before, after));
  }

  @Test
  void describesItselfAsAPredictionResistantDrbg() throws Exception {
    SecureRandom random = carbide();
    DrbgParameters.Instantiation parameters = (DrbgParameters.Instantiation) random.getParameters();
    assertTrue(parameters.getStrength() >= 128);
    assertEquals(DrbgParameters.Capability.PR_AND_RESEED, parameters.getCapability());
    assertTrue(random.toString().startsWith("Carbide DEFAULT (OpenSSL "), random.toString());
    assertEquals("DEFAULT", random.getAlgorithm());
  }

  @Test
  void instantiationParametersAreRefusedAsNativePrngRefusesThem() {
    SecureRandomParameters params =
        DrbgParameters.instantiation(128, DrbgParameters.Capability.RESEED_ONLY, null);
    RandomSamples.assertSameThrow(
        () -> SecureRandom.getInstance("NativePRNG", params, "SUN"),
        () -> SecureRandom.getInstance("DEFAULT", params, Carbide.provider()));
  }
}
