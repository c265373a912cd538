package dev.carbide.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.Provider;
import java.util.stream.Collectors;

/**
 * The known-answer tests that FIPS mode runs on every service before it registers any (the same
 * table as {@code selftest}). Public only for {@link dev.carbide.CarbideProvider}.
 */
public final class FipsSelfTest {
  private FipsSelfTest() {}

  /**
   * The table FIPS mode runs at load: {@code selftest}'s, except the signing and key-generation
   * checks of the SLH-DSA sets other than the two 128f ones. Those sign with a set that takes a
   * second or more per signature, and in FIPS mode key generation signs too (the module's pairwise
   * test), so they made up nearly all of the load's known-answer time (over 90%). The module's own
   * power-up self-tests sign, verify and generate keys with SLH-DSA (openssl fipsinstall lists
   * them), Carbide's code path is the same for every set, and the 128f sets (and the "SLH-DSA"
   * family service) keep their full checks at load, as every set keeps its key-encoding check;
   * {@code ./carbide selftest} still runs the whole table.
   *
   * <p>The TLS engine's SSLContext checks are left to {@code selftest} too: they check the
   * ClientHello's structure, not a primitive (the handshake's primitives are the module's, which it
   * tests at its load), and running them at load would map libssl into every FIPS JVM, which a user
   * of the JCA services alone never needs.
   */
  static KnownAnswers atLoad() {
    return KnownAnswers.standard()
        .skipping(
            entry -> entry.type().equals("SSLContext"),
            "the TLS engine's ClientHello check runs in selftest, not at load (docs/fips.md)")
        .skipping(
            entry ->
                (entry.type().equals("Signature") || entry.type().equals("KeyPairGenerator"))
                    && entry.algorithm().startsWith("SLH-DSA-")
                    && !entry.algorithm().endsWith("128f"),
            "left to the FIPS module's own SLH-DSA self-tests at load (docs/fips.md); run"
                + " selftest for this check");
  }

  /**
   * Runs the known-answer test of each service of {@code provider}; returns null if all pass (or
   * skip: a check that cannot run on this Java), otherwise the failed tests, one per line.
   */
  public static String failures(Provider provider) {
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    int status;
    try (PrintStream out = new PrintStream(report, true, StandardCharsets.UTF_8)) {
      status = SelfTest.check(provider, atLoad(), out);
    }
    if (status == 0) {
      return null;
    }
    return report
        .toString(StandardCharsets.UTF_8)
        .lines()
        .filter(line -> line.startsWith("FAIL"))
        .collect(Collectors.joining("\n"));
  }
}
