package dev.carbide.cli;

import java.security.MessageDigest;
import java.security.Provider;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;

/**
 * The self-test table: one check per service (type and algorithm). Each family's class adds its
 * rows in {@link #standard()}; a registered service without a row fails the self-test, so a new
 * service cannot ship untested.
 */
final class KnownAnswers {
  /** Checks one service of {@code provider}; throws {@link Failure} or any exception on failure. */
  @FunctionalInterface
  interface Check {
    void run(Provider provider) throws Exception;
  }

  /** A check whose answer was wrong. */
  static final class Failure extends Exception {
    private static final long serialVersionUID = 1L;

    Failure(String message) {
      super(message);
    }
  }

  /** A check that cannot run on this Java; the self-test reports it as skipped. */
  static final class Skipped extends Exception {
    private static final long serialVersionUID = 1L;

    Skipped(String message) {
      super(message);
    }
  }

  /** One row: the check and where its expected answer comes from, as the report shows it. */
  record Entry(String type, String algorithm, String source, Check check) {}

  private final Map<String, Entry> entries = new HashMap<>();

  /** The checks of every family. */
  static KnownAnswers standard() {
    KnownAnswers table = new KnownAnswers();
    DigestAnswers.addTo(table);
    MacAnswers.addTo(table);
    KeyGeneratorAnswers.addTo(table);
    RandomHealth.addTo(table);
    KdfAnswers.addTo(table);
    CipherAnswers.addTo(table);
    SecretKeyFactoryAnswers.addTo(table);
    EcAnswers.addTo(table);
    DetEcdsaAnswers.addTo(table);
    EdEcAnswers.addTo(table);
    PqcAnswers.addTo(table);
    KemAnswers.addTo(table);
    RsaAnswers.addTo(table);
    HybridAnswers.addTo(table);
    Pbes2Answers.addTo(table);
    DhAnswers.addTo(table);
    DesedeAndOneShotAnswers.addTo(table);
    EvpKdfAnswers.addTo(table);
    DsaAnswers.addTo(table);
    TlsAnswers.addTo(table);
    return table;
  }

  void add(String type, String algorithm, String source, Check check) {
    if (entries.put(key(type, algorithm), new Entry(type, algorithm, source, check)) != null) {
      throw new IllegalStateException("two checks for " + key(type, algorithm));
    }
  }

  /**
   * Replaces the check of every entry that {@code which} selects by one that reports it skipped
   * with {@code reason}: for a run that leaves those services to another test.
   */
  KnownAnswers skipping(java.util.function.Predicate<Entry> which, String reason) {
    entries.replaceAll(
        (key, entry) ->
            which.test(entry)
                ? new Entry(
                    entry.type(),
                    entry.algorithm(),
                    entry.source(),
                    provider -> {
                      throw new Skipped(reason);
                    })
                : entry);
    return this;
  }

  /** The check for a service, or null if there is none. */
  Entry find(String type, String algorithm) {
    return entries.get(key(type, algorithm));
  }

  /** Throws a {@link Failure} naming both values unless they are equal. */
  static void expectEqual(String expectedHex, byte[] actual) throws Failure {
    byte[] expected = HexFormat.of().parseHex(expectedHex);
    if (!MessageDigest.isEqual(expected, actual)) {
      throw new Failure("expected " + expectedHex + " but got " + HexFormat.of().formatHex(actual));
    }
  }

  /** A check's body, which may throw anything. */
  interface Body {
    void run() throws Exception;
  }

  /** Runs {@code body} where only unchecked exceptions may pass (inside a forEach). */
  static void rethrow(Body body) {
    try {
      body.run();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  static byte[] hex(String hex) {
    return HexFormat.of().parseHex(hex);
  }

  // JCA names are case-insensitive.
  private static String key(String type, String algorithm) {
    return (type + "." + algorithm).toUpperCase(Locale.ROOT);
  }
}
