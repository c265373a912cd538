package dev.carbide.cli;

import java.util.List;

/**
 * The HKDF rows of the self-test, on a Java without {@code javax.crypto.KDF}: they are skipped. The
 * Java 25 version of this class, in src/main/java25, runs the known answers.
 */
final class KdfAnswers {
  private KdfAnswers() {}

  static final List<String> ALGORITHMS = List.of("HKDF-SHA256", "HKDF-SHA384", "HKDF-SHA512");

  static void addTo(KnownAnswers table) {
    for (String algorithm : ALGORITHMS) {
      table.add(
          "KDF",
          algorithm,
          "RFC 5869 / Wycheproof",
          provider -> {
            throw new KnownAnswers.Skipped("needs Java 25");
          });
    }
  }
}
