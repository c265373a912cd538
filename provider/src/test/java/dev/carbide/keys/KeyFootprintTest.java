package dev.carbide.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.internal.NativeFootprint;
import dev.carbide.testing.Carbide;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * NativeMemory prompts a collection from what keys say they hold. RSA, DH and DSA keys all said 2
 * KB (an EC key's figure), while OpenSSL holds every component of theirs, which grows with the key,
 * plus the Montgomery contexts and blinding a private key keeps once used: an RSA-4096 key holds
 * several times 2 KB (docs/native-memory.md, session 14). Each now accounts the figure measured for
 * its family and size ({@link KeyFootprints}).
 */
class KeyFootprintTest {
  private static final Provider CARBIDE = Carbide.provider();

  // Generated once per algorithm and size: RSA-4096 generation takes a while.
  private static final Map<String, KeyPair> PAIRS = new ConcurrentHashMap<>();

  private static KeyPair pair(String algorithm, int bits) throws Exception {
    String name = algorithm + "-" + bits;
    KeyPair keys = PAIRS.get(name);
    if (keys == null) {
      KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm, CARBIDE);
      generator.initialize(bits);
      keys = generator.generateKeyPair();
      PAIRS.put(name, keys);
    }
    return keys;
  }

  private static long footprint(java.security.Key key) {
    return ((NativeKey) key).footprintBytes();
  }

  /** Carbide keys of each measured size: each accounts at least the encodings it holds natively. */
  @Test
  void generatedKeysAccountAtLeastTheirComponents() throws Exception {
    for (String algorithm : List.of("RSA", "DH", "DSA")) {
      List<Long> privateFigures = new ArrayList<>();
      for (int bits : KeyFootprints.measuredSizes(algorithm)) {
        KeyPair keys = pair(algorithm, bits);
        long held = footprint(keys.getPrivate());
        String what = algorithm + "-" + bits;
        assertTrue(
            held >= keys.getPrivate().getEncoded().length,
            what + " private key accounts " + held + " bytes, less than its own encoding");
        assertTrue(
            footprint(keys.getPublic()) >= keys.getPublic().getEncoded().length,
            what + " public key accounts less than its own encoding");
        privateFigures.add(held);
      }
      for (int i = 1; i < privateFigures.size(); i++) {
        assertTrue(
            privateFigures.get(i) > privateFigures.get(i - 1),
            algorithm + " keys account the same whatever their size: " + privateFigures);
      }
    }
  }

  @Test
  void largeRsaKeysAccountMoreThanAnEcKey() throws Exception {
    // Measured: an RSA-3072 or RSA-4096 private key holds several EC keys' worth.
    for (int bits : new int[] {3072, 4096}) {
      long held = footprint(pair("RSA", bits).getPrivate());
      assertTrue(held > 2 * NativeFootprint.EC_KEY.bytes(), "RSA-" + bits + ": " + held);
    }
  }

  @Test
  void anRsaPublicKeyAloneAccountsLessThanItsPrivateKey() throws Exception {
    // The generated RSA public key is a key of its own (modulus and exponent imported), not the
    // pair's shared key, so it accounts the public figure.
    KeyPair keys = pair("RSA", 2048);
    assertTrue(footprint(keys.getPublic()) < footprint(keys.getPrivate()));
  }

  @Test
  void theHalvesOfAGeneratedFiniteFieldPairShareOneFigure() throws Exception {
    // The public key shares the private key's native key until it needs one of its own.
    for (String algorithm : List.of("DH", "DSA")) {
      KeyPair keys = pair(algorithm, 2048);
      assertEquals(footprint(keys.getPrivate()), footprint(keys.getPublic()), algorithm);
    }
  }

  @Test
  void sizesBetweenAndBeyondTheRowsErrHigh() {
    long rsa2048 = KeyFootprints.bytes("RSA", 2048, true);
    long rsa3072 = KeyFootprints.bytes("RSA", 3072, true);
    long rsa4096 = KeyFootprints.bytes("RSA", 4096, true);
    assertEquals(rsa2048, KeyFootprints.bytes("RSA", 1024, true), "below the smallest row");
    assertEquals(rsa3072, KeyFootprints.bytes("RSA", 2049, true), "between two rows");
    assertEquals(2 * rsa4096, KeyFootprints.bytes("RSA", 8192, true), "twice the largest");
    assertEquals(rsa4096, KeyFootprints.bytes("RSA", 0, true), "size unknown");
    assertEquals(rsa3072, KeyFootprints.bytes("RSASSA-PSS", 3072, true), "PSS keys are RSA keys");
    assertEquals(
        NativeFootprint.EC_KEY.bytes(), KeyFootprints.bytes("EC", 521, true), "one EC figure");
    assertEquals(
        NativeFootprint.CURVE_KEY.bytes(), KeyFootprints.bytes("X25519", 0, false), "curve keys");
    assertEquals(
        NativeFootprint.EC_KEY.bytes(),
        KeyFootprints.bytes("SomethingElse", 2048, true),
        "an unknown family accounts as an EC key, as before the table");
  }

  @Test
  void everyRowIsAMeasuredFigure() {
    for (String algorithm : KeyFootprints.algorithms()) {
      for (int bits : new int[] {0, 2048, 3072, 4096}) {
        for (boolean isPrivate : new boolean[] {true, false}) {
          long figure = KeyFootprints.bytes(algorithm, bits, isPrivate);
          assertTrue(figure >= 256, algorithm + " " + bits + " accounts " + figure);
        }
      }
    }
  }
}
