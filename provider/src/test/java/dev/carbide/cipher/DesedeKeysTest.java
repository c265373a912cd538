package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.DESKeySpec;
import javax.crypto.spec.DESedeKeySpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DESede's KeyGenerator and SecretKeyFactory against SunJCE's: the same names, key bytes (parity
 * set as SunJCE sets it), specs, translations and exceptions; keys made by either work in the
 * other's cipher.
 */
class DesedeKeysTest {
  private static final Provider CARBIDE = Carbide.provider();
  private static final Provider JDK = Security.getProvider("SunJCE");
  private static final byte[] PLAIN = "sixteen byte msg and eight more".getBytes();

  interface Action {
    Object run(Provider provider) throws Exception;
  }

  private static void sameException(Class<? extends Throwable> expected, Action action) {
    String jdk = assertThrows(expected, () -> action.run(JDK), "SunJCE").getMessage();
    String ours = assertThrows(expected, () -> action.run(CARBIDE), "Carbide").getMessage();
    assertEquals(jdk, ours);
  }

  @Test
  void carbideServesTheNames() throws Exception {
    for (String name : new String[] {"DESede", "TripleDES", "desede"}) {
      assertSame(CARBIDE, KeyGenerator.getInstance(name, CARBIDE).getProvider(), name);
      assertSame(CARBIDE, SecretKeyFactory.getInstance(name, CARBIDE).getProvider(), name);
      // SunJCE resolves the same names.
      KeyGenerator.getInstance(name, JDK);
      SecretKeyFactory.getInstance(name, JDK);
    }
  }

  private static boolean oddParity(byte[] key) {
    for (byte b : key) {
      if (Integer.bitCount(b & 0xff) % 2 == 0) {
        return false;
      }
    }
    return true;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 112, 168})
  void generatedKeysWorkInSunJce(int bits) throws Exception {
    KeyGenerator generator = KeyGenerator.getInstance("DESede", CARBIDE);
    if (bits != 0) {
      generator.init(bits);
    }
    for (int i = 0; i < 8; i++) {
      SecretKey key = generator.generateKey();
      byte[] raw = key.getEncoded();
      assertEquals("DESede", key.getAlgorithm());
      assertEquals("RAW", key.getFormat());
      assertEquals(24, raw.length);
      assertTrue(oddParity(raw), HexFormat.of().formatHex(raw));
      boolean twoKey = Arrays.equals(raw, 0, 8, raw, 16, 24);
      assertEquals(bits == 112, twoKey, HexFormat.of().formatHex(raw));
      // SunJCE's factory takes it unchanged and its cipher decrypts what Carbide's encrypts.
      SecretKey translated = SecretKeyFactory.getInstance("DESede", JDK).translateKey(key);
      assertArrayEquals(raw, translated.getEncoded());
      roundTrip(CARBIDE, JDK, key);
    }
  }

  @Test
  void sunJceKeysWorkInCarbide() throws Exception {
    for (int bits : new int[] {112, 168}) {
      KeyGenerator generator = KeyGenerator.getInstance("DESede", JDK);
      generator.init(bits);
      SecretKey theirs = generator.generateKey();
      SecretKey ours = SecretKeyFactory.getInstance("DESede", CARBIDE).translateKey(theirs);
      assertArrayEquals(theirs.getEncoded(), ours.getEncoded());
      roundTrip(JDK, CARBIDE, theirs);
      roundTrip(CARBIDE, JDK, ours);
    }
  }

  // Encrypts with one provider's DESede/CBC/PKCS5Padding and decrypts with the other's.
  private static void roundTrip(Provider encrypting, Provider decrypting, SecretKey key)
      throws Exception {
    IvParameterSpec iv = new IvParameterSpec(new byte[8]);
    Cipher enc = Cipher.getInstance("DESede/CBC/PKCS5Padding", encrypting);
    enc.init(Cipher.ENCRYPT_MODE, key, iv);
    Cipher dec = Cipher.getInstance("DESede/CBC/PKCS5Padding", decrypting);
    dec.init(Cipher.DECRYPT_MODE, key, iv);
    assertArrayEquals(PLAIN, dec.doFinal(enc.doFinal(PLAIN)));
  }

  @Test
  void keysDiffer() throws Exception {
    KeyGenerator generator = KeyGenerator.getInstance("TripleDES", CARBIDE);
    assertNotEquals(
        HexFormat.of().formatHex(generator.generateKey().getEncoded()),
        HexFormat.of().formatHex(generator.generateKey().getEncoded()));
  }

  /** The same random bytes give SunJCE's key: the parity and the two-key layout are SunJCE's. */
  @ParameterizedTest
  @ValueSource(ints = {112, 168})
  void sameRandomGivesSunJcesKey(int bits) throws Exception {
    for (long seed = 0; seed < 4; seed++) {
      byte[][] keys = new byte[2][];
      Provider[] providers = {JDK, CARBIDE};
      for (int i = 0; i < 2; i++) {
        KeyGenerator generator = KeyGenerator.getInstance("DESede", providers[i]);
        generator.init(bits, new Replaying(seed));
        keys[i] = generator.generateKey().getEncoded();
      }
      assertArrayEquals(keys[0], keys[1], "seed " + seed);
    }
  }

  /** A SecureRandom that gives the bytes of java.util.Random with a fixed seed. */
  private static final class Replaying extends SecureRandom {
    private final Random random;

    Replaying(long seed) {
      random = new Random(seed);
    }

    @Override
    public void nextBytes(byte[] bytes) {
      random.nextBytes(bytes);
    }
  }

  @Test
  void factoryMakesSunJcesKeys() throws Exception {
    Random random = new Random(5);
    for (int i = 0; i < 50; i++) {
      byte[] raw = new byte[24 + random.nextInt(3) * 4]; // longer specs: the first 24 bytes count
      random.nextBytes(raw);
      KeySpec[] specs = {
        new DESedeKeySpec(raw), new SecretKeySpec(raw, "DESede"), new SecretKeySpec(raw, "AES")
      };
      for (KeySpec spec : specs) {
        SecretKey jdk = SecretKeyFactory.getInstance("DESede", JDK).generateSecret(spec);
        SecretKey ours = SecretKeyFactory.getInstance("DESede", CARBIDE).generateSecret(spec);
        assertArrayEquals(jdk.getEncoded(), ours.getEncoded());
        assertEquals(jdk.getAlgorithm(), ours.getAlgorithm());
        assertTrue(oddParity(ours.getEncoded()));
        DESedeKeySpec back =
            (DESedeKeySpec)
                SecretKeyFactory.getInstance("DESede", CARBIDE)
                    .getKeySpec(ours, DESedeKeySpec.class);
        assertArrayEquals(ours.getEncoded(), back.getKey());
        assertTrue(DESedeKeySpec.isParityAdjusted(back.getKey(), 0));
      }
    }
  }

  /** Weak and degenerate DES keys are taken as SunJCE takes them, and still work. */
  @Test
  void weakKeysAsInSunJce() throws Exception {
    byte[] weak = HexFormat.of().parseHex("0101010101010101");
    assertTrue(DESKeySpec.isWeak(weak, 0));
    byte[] raw = new byte[24];
    for (int i = 0; i < 3; i++) {
      System.arraycopy(weak, 0, raw, 8 * i, 8);
    }
    SecretKey jdk =
        SecretKeyFactory.getInstance("DESede", JDK).generateSecret(new DESedeKeySpec(raw));
    SecretKey ours =
        SecretKeyFactory.getInstance("DESede", CARBIDE).generateSecret(new DESedeKeySpec(raw));
    assertArrayEquals(jdk.getEncoded(), ours.getEncoded());
    roundTrip(CARBIDE, JDK, ours);
  }

  @Test
  void badInputGetsSunJcesExceptions() throws Exception {
    sameException(
        InvalidParameterException.class, p -> init(KeyGenerator.getInstance("DESede", p), 128));
    sameException(
        InvalidParameterException.class, p -> init(KeyGenerator.getInstance("DESede", p), 192));
    sameException(
        InvalidAlgorithmParameterException.class,
        p -> {
          KeyGenerator.getInstance("DESede", p).init(new IvParameterSpec(new byte[8]));
          return null;
        });
    Action[] factoryCalls = {
      p -> factory(p).generateSecret(new SecretKeySpec(new byte[16], "DESede")),
      p -> factory(p).generateSecret(new PKCS8EncodedKeySpec(new byte[24])),
      p -> factory(p).getKeySpec(new SecretKeySpec(new byte[24], "AES"), DESedeKeySpec.class),
      p -> factory(p).getKeySpec(new SecretKeySpec(new byte[24], "TripleDES"), DESedeKeySpec.class),
      p -> factory(p).getKeySpec(new SecretKeySpec(new byte[24], "DESede"), SecretKeySpec.class),
      p -> factory(p).getKeySpec(new SecretKeySpec(new byte[16], "DESede"), DESedeKeySpec.class),
    };
    for (Action call : factoryCalls) {
      sameException(InvalidKeySpecException.class, call);
    }
    sameException(
        InvalidKeyException.class,
        p -> factory(p).translateKey(new SecretKeySpec(new byte[24], "AES")));
    sameException(
        InvalidKeyException.class,
        p -> factory(p).translateKey(new SecretKeySpec(new byte[16], "DESede")));
    // DESedeKeySpec itself refuses short keys, before any provider sees them.
    assertThrows(InvalidKeyException.class, () -> new DESedeKeySpec(new byte[23]));
  }

  private static SecretKeyFactory factory(Provider provider) throws Exception {
    return SecretKeyFactory.getInstance("DESede", provider);
  }

  private static Object init(KeyGenerator generator, int bits) {
    generator.init(bits);
    return null;
  }
}
