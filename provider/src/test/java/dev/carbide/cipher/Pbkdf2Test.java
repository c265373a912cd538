package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.Provider;
import java.security.Security;
import java.security.spec.KeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** PBKDF2 SecretKeyFactories: Wycheproof, SunJCE cross-checks, key specs and bad input. */
class Pbkdf2Test {
  private static final Provider JDK = Security.getProvider("SunJCE");
  private static final String[] DIGESTS = {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512"};

  static List<WycheproofCase> cases() {
    List<WycheproofCase> all = new ArrayList<>();
    for (String digest : DIGESTS) {
      all.addAll(TestVectors.wycheproof("pbkdf2_hmac" + digest.toLowerCase() + "_test.json"));
    }
    return all;
  }

  @ParameterizedTest
  @MethodSource("cases")
  void wycheproof(WycheproofCase c) throws Exception {
    String digest = c.file().substring("pbkdf2_hmac".length(), c.file().indexOf("_test"));
    char[] password;
    try {
      // A PBEKeySpec holds chars, sent as UTF-8: a password that is not UTF-8 cannot be given.
      CharBuffer decoded =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(c.bytes("password")));
      password = new char[decoded.remaining()];
      decoded.get(password);
    } catch (CharacterCodingException e) {
      return;
    }
    int dkLen = c.test().get("dkLen").asInt();
    PBEKeySpec spec =
        new PBEKeySpec(
            password, c.bytes("salt"), c.test().get("iterationCount").asInt(), dkLen * 8);
    SecretKeyFactory factory =
        SecretKeyFactory.getInstance("PBKDF2WithHmac" + digest.toUpperCase(), Carbide.provider());
    assertEquals("valid", c.result());
    assertArrayEquals(c.bytes("dk"), factory.generateSecret(spec).getEncoded(), c.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512"})
  void sameKeysAndSpecsAsSunJce(String digest) throws Exception {
    String name = "PBKDF2WithHmac" + digest;
    Random random = new Random(name.hashCode());
    for (int round = 0; round < 20; round++) {
      char[] password = new char[random.nextInt(20)];
      for (int i = 0; i < password.length; i++) {
        password[i] = (char) (0x20 + random.nextInt(0x3000));
      }
      byte[] salt = new byte[1 + random.nextInt(40)]; // PBEKeySpec refuses an empty salt
      random.nextBytes(salt);
      PBEKeySpec spec = new PBEKeySpec(password, salt, 1 + random.nextInt(50), 8 + 8 * round);
      SecretKey expected = SecretKeyFactory.getInstance(name, JDK).generateSecret(spec);
      SecretKeyFactory factory = SecretKeyFactory.getInstance(name, Carbide.provider());
      SecretKey actual = factory.generateSecret(spec);
      assertArrayEquals(expected.getEncoded(), actual.getEncoded(), name);
      assertEquals(name, actual.getAlgorithm());
      assertEquals("RAW", actual.getFormat());
      PBEKeySpec back = (PBEKeySpec) factory.getKeySpec(actual, PBEKeySpec.class);
      assertArrayEquals(password, back.getPassword());
      assertArrayEquals(salt, ((PBEKey) actual).getSalt());
      assertEquals(spec.getIterationCount(), back.getIterationCount());
      assertEquals(spec.getKeyLength(), back.getKeyLength());
      assertArrayEquals(expected.getEncoded(), factory.translateKey(expected).getEncoded());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 7, 9, 15, 127, 130, 255})
  void keyLengthsOfPartBytesRoundDownAsSunJce(int bits) throws Exception {
    PBEKeySpec spec = new PBEKeySpec("password".toCharArray(), new byte[16], 3, bits);
    byte[] expected =
        SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", JDK).generateSecret(spec).getEncoded();
    byte[] actual =
        SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", Carbide.provider())
            .generateSecret(spec)
            .getEncoded();
    assertEquals(bits / 8, actual.length);
    assertArrayEquals(expected, actual);
  }

  @Test
  void destroyZeroesPasswordAndKeyAndRefusesThemAfterwards() throws Exception {
    SecretKey key =
        SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", Carbide.provider())
            .generateSecret(new PBEKeySpec("password".toCharArray(), new byte[16], 3, 256));
    byte[] keyBytes = (byte[]) field(key, "key");
    char[] password = (char[]) field(key, "password");
    assertFalse(key.isDestroyed());
    SecretKey copy = new SecretKeySpec(key.getEncoded(), key.getAlgorithm());
    assertEquals(key, copy);
    key.destroy();
    assertTrue(key.isDestroyed());
    assertArrayEquals(new byte[32], keyBytes);
    assertArrayEquals(new char[8], password);
    assertThrows(IllegalStateException.class, key::getEncoded);
    assertThrows(IllegalStateException.class, ((PBEKey) key)::getPassword);
    assertNotEquals(key, copy);
    assertEquals(16, ((PBEKey) key).getSalt().length);
    key.destroy(); // a second destroy is harmless
  }

  @Test
  void unreachableKeysAreZeroed() throws Exception {
    byte[] keyBytes = unreachableKeyBytes();
    CipherSpis.awaitZeroed(keyBytes);
    assertArrayEquals(new byte[32], keyBytes);
  }

  private static byte[] unreachableKeyBytes() throws Exception {
    SecretKey key =
        SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", Carbide.provider())
            .generateSecret(new PBEKeySpec("password".toCharArray(), new byte[16], 3, 256));
    return (byte[]) field(key, "key");
  }

  /** A field of {@code owner}'s class or of a class it extends. */
  static Object field(Object owner, String name) throws ReflectiveOperationException {
    for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
      } catch (NoSuchFieldException e) {
        // look further up
      }
    }
    throw new NoSuchFieldException(name);
  }

  @Test
  void badInputGetsSunJcesException() throws Exception {
    KeySpec[] specs = {
      new PBEKeySpec("pw".toCharArray()),
      new PBEKeySpec("pw".toCharArray(), new byte[8], 1),
      new SecretKeySpec(new byte[16], "AES"),
    };
    for (KeySpec spec : specs) {
      Exception expected = failure(SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", JDK), spec);
      Exception actual =
          failure(SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", Carbide.provider()), spec);
      assertNotNull(expected);
      assertEquals(expected.getClass(), actual == null ? null : actual.getClass());
    }
  }

  private static Exception failure(SecretKeyFactory factory, KeySpec spec) {
    try {
      factory.generateSecret(spec);
      return null;
    } catch (Exception e) {
      return e;
    }
  }
}
