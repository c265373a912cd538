package dev.carbide.kdf;

import static dev.carbide.kdf.EvpKdfKnownAnswerTest.derive;
import static dev.carbide.kdf.EvpKdfKnownAnswerTest.served;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.Argon2KeySpec;
import dev.carbide.KbkdfKeySpec;
import dev.carbide.KeyAgreementKdfSpec;
import dev.carbide.ScryptKeySpec;
import dev.carbide.testing.Carbide;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The JCA contract of the EVP_KDF SecretKeyFactories: bad specs refused with
 * InvalidKeySpecException and a message that says why, the memory bound, the returned key's
 * destroy, getKeySpec and translateKey, and one factory shared by many threads.
 */
class KdfContractTest {
  private static final byte[] SALT = new byte[16];
  private static final byte[] KEY = new byte[32];

  private static void refused(String algorithm, KeySpec spec, String messagePart) {
    InvalidKeySpecException e =
        assertThrows(InvalidKeySpecException.class, () -> derive(algorithm, spec));
    assertTrue(
        e.getMessage().contains(messagePart),
        () -> "message \"" + e.getMessage() + "\" lacks \"" + messagePart + "\"");
  }

  @Test
  void scryptRefusesBadParameters() {
    char[] pw = "pw".toCharArray();
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 1000, 8, 1, 256), "power of 2");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 1, 8, 1, 256), "power of 2");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 0, 8, 1, 256), "power of 2");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 16, 0, 1, 256), "positive");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 16, 8, 0, 256), "positive");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 16, 1 << 15, 1 << 15, 256), "2^30");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 1 << 16, 1, 1, 256), "2^(16 * r)");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 16, 8, 1, 0), "key length");
    refused("SCRYPT", new ScryptKeySpec(pw, SALT, 16, 8, 1, 12), "key length");
    refused("SCRYPT", new ScryptKeySpec(pw, null, 16, 8, 1, 256), "Salt");
    refused("SCRYPT", new PBEKeySpec(pw, SALT, 16, 256), "ScryptKeySpec");
  }

  /** N = 2^30, r = 8 would take 1 TiB: refused before any allocation, naming the property. */
  @Test
  void scryptMemoryIsBounded() throws Exception {
    refused(
        "SCRYPT",
        new ScryptKeySpec("pw".toCharArray(), SALT, 1 << 30, 8, 1, 256),
        "carbide.kdf.maxMemory");
    // The property lowers the bound: 16 MiB refuses N = 2^14, r = 8 (16 MiB and a little more).
    String old = System.getProperty(EvpKdf.MAX_MEMORY_PROPERTY);
    System.setProperty(EvpKdf.MAX_MEMORY_PROPERTY, Long.toString(16L << 20));
    try {
      refused(
          "SCRYPT",
          new ScryptKeySpec("pw".toCharArray(), SALT, 1 << 14, 8, 1, 256),
          "more than carbide.kdf.maxMemory (16777216)");
      derive("SCRYPT", new ScryptKeySpec("pw".toCharArray(), SALT, 1 << 13, 8, 1, 256));
    } finally {
      if (old == null) {
        System.clearProperty(EvpKdf.MAX_MEMORY_PROPERTY);
      } else {
        System.setProperty(EvpKdf.MAX_MEMORY_PROPERTY, old);
      }
    }
  }

  @Test
  void argon2RefusesBadParameters() {
    assumeTrue(served("Argon2id"), "Argon2 needs OpenSSL 3.2");
    char[] pw = "pw".toCharArray();
    refused("Argon2id", new Argon2KeySpec(pw, new byte[7], 1, 64, 1, 256), "at least 8 bytes");
    refused("Argon2id", new Argon2KeySpec(pw, null, 1, 64, 1, 256), "at least 8 bytes");
    refused("Argon2id", new Argon2KeySpec(pw, SALT, 0, 64, 1, 256), "iterations");
    refused("Argon2id", new Argon2KeySpec(pw, SALT, 1, 64, 0, 256), "lanes");
    refused("Argon2id", new Argon2KeySpec(pw, SALT, 1, 31, 4, 256), "8 KiB per lane");
    refused("Argon2id", new Argon2KeySpec(pw, SALT, 1, 64, 1, 24), "at least 32 bits");
    refused("Argon2id", new Argon2KeySpec(pw, SALT, 1, Integer.MAX_VALUE, 1, 256), "maxMemory");
    refused("Argon2i", new ScryptKeySpec(pw, SALT, 16, 8, 1, 256), "Argon2KeySpec");
  }

  @Test
  void kbkdfRefusesBadParameters() {
    refused("KBKDF-COUNTER-HMACSHA256", new KbkdfKeySpec(new byte[0], null, null, 256), "empty");
    refused("KBKDF-COUNTER-AESCMAC", new KbkdfKeySpec(new byte[20], null, null, 256), "16, 24");
    refused(
        "KBKDF-COUNTER-HMACSHA256", new KbkdfKeySpec(KEY, null, null, new byte[32], 256), "no IV");
    refused(
        "KBKDF-FEEDBACK-HMACSHA256", new KbkdfKeySpec(KEY, null, null, new byte[31], 256), "IV");
    refused("KBKDF-FEEDBACK-HMACSHA512", new KbkdfKeySpec(KEY, null, null, -8), "key length");
    refused("KBKDF-COUNTER-HMACSHA384", new KeyAgreementKdfSpec(KEY, null, 256), "KbkdfKeySpec");
  }

  @Test
  void keyAgreementKdfsRefuseBadParameters() {
    refused("ONESTEP-SHA256", new KeyAgreementKdfSpec(new byte[0], null, 256), "empty");
    refused("X963KDF-SHA384", new KeyAgreementKdfSpec(null, null, 256), "empty");
    refused("ONESTEP-SHA512", new KeyAgreementKdfSpec(KEY, SALT, null, 256), "no salt");
    refused("X963KDF-SHA256", new KeyAgreementKdfSpec(KEY, SALT, null, 256), "no salt");
    refused("ONESTEP-HMACSHA256", new KeyAgreementKdfSpec(KEY, null, 7), "key length");
    refused("X963KDF-SHA512", new KbkdfKeySpec(KEY, null, null, 256), "KeyAgreementKdfSpec");
  }

  @Test
  void nullSpecIsRefused() throws Exception {
    SecretKeyFactory factory = SecretKeyFactory.getInstance("SCRYPT", Carbide.provider());
    assertThrows(InvalidKeySpecException.class, () -> factory.generateSecret(null));
  }

  @Test
  void derivedKeyDestroysAndTranslates() throws Exception {
    SecretKeyFactory factory =
        SecretKeyFactory.getInstance("KBKDF-COUNTER-HMACSHA256", Carbide.provider());
    SecretKey key = factory.generateSecret(new KbkdfKeySpec(KEY, new byte[] {1}, null, 256));
    assertEquals("KBKDF-COUNTER-HMACSHA256", key.getAlgorithm());
    assertEquals("RAW", key.getFormat());
    byte[] encoded = key.getEncoded();
    assertEquals(32, encoded.length);
    SecretKeySpec spec = (SecretKeySpec) factory.getKeySpec(key, SecretKeySpec.class);
    assertArrayEquals(encoded, spec.getEncoded());
    assertEquals(key, factory.translateKey(key));
    assertThrows(
        InvalidKeyException.class, () -> factory.translateKey(new SecretKeySpec(encoded, "AES")));
    assertThrows(InvalidKeySpecException.class, () -> factory.getKeySpec(key, PBEKeySpec.class));
    key.destroy();
    assertTrue(key.isDestroyed());
    assertThrows(IllegalStateException.class, key::getEncoded);
  }

  /** One factory, many threads, each with its own inputs: every result is its own. */
  @Test
  void sharedFactoryUnderThreads() throws Exception {
    String[] algorithms = {
      "SCRYPT", "KBKDF-FEEDBACK-AESCMAC", "ONESTEP-HMACSHA384", "X963KDF-SHA256"
    };
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (String algorithm : algorithms) {
        SecretKeyFactory shared = SecretKeyFactory.getInstance(algorithm, Carbide.provider());
        List<Future<?>> results = new ArrayList<>();
        for (int t = 0; t < 64; t++) {
          int id = t;
          results.add(
              pool.submit(
                  () -> {
                    KeySpec spec = spec(algorithm, id);
                    byte[] expected = derive(algorithm, spec);
                    assertArrayEquals(expected, shared.generateSecret(spec).getEncoded());
                    return null;
                  }));
        }
        for (Future<?> result : results) {
          result.get();
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static KeySpec spec(String algorithm, int id) {
    byte[] secret = new byte[16];
    secret[0] = (byte) id;
    return switch (algorithm) {
      case "SCRYPT" -> new ScryptKeySpec(("p" + id).toCharArray(), secret, 64, 2, 1, 256);
      case "KBKDF-FEEDBACK-AESCMAC" -> new KbkdfKeySpec(secret, secret, null, 384);
      default -> new KeyAgreementKdfSpec(secret, null, new byte[] {(byte) id}, 320);
    };
  }
}
