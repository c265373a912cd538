package dev.carbide.fuzz;

import java.util.Random;

/**
 * One SPI type under differential fuzzing. A case draws everything (algorithm, key, parameters,
 * input, how the input is split and passed) from {@code random}, runs it on Carbide and on the
 * JDK's provider, and throws {@link Divergence} if they disagree. The same random gives the same
 * case, so a case is replayed from the run's seed and its number alone.
 */
public interface FuzzTarget {
  String name();

  void runCase(Random random) throws Exception;
}
