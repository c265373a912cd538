package dev.carbide.testing;

import java.util.Arrays;
import java.util.Random;

/**
 * Random inputs that reproduce: one fixed seed for the run (override it with {@code
 * -Dcarbide.test.seed=N}), mixed with a description of each case, so a failing case names the seed
 * that replays it alone.
 */
public final class Seeds {
  public static final long SEED = Long.getLong("carbide.test.seed", 0x5EED_CA4B_1DEL);

  private Seeds() {}

  /**
   * A generator for the case described by {@code context}, the same on every run: the context is
   * mixed in through its text, since an enum's or a lambda's hashCode changes from run to run.
   */
  public static Random random(Object... context) {
    return new Random(SEED * 31 + Arrays.deepToString(context).hashCode());
  }

  /** {@code count} bytes from {@code random}. */
  public static byte[] bytes(Random random, int count) {
    byte[] bytes = new byte[count];
    random.nextBytes(bytes);
    return bytes;
  }

  /** Text for failure messages: how to replay the case. */
  public static String replay(Object... context) {
    return "seed " + SEED + " (-Dcarbide.test.seed=" + SEED + "), case " + Arrays.toString(context);
  }
}
