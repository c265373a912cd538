package dev.carbide.cli;

import dev.carbide.Argon2KeySpec;
import dev.carbide.KbkdfKeySpec;
import dev.carbide.KeyAgreementKdfSpec;
import dev.carbide.ScryptKeySpec;
import dev.carbide.cli.SpeedCatalogue.Engine;
import dev.carbide.cli.SpeedCatalogue.Row;
import java.security.Security;
import java.security.spec.KeySpec;
import java.util.List;
import java.util.function.Supplier;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The KDF rows of {@code speed}: scrypt and Argon2id at the costs applications choose for
 * interactive logins (RFC 7914's N = 2^14, r = 8; OWASP's Argon2id minimum m = 19 MiB, t = 2), and
 * KBKDF, the one-step KDF and X9.63 deriving a 32-byte key from a 32-byte secret, and PBKDF2 at one
 * iteration. The JDK has none of them but PBKDF2, so its column stays empty there; the JMH suite
 * compares them with Bouncy Castle.
 */
final class KdfSpeeds {
  private KdfSpeeds() {}

  static final Engine SECRET_KEY_FACTORY =
      new Engine("SecretKeyFactory", () -> Security.getProvider("SunJCE"));

  private static final byte[] SECRET = SpeedCatalogue.input(32);
  private static final byte[] SALT = SpeedCatalogue.input(16);

  static void addTo(List<Row> rows) {
    add(
        rows,
        "SCRYPT N=2^14 r=8 p=1",
        "SCRYPT",
        () -> new ScryptKeySpec("password".toCharArray(), SALT, 1 << 14, 8, 1, 256));
    add(
        rows,
        "Argon2id m=19MiB t=2 p=1",
        "Argon2id",
        () -> new Argon2KeySpec("password".toCharArray(), SALT, 2, 19 * 1024, 1, 256));
    add(
        rows,
        "KBKDF-COUNTER-HMACSHA256 32B",
        "KBKDF-COUNTER-HMACSHA256",
        () -> new KbkdfKeySpec(SECRET, SALT, SALT, 256));
    add(
        rows,
        "KBKDF-FEEDBACK-HMACSHA256 32B",
        "KBKDF-FEEDBACK-HMACSHA256",
        () -> new KbkdfKeySpec(SECRET, SALT, SALT, SpeedCatalogue.input(32), 256));
    add(
        rows,
        "KBKDF-COUNTER-AESCMAC 32B",
        "KBKDF-COUNTER-AESCMAC",
        () -> new KbkdfKeySpec(SECRET, SALT, SALT, 256));
    add(
        rows,
        "ONESTEP-SHA256 32B",
        "ONESTEP-SHA256",
        () -> new KeyAgreementKdfSpec(SECRET, SALT, 256));
    add(
        rows,
        "X963KDF-SHA256 32B",
        "X963KDF-SHA256",
        () -> new KeyAgreementKdfSpec(SECRET, SALT, 256));
    // One iteration, where a derivation's fixed cost is all there is (SunJCE serves it too).
    add(
        rows,
        "PBKDF2WithHmacSHA256 1 iteration 32B",
        "PBKDF2WithHmacSHA256",
        () -> new PBEKeySpec("password".toCharArray(), SALT, 1, 256));
  }

  private static void add(List<Row> rows, String name, String algorithm, Supplier<KeySpec> spec) {
    rows.add(
        new Row(
            name,
            SECRET_KEY_FACTORY,
            provider -> {
              SecretKeyFactory factory = SecretKeyFactory.getInstance(algorithm, provider);
              KeySpec keySpec = spec.get();
              return () -> factory.generateSecret(keySpec).getEncoded()[0];
            }));
  }
}
