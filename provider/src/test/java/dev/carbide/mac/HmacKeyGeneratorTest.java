package dev.carbide.mac;

import static dev.carbide.mac.Hmacs.assertSameOutcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/** The HMAC KeyGenerators against SunJCE's: default sizes, size rules, parameters, the keys. */
class HmacKeyGeneratorTest {
  static final java.util.List<String> ALGORITHMS = Hmacs.ALGORITHMS;

  private static final int[] KEY_SIZES = {
    Integer.MIN_VALUE, -8, 0, 1, 7, 8, 39, 40, 41, 47, 256, 1024, 1025, 8192
  };

  /** A call on a KeyGenerator, run the same way on Carbide's and on SunJCE's. */
  @FunctionalInterface
  interface GeneratorCall {
    Object run(KeyGenerator generator) throws Exception;
  }

  private static KeyGenerator carbide(String algorithm) throws Exception {
    KeyGenerator generator = KeyGenerator.getInstance(algorithm, Carbide.provider());
    assertEquals(Carbide.provider(), generator.getProvider());
    return generator;
  }

  private static KeyGenerator jdk(String algorithm) throws Exception {
    return KeyGenerator.getInstance(algorithm, "SunJCE");
  }

  private static int length(SecretKey key) {
    return key.getEncoded().length;
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void defaultKeysMatchSunJce(String algorithm) throws Exception {
    SecretKey ours = carbide(algorithm).generateKey();
    SecretKey jdks = jdk(algorithm).generateKey();
    assertEquals(length(jdks), length(ours));
    assertEquals(jdks.getAlgorithm(), ours.getAlgorithm());
    assertEquals(jdks.getFormat(), ours.getFormat());
    assertFalse(Arrays.equals(ours.getEncoded(), carbide(algorithm).generateKey().getEncoded()));
    // The key works in both providers' Macs, with the same result.
    Mac ourMac = Hmacs.carbide(algorithm);
    Mac jdkMac = Hmacs.jdk(algorithm);
    ourMac.init(ours);
    jdkMac.init(ours);
    assertEquals(Arrays.toString(jdkMac.doFinal()), Arrays.toString(ourMac.doFinal()));
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void keySizeRulesMatchSunJce(String algorithm) throws Exception {
    for (int keySize : KEY_SIZES) {
      KeyGenerator ours = carbide(algorithm);
      KeyGenerator jdks = jdk(algorithm);
      GeneratorCall call =
          generator -> {
            generator.init(keySize);
            return length(generator.generateKey());
          };
      String what = algorithm + " init(" + keySize + ")";
      if ((algorithm.equals("HmacSHA1") || algorithm.equals("HmacMD5")) && keySize <= 0) {
        // Before JDK 25 SunJCE took the size and failed at generateKey with an unrelated error;
        // Carbide keeps JDK 25's rule on every JDK.
        assertThrows(IllegalArgumentException.class, () -> ours.init(keySize), what);
        if (Runtime.version().feature() < 25) {
          continue;
        }
      }
      assertSameOutcome(() -> call.run(ours), () -> call.run(jdks));
      // Whether or not init failed, both generators make keys of the same size afterwards.
      assertEquals(length(jdks.generateKey()), length(ours.generateKey()), what);
    }
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void initWithRandomAfterASizeMatchesSunJce(String algorithm) throws Exception {
    KeyGenerator ours = carbide(algorithm);
    KeyGenerator jdks = jdk(algorithm);
    for (KeyGenerator generator : new KeyGenerator[] {ours, jdks}) {
      generator.init(1024, new SecureRandom());
      generator.init(new SecureRandom());
    }
    assertEquals(length(jdks.generateKey()), length(ours.generateKey()));
  }

  @ParameterizedTest
  @FieldSource("ALGORITHMS")
  void parameterSpecsAreRefusedAndLeaveTheSize(String algorithm) throws Exception {
    KeyGenerator ours = carbide(algorithm);
    KeyGenerator jdks = jdk(algorithm);
    ours.init(512);
    jdks.init(512);
    for (AlgorithmParameterSpec spec :
        new AlgorithmParameterSpec[] {null, new IvParameterSpec(new byte[16])}) {
      Class<? extends Throwable> thrown =
          assertSameOutcome(() -> ours.init(spec), () -> jdks.init(spec));
      assertEquals(java.security.InvalidAlgorithmParameterException.class, thrown);
    }
    assertEquals(64, length(ours.generateKey()));
    assertNull(assertSameOutcome(() -> ours.init(64, null), () -> jdks.init(64, null)));
    assertEquals(8, length(ours.generateKey()));
  }
}
