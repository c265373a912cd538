package dev.carbide.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import java.security.Provider;
import java.security.SecureRandomSpi;
import java.security.Security;
import java.util.List;
import org.junit.jupiter.api.Test;

class SelfTestTest {
  @Test
  void passesAndNamesEveryRegisteredService() {
    CommandRun run = CommandRun.of("selftest");
    assertEquals(0, run.status(), run.out());
    List<String> lines = run.out().lines().toList();
    for (Provider.Service service : Carbide.provider().getServices()) {
      String name = service.getType() + " " + service.getAlgorithm();
      assertTrue(
          lines.stream()
              .anyMatch(
                  line ->
                      line.startsWith("PASS  " + name + " (")
                          || isBaseKdf(service, line)
                          || refusedInFips(name, line)),
          name + " has no PASS line:\n" + run.out());
    }
    int services = Carbide.provider().getServices().size();
    assertEquals(services + 1, lines.size(), run.out());
    assertTrue(lines.get(lines.size() - 1).contains(" passed, 0 failed, "), run.out());
  }

  // In the FIPS pass a check whose known answer needs a refused parameter (RSA-1024) is skipped.
  private static boolean refusedInFips(String name, String line) {
    return FipsSkips.FIPS_PASS && line.startsWith("SKIP  " + name + ": refused in FIPS mode: ");
  }

  // Tests run from target/classes, not from the multi-release jar, so the KDF rows come from the
  // base KdfAnswers, which skips them (KdfAnswersTest checks the Java 25 rows).
  private static boolean isBaseKdf(Provider.Service service, String line) {
    return service.getType().equals("KDF")
        && line.equals("SKIP  KDF " + service.getAlgorithm() + ": skipped: needs Java 25");
  }

  @Test
  void fipsLoadLeavesOnlyTheSlowSlhDsaSetsToTheModule() throws Exception {
    KnownAnswers atLoad = FipsSelfTest.atLoad();
    Provider carbide = Carbide.provider();
    for (String set : List.of("SHA2", "SHAKE")) {
      for (String size : List.of("128s", "192s", "192f", "256s", "256f")) {
        for (String type : List.of("Signature", "KeyPairGenerator")) {
          KnownAnswers.Entry entry = atLoad.find(type, "SLH-DSA-" + set + "-" + size);
          var skipped =
              org.junit.jupiter.api.Assertions.assertThrows(
                  KnownAnswers.Skipped.class, () -> entry.check().run(carbide), entry.toString());
          assertTrue(skipped.getMessage().contains("FIPS module's own SLH-DSA self-tests"));
        }
      }
    }
    // The TLS engine's ClientHello check would map libssl into every FIPS JVM: selftest runs it.
    KnownAnswers.Entry tls = atLoad.find("SSLContext", "TLS");
    var tlsSkipped =
        org.junit.jupiter.api.Assertions.assertThrows(
            KnownAnswers.Skipped.class, () -> tls.check().run(carbide), tls.toString());
    assertTrue(tlsSkipped.getMessage().contains("runs in selftest, not at load"));
    // The fast sets, the family service and every set's key encodings keep their real checks.
    for (String[] kept :
        new String[][] {
          {"Signature", "SLH-DSA-SHA2-128f"},
          {"KeyPairGenerator", "SLH-DSA-SHAKE-128f"},
          {"KeyFactory", "SLH-DSA-SHA2-256s"},
          {"MessageDigest", "SHA-256"}
        }) {
      if (carbide.getService(kept[0], kept[1]) != null) { // SLH-DSA needs OpenSSL 3.5
        atLoad.find(kept[0], kept[1]).check().run(carbide);
      }
    }
  }

  @Test
  void aServiceWithoutKnownAnswerFails() {
    TestProvider provider = new TestProvider("Extra");
    Carbide.provider().getServices().forEach(provider::borrow);
    provider.serve(
        "MessageDigest",
        "BOGUS-1",
        Security.getProvider("SUN").getService("MessageDigest", "SHA-256"));
    CommandRun run = CommandRun.against(provider, "selftest");
    assertEquals(1, run.status(), run.out());
    assertTrue(
        run.out().contains("FAIL  MessageDigest BOGUS-1: no known-answer test\n"), run.out());
    assertTrue(run.out().contains("PASS  MessageDigest SHA-256 ("), run.out());
    assertTrue(
        run.out().endsWith(", 1 failed, 0 skipped\n")
            || (FipsSkips.FIPS_PASS && run.out().matches("(?s).*, 1 failed, \\d+ skipped\n")),
        run.out());
  }

  @Test
  void aWrongAnswerFails() {
    Provider sun = Security.getProvider("SUN");
    Provider provider =
        new TestProvider("Wrong")
            .borrow(sun.getService("MessageDigest", "SHA-512"))
            .serve("MessageDigest", "SHA-256", sun.getService("MessageDigest", "MD5"));
    CommandRun run = CommandRun.against(provider, "selftest");
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().contains("PASS  MessageDigest SHA-512 (FIPS 180-4 \"abc\")"), run.out());
    assertTrue(
        run.out()
            .contains(
                "FAIL  MessageDigest SHA-256 (FIPS 180-4 \"abc\"): expected ba7816bf"
                    + "8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
                    + " but got 900150983cd24fb0d6963f7d28e17f72"),
        run.out());
  }

  @Test
  void anExceptionFails() {
    Provider provider =
        new TestProvider("Throws")
            .serve(
                "MessageDigest",
                "SHA-256",
                () -> {
                  throw new IllegalStateException("engine is on fire");
                });
    CommandRun run = CommandRun.against(provider, "selftest");
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().startsWith("FAIL  MessageDigest SHA-256 ("), run.out());
    assertTrue(run.out().contains("engine is on fire"), run.out());
  }

  @Test
  void aProviderWithNoServicesFails() {
    CommandRun run = CommandRun.against(new TestProvider("Empty"), "selftest");
    assertEquals(1, run.status(), run.out());
    assertTrue(run.out().contains("FAIL  Empty registers no services"), run.out());
  }

  @Test
  void loadFailureFails() {
    Subject broken = new Subject(new TestProvider("Empty"), new UnsatisfiedLinkError("gone"));
    CommandRun run = CommandRun.against(broken, "selftest");
    assertEquals(1, run.status());
    assertTrue(run.out().startsWith("FAIL  "), run.out());
    assertTrue(run.err().contains("gone"), run.err());
  }

  @Test
  void randomHealthCheckCatchesZeroAndRepeatedOutput() {
    CommandRun zeros =
        CommandRun.against(
            new TestProvider("Zeros")
                .serve("SecureRandom", "DEFAULT", () -> new FixedRandom((byte) 0)),
            "selftest");
    assertEquals(1, zeros.status(), zeros.out());
    assertTrue(zeros.out().contains("the output is all zero"), zeros.out());
    CommandRun repeats =
        CommandRun.against(
            new TestProvider("Repeats")
                .serve("SecureRandom", "DEFAULT", () -> new FixedRandom((byte) 7)),
            "selftest");
    assertEquals(1, repeats.status(), repeats.out());
    assertTrue(repeats.out().contains("two outputs are equal"), repeats.out());
  }

  /** Checks the table's own answers: the JDK's providers must pass every row they can serve. */
  @Test
  void jdkProvidersPassEveryKnownAnswer() {
    Provider sun = Security.getProvider("SUN");
    TestProvider jdk =
        new TestProvider("JDK")
            .serve("SecureRandom", "DEFAULT", sun.getService("SecureRandom", "NativePRNG"));
    for (String type : List.of("MessageDigest", "Mac", "KeyGenerator")) {
      Provider source = type.equals("MessageDigest") ? sun : Security.getProvider("SunJCE");
      for (Provider.Service service : source.getServices()) {
        if (service.getType().equals(type)
            && KnownAnswers.standard().find(type, service.getAlgorithm()) != null) {
          jdk.borrow(service);
        }
      }
    }
    CommandRun run = CommandRun.against(jdk, "selftest");
    assertEquals(0, run.status(), run.out());
    // 14 digests (with the two SHAKEs), 12 HMACs, 12 HMAC key generators, AES, ChaCha20 and
    // DESede key generators, 1 SecureRandom.
    assertTrue(run.out().endsWith("42 passed, 0 failed, 0 skipped\n"), run.out());
    assertTrue(
        run.out().contains("PASS  SecureRandom DEFAULT (health check, not a KAT"), run.out());
  }

  /** A SecureRandom that always returns the same byte. */
  private static final class FixedRandom extends SecureRandomSpi {
    private static final long serialVersionUID = 1L;
    private final byte value;

    FixedRandom(byte value) {
      this.value = value;
    }

    @Override
    protected void engineSetSeed(byte[] seed) {}

    @Override
    protected void engineNextBytes(byte[] bytes) {
      java.util.Arrays.fill(bytes, value);
    }

    @Override
    protected byte[] engineGenerateSeed(int numBytes) {
      return new byte[numBytes];
    }
  }
}
