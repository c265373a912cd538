package dev.carbide.cli;

import dev.carbide.internal.JdkDefaults;
import java.security.MessageDigest;
import java.util.Map;
import javax.crypto.KeyGenerator;

/**
 * Checks for KeyGenerator: a key made without init() has the default length SunJCE gives the same
 * algorithm, and two keys differ. Key generation has no known answer; the length is what callers
 * depend on.
 */
final class KeyGeneratorAnswers {
  private KeyGeneratorAnswers() {}

  // SunJCE's defaults: the block size (64 bytes) for HmacMD5 and HmacSHA1, the output size for
  // the SHA-2 and SHA-3 HMACs, 256 bits for ChaCha20, and for AES whatever the running JDK's
  // SunJCE uses (128 bits on older JDKs, 256 on recent ones).
  private static final Map<String, Integer> DEFAULT_KEY_BYTES =
      Map.ofEntries(
          Map.entry("HmacMD5", 64),
          Map.entry("HmacSHA1", 64),
          Map.entry("HmacSHA224", 28),
          Map.entry("HmacSHA256", 32),
          Map.entry("HmacSHA384", 48),
          Map.entry("HmacSHA512", 64),
          Map.entry("HmacSHA512/224", 28),
          Map.entry("HmacSHA512/256", 32),
          Map.entry("HmacSHA3-224", 28),
          Map.entry("HmacSHA3-256", 32),
          Map.entry("HmacSHA3-384", 48),
          Map.entry("HmacSHA3-512", 64),
          Map.entry("AES", JdkDefaults.aesKeyBits() / 8),
          Map.entry("ChaCha20", 32));

  static void addTo(KnownAnswers table) {
    DEFAULT_KEY_BYTES.forEach(
        (algorithm, bytes) ->
            table.add(
                "KeyGenerator",
                algorithm,
                "default length " + bytes + " bytes; two keys differ",
                provider -> {
                  KeyGenerator generator = KeyGenerator.getInstance(algorithm, provider);
                  byte[] first = generator.generateKey().getEncoded();
                  byte[] second = generator.generateKey().getEncoded();
                  if (first == null || first.length != bytes) {
                    throw new KnownAnswers.Failure(
                        "expected a key of "
                            + bytes
                            + " bytes but got "
                            + (first == null ? "no encoding" : first.length + " bytes"));
                  }
                  if (MessageDigest.isEqual(first, second)) {
                    throw new KnownAnswers.Failure("two generated keys are equal");
                  }
                }));
  }
}
