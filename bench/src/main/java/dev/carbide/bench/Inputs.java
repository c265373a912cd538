package dev.carbide.bench;

import java.util.SplittableRandom;

/** Benchmark inputs: fixed pseudo-random bytes, so every run and provider sees the same data. */
final class Inputs {
  private Inputs() {}

  /** {@code length} bytes that depend only on {@code length} and {@code seed}. */
  static byte[] bytes(int length, long seed) {
    byte[] out = new byte[length];
    new SplittableRandom(seed ^ length).nextBytes(out);
    return out;
  }
}
