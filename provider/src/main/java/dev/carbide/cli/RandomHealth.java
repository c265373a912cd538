package dev.carbide.cli;

import java.security.MessageDigest;
import java.security.SecureRandom;

/**
 * A health check for SecureRandom, not a known-answer test: a random generator has no known answer,
 * but two outputs must differ and must not be all zero.
 */
final class RandomHealth {
  private RandomHealth() {}

  private static final int BYTES = 32;

  static void addTo(KnownAnswers table) {
    table.add(
        "SecureRandom",
        "DEFAULT",
        "health check, not a KAT: two " + BYTES + "-byte outputs differ and are not all zero",
        provider -> {
          SecureRandom random = SecureRandom.getInstance("DEFAULT", provider);
          byte[] first = new byte[BYTES];
          byte[] second = new byte[BYTES];
          random.nextBytes(first);
          random.nextBytes(second);
          if (MessageDigest.isEqual(first, new byte[BYTES])) {
            throw new KnownAnswers.Failure("the output is all zero");
          }
          if (MessageDigest.isEqual(first, second)) {
            throw new KnownAnswers.Failure("two outputs are equal");
          }
        });
  }
}
