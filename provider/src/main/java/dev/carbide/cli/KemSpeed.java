package dev.carbide.cli;

import dev.carbide.cli.SpeedCatalogue.Row;
import java.util.List;

/**
 * The KEM rows of {@code speed}. This base version is the one Java 17 to 20 load, which have no
 * javax.crypto.KEM to compare through, so it adds none; the Java 21 version (src/main/java21) adds
 * ML-KEM-768 encapsulation and decapsulation.
 */
final class KemSpeed {
  private KemSpeed() {}

  static void addTo(List<Row> rows) {}
}
