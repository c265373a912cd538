package dev.carbide.cli;

/**
 * Checks for the javax.crypto.KEM services. This base version is the one Java 17 to 20 load, where
 * no KEM service is registered, so it adds nothing; the Java 21 version (src/main/java21) has the
 * checks.
 */
final class KemAnswers {
  private KemAnswers() {}

  static void addTo(KnownAnswers table) {}
}
