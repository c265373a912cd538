package dev.carbide.keys;

import dev.carbide.internal.NativeFootprint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a native key holds in memory, for {@link dev.carbide.internal.NativeMemory}'s accounting:
 * one table of figures measured per family and size (docs/native-memory.md), read by the key's
 * algorithm and, for the families whose size varies, its size in bits. The post-quantum keys name
 * their own figure per parameter set ({@code PqcAlgorithm.footprint}) and do not come here.
 *
 * <p>A private key's figure is what it holds once it has been used: OpenSSL keeps Montgomery
 * contexts (and, for RSA, a blinding) with the key from its first private operation on. A key of a
 * size between two measured rows accounts the larger row; past the largest, that row scaled by the
 * size, since every component of these keys grows with it. An unknown algorithm accounts as an EC
 * key, as every key did before the table.
 */
final class KeyFootprints {
  private KeyFootprints() {}

  /** One measured size of a family (bits 0: one figure for every size of the family). */
  private record Row(List<String> algorithms, int bits, long privateBytes, long publicBytes) {}

  private static Row row(int bits, long privateBytes, long publicBytes, String... algorithms) {
    return new Row(List.of(algorithms), bits, privateBytes, publicBytes);
  }

  // Measured 2026-12-02 (session 14) with OpenSSL 3.5.7: glibc's in-use bytes per live key over
  // 4,000 keys (chunk overhead included; docs/native-memory.md). Private: a generated or imported
  // key after one signature or agreement (a generated DH or DSA pair's public key shares it).
  // Public: a key imported alone, after a verification. A family's rows in ascending size.
  private static final List<Row> ROWS =
      List.of(
          row(0, NativeFootprint.EC_KEY.bytes(), NativeFootprint.EC_KEY.bytes(), "EC"),
          row(
              0,
              NativeFootprint.CURVE_KEY.bytes(),
              NativeFootprint.CURVE_KEY.bytes(),
              "EdDSA",
              "Ed25519",
              "Ed448",
              "XDH",
              "X25519",
              "X448"),
          // Components, then Montgomery contexts for n, p and q and a blinding from the first
          // signature on: 2.1 / 2.7 / 3.2 KB imported, 5.2-5.7 / 6.9-7.9 / 8.6-9.4 KB used.
          row(2048, 5760, 1856, "RSA", "RSASSA-PSS"),
          row(3072, 8192, 2368, "RSA", "RSASSA-PSS"),
          row(4096, 9728, 2880, "RSA", "RSASSA-PSS"),
          // p, g, q and the values; an agreement keeps nothing more.
          row(2048, 2176, 1536, "DH"),
          row(3072, 2816, 1920, "DH"),
          // 2048/224: 1.6 KB generated, 2.5 KB with the Montgomery context of p a signature adds.
          row(2048, 2560, 2496, "DSA"));

  // The rows of each algorithm name, looked up once per key.
  private static final Map<String, List<Row>> BY_ALGORITHM = byAlgorithm();

  private static Map<String, List<Row>> byAlgorithm() {
    Map<String, List<Row>> result = new LinkedHashMap<>();
    for (Row row : ROWS) {
      for (String algorithm : row.algorithms()) {
        result.computeIfAbsent(algorithm, name -> new ArrayList<>()).add(row);
      }
    }
    result.replaceAll((name, rows) -> List.copyOf(rows));
    return result;
  }

  /**
   * What native key {@code handle} of {@code algorithm} holds; asks its size only if it matters.
   */
  static long ofKey(String algorithm, long handle, boolean isPrivate) {
    List<Row> family = family(algorithm);
    boolean sized = !family.isEmpty() && family.get(0).bits() != 0;
    return bytes(family, sized ? PkeyNative.bits(handle) : 0, isPrivate);
  }

  /**
   * What a key of {@code algorithm} and {@code bits} holds ({@code bits} 0: unknown, which accounts
   * the family's largest measured size).
   */
  static long bytes(String algorithm, int bits, boolean isPrivate) {
    return bytes(family(algorithm), bits, isPrivate);
  }

  private static long bytes(List<Row> family, int bits, boolean isPrivate) {
    if (family.isEmpty()) {
      return NativeFootprint.EC_KEY.bytes();
    }
    Row largest = family.get(family.size() - 1);
    if (bits <= 0) {
      return figure(largest, isPrivate);
    }
    for (Row row : family) {
      if (row.bits() == 0 || bits <= row.bits()) {
        return figure(row, isPrivate);
      }
    }
    // Rounded up (Math.ceilDiv is not in Java 17).
    return (figure(largest, isPrivate) * bits + largest.bits() - 1) / largest.bits();
  }

  private static long figure(Row row, boolean isPrivate) {
    return isPrivate ? row.privateBytes() : row.publicBytes();
  }

  private static List<Row> family(String algorithm) {
    return BY_ALGORITHM.getOrDefault(algorithm, List.of());
  }

  /**
   * The sizes measured for {@code algorithm}, ascending (empty if one figure serves every size).
   */
  static int[] measuredSizes(String algorithm) {
    return family(algorithm).stream().mapToInt(Row::bits).filter(bits -> bits > 0).toArray();
  }

  /** For tests: every algorithm name the table knows. */
  static List<String> algorithms() {
    return List.copyOf(BY_ALGORITHM.keySet());
  }
}
