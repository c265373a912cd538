package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.ChildJvm;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One Cipher shared by several threads, in a child JVM because the failure this guards against is a
 * crash: every call must end normally, with IllegalStateException (concurrent use detected) or with
 * a JCA exception (a wrong tag or length from another thread's state), never with native memory
 * corruption or an AssertionError.
 */
class CipherThreadStormTest {
  // Those that Carbide serves here: FIPS mode and OpenSSL 3.0 leave GCM-SIV and DESede out.
  private static final List<String> TRANSFORMATIONS =
      Stream.of(
              "AES/GCM/NoPadding",
              "AES/CBC/PKCS5Padding",
              "AES/CTR/NoPadding",
              "AES/CFB8/NoPadding",
              "ChaCha20-Poly1305",
              "AES/KW/NoPadding",
              "AES/CCM/NoPadding",
              "AES/GCM-SIV/NoPadding",
              "AES/XTS/NoPadding",
              "DESede/CBC/PKCS5Padding")
          .filter(t -> Carbide.provider().getService("Cipher", t) != null)
          .toList();

  @Test
  void sharedCipherNeverCrashes() throws Exception {
    String[] args = new String[TRANSFORMATIONS.size() + 1];
    args[0] = "600";
    for (int i = 0; i < TRANSFORMATIONS.size(); i++) {
      args[i + 1] = TRANSFORMATIONS.get(i);
    }
    ChildJvm.Result result = ChildJvm.run(List.of(), CipherStorm.class, args);
    assertEquals(0, result.exitCode(), result::toString);
    assertEquals("done", result.stdout().lines().reduce((a, b) -> b).orElse(""), result::toString);
    List<String> outcomes = result.lines("outcome ");
    for (String outcome : outcomes) {
      assertTrue(!outcome.contains("unexpected:"), () -> outcome + "\n" + result);
    }
    for (String t : TRANSFORMATIONS) {
      // The threads did meet: each cipher both detected concurrent use and completed calls.
      assertTrue(
          outcomes.stream().anyMatch(o -> o.startsWith(t + " java.lang.IllegalStateException ")),
          () -> t + " never saw concurrent use\n" + result);
      assertTrue(
          outcomes.stream().anyMatch(o -> o.startsWith(t + " ok ")),
          () -> t + " never completed a call\n" + result);
    }
  }
}
