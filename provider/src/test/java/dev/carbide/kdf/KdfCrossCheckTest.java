package dev.carbide.kdf;

import static dev.carbide.kdf.EvpKdfKnownAnswerTest.derive;
import static dev.carbide.kdf.EvpKdfKnownAnswerTest.served;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.Argon2KeySpec;
import dev.carbide.KbkdfKeySpec;
import dev.carbide.KeyAgreementKdfSpec;
import dev.carbide.ScryptKeySpec;
import dev.carbide.testing.FipsSkips;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.spec.KeySpec;
import java.util.Random;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.Mac;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA512Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.generators.KDF2BytesGenerator;
import org.bouncycastle.crypto.generators.KDFCounterBytesGenerator;
import org.bouncycastle.crypto.generators.KDFFeedbackBytesGenerator;
import org.bouncycastle.crypto.generators.OneStepKDFBytesGenerator;
import org.bouncycastle.crypto.generators.SCrypt;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.bouncycastle.crypto.params.KDFCounterParameters;
import org.bouncycastle.crypto.params.KDFFeedbackParameters;
import org.bouncycastle.crypto.params.KDFParameters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every EVP_KDF SecretKeyFactory against Bouncy Castle's own implementation (its lightweight API,
 * which shares no code with OpenSSL) on random inputs: empty and long secrets, salts and infos, odd
 * key lengths, several PRF blocks. Small costs keep scrypt and Argon2 to milliseconds a case. The
 * seed is printed, and {@code -Dcarbide.test.seed} replays a run.
 */
class KdfCrossCheckTest {
  private static final long SEED = Long.getLong("carbide.test.seed", System.nanoTime());
  private static final int CASES = 24;
  // The FIPS module refuses KBKDF, one-step and X9.63 keys under 112 bits.
  private static final int MIN_SECRET = FipsSkips.FIPS_PASS ? 14 : 1;

  @BeforeAll
  static void printSeed() {
    System.out.println("KdfCrossCheckTest seed: -Dcarbide.test.seed=" + SEED);
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private static char[] password(Random random) {
    char[] password = new char[random.nextInt(24)];
    for (int i = 0; i < password.length; i++) {
      password[i] =
          (char)
              (random.nextInt(6) == 0 ? 0xa0 + random.nextInt(0x700) : 0x21 + random.nextInt(0x5e));
    }
    return password;
  }

  private static byte[] utf8(char[] password) {
    ByteBuffer encoded = StandardCharsets.UTF_8.encode(java.nio.CharBuffer.wrap(password));
    byte[] result = new byte[encoded.remaining()];
    encoded.get(result);
    return result;
  }

  private static Digest digest(String suffix) {
    return switch (suffix) {
      case "SHA256" -> new SHA256Digest();
      case "SHA384" -> new SHA384Digest();
      default -> new SHA512Digest();
    };
  }

  @Test
  void scrypt() throws Exception {
    Random random = new Random(SEED);
    for (int i = 0; i < CASES; i++) {
      char[] password = password(random);
      byte[] salt = bytes(random, random.nextInt(40));
      int n = 2 << random.nextInt(8);
      int r = 1 + random.nextInt(4);
      int p = 1 + random.nextInt(3);
      int length = 1 + random.nextInt(100);
      byte[] expected = SCrypt.generate(utf8(password), salt, n, r, p, length);
      assertArrayEquals(
          expected,
          derive("SCRYPT", new ScryptKeySpec(password, salt, n, r, p, length * 8)),
          "N=" + n + " r=" + r + " p=" + p + " length " + length);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"Argon2d", "Argon2i", "Argon2id"})
  void argon2(String algorithm) throws Exception {
    assumeTrue(served(algorithm), algorithm + " needs OpenSSL 3.2");
    int type =
        switch (algorithm) {
          case "Argon2d" -> Argon2Parameters.ARGON2_d;
          case "Argon2i" -> Argon2Parameters.ARGON2_i;
          default -> Argon2Parameters.ARGON2_id;
        };
    Random random = new Random(SEED ^ algorithm.hashCode());
    for (int i = 0; i < CASES / 2; i++) {
      char[] password = password(random);
      byte[] salt = bytes(random, 8 + random.nextInt(24));
      byte[] secret = bytes(random, random.nextInt(3) == 0 ? 0 : random.nextInt(40));
      byte[] ad = bytes(random, random.nextInt(3) == 0 ? 0 : random.nextInt(40));
      int lanes = 1 + random.nextInt(4);
      int memory = 8 * lanes + random.nextInt(64);
      int iterations = 1 + random.nextInt(3);
      int length = 4 + random.nextInt(100);
      Argon2BytesGenerator generator = new Argon2BytesGenerator();
      generator.init(
          new Argon2Parameters.Builder(type)
              .withVersion(Argon2Parameters.ARGON2_VERSION_13)
              .withIterations(iterations)
              .withMemoryAsKB(memory)
              .withParallelism(lanes)
              .withSalt(salt)
              .withSecret(secret)
              .withAdditional(ad)
              .build());
      byte[] expected = new byte[length];
      generator.generateBytes(utf8(password), expected);
      assertArrayEquals(
          expected,
          derive(
              algorithm,
              new Argon2KeySpec(password, salt, iterations, memory, lanes, secret, ad, length * 8)),
          "m=" + memory + " t=" + iterations + " p=" + lanes + " length " + length);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "COUNTER-HMACSHA256", "COUNTER-HMACSHA384", "COUNTER-HMACSHA512", "COUNTER-AESCMAC",
        "FEEDBACK-HMACSHA256", "FEEDBACK-HMACSHA384", "FEEDBACK-HMACSHA512", "FEEDBACK-AESCMAC"
      })
  void kbkdf(String variant) throws Exception {
    Random random = new Random(SEED ^ variant.hashCode());
    for (int i = 0; i < CASES; i++) {
      Case c = kbkdfCase(variant, random);
      assertArrayEquals(c.expected(), derive(c.algorithm(), c.spec()), c.what());
    }
  }

  /** A random input of one service, and Bouncy Castle's answer for it. */
  record Case(String algorithm, KeySpec spec, byte[] expected, String what) {}

  /** A random KBKDF input for {@code variant} ("COUNTER-HMACSHA256", ...) and its answer. */
  static Case kbkdfCase(String variant, Random random) {
    boolean feedback = variant.startsWith("FEEDBACK");
    boolean cmac = variant.endsWith("CMAC");
    Mac prf =
        cmac
            ? new CMac(AESEngine.newInstance())
            : new HMac(digest(variant.substring(variant.length() - 6)));
    byte[] key =
        bytes(random, cmac ? 16 + 8 * random.nextInt(3) : MIN_SECRET + random.nextInt(100));
    byte[] label = bytes(random, random.nextInt(40));
    byte[] context = bytes(random, random.nextInt(40));
    byte[] iv = feedback && random.nextBoolean() ? bytes(random, prf.getMacSize()) : new byte[0];
    int length = 1 + random.nextInt(200);
    boolean raw = random.nextInt(3) == 0;
    // SP 800-108's layout of the fixed input, or the caller's own.
    byte[] fixed =
        raw
            ? label
            : ByteBuffer.allocate(label.length + 1 + context.length + 4)
                .put(label)
                .put((byte) 0)
                .put(context)
                .putInt(length * 8)
                .array();
    byte[] expected = new byte[length];
    if (feedback) {
      KDFFeedbackBytesGenerator generator = new KDFFeedbackBytesGenerator(prf);
      generator.init(KDFFeedbackParameters.createWithCounter(key, iv, fixed, 32));
      generator.generateBytes(expected, 0, length);
    } else {
      KDFCounterBytesGenerator generator = new KDFCounterBytesGenerator(prf);
      generator.init(new KDFCounterParameters(key, fixed, 32));
      generator.generateBytes(expected, 0, length);
    }
    KbkdfKeySpec spec =
        raw
            ? KbkdfKeySpec.withFixedInput(key, label, iv, length * 8)
            : new KbkdfKeySpec(key, label, context, iv, length * 8);
    return new Case(
        "KBKDF-" + variant,
        spec,
        expected,
        "key " + key.length + ", iv " + iv.length + ", length " + length + ", raw " + raw);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ONESTEP-SHA256", "ONESTEP-SHA384", "ONESTEP-SHA512",
        "ONESTEP-HMACSHA256", "ONESTEP-HMACSHA384", "ONESTEP-HMACSHA512",
        "X963KDF-SHA256", "X963KDF-SHA384", "X963KDF-SHA512"
      })
  void keyAgreementKdfs(String algorithm) throws Exception {
    Random random = new Random(SEED ^ algorithm.hashCode());
    for (int i = 0; i < CASES; i++) {
      Case c = agreementCase(algorithm, random);
      assertArrayEquals(c.expected(), derive(c.algorithm(), c.spec()), c.what());
    }
  }

  /** A random one-step or X9.63 input for {@code algorithm} and its answer. */
  static Case agreementCase(String algorithm, Random random) {
    boolean hmac = algorithm.contains("HMAC");
    String suffix = algorithm.substring(algorithm.length() - 6);
    byte[] z = bytes(random, MIN_SECRET + random.nextInt(130));
    byte[] info = bytes(random, random.nextInt(3) == 0 ? 0 : random.nextInt(100));
    byte[] salt =
        hmac && random.nextBoolean() ? bytes(random, 1 + random.nextInt(150)) : new byte[0];
    int length = 1 + random.nextInt(300);
    byte[] expected = new byte[length];
    if (algorithm.startsWith("X963")) {
      KDF2BytesGenerator generator = new KDF2BytesGenerator(digest(suffix));
      generator.init(new KDFParameters(z, info));
      generator.generateBytes(expected, 0, length);
    } else {
      OneStepKDFBytesGenerator generator =
          hmac
              ? new OneStepKDFBytesGenerator(new HMac(digest(suffix)), salt)
              : new OneStepKDFBytesGenerator(digest(suffix));
      generator.init(new KDFParameters(z, info));
      generator.generateBytes(expected, 0, length);
    }
    return new Case(
        algorithm,
        new KeyAgreementKdfSpec(z, salt, info, length * 8),
        expected,
        "z " + z.length + ", info " + info.length + ", salt " + salt.length + ", length " + length);
  }
}
