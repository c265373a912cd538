package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Key bytes on the Java heap: one copy per cipher, held by its CipherSecrets, zeroed when replaced
 * and when the cipher is collected; unwrapped key bytes zeroed once the key is built.
 */
class CipherSecretsTest {
  private static final Random RANDOM = new Random(11);

  @Test
  void oneCopyOfTheKeyAfterInitAndSteps() throws Exception {
    for (String t : List.of("AES/GCM/NoPadding", "AES/CBC/PKCS5Padding", "ChaCha20-Poly1305")) {
      byte[] raw = bytes(t.startsWith("ChaCha20") ? 32 : 16);
      SecretKeySpec key = new SecretKeySpec(raw, t.startsWith("ChaCha20") ? "ChaCha20" : "AES");
      CipherCore spi = CipherSpis.of(t);
      for (int i = 0; i < 3; i++) {
        spi.engineInit(Cipher.ENCRYPT_MODE, key, spec(t), null);
        spi.engineDoFinal(new byte[20], 0, 20);
        spi.engineInit(Cipher.DECRYPT_MODE, key, spec(t), null);
      }
      List<String> copies = copiesOf(spi, raw);
      assertEquals(1, copies.size(), t + ": key bytes in " + copies);
      assertSame(spi.secrets.key(), findArray(spi, raw), t);
    }
  }

  @Test
  void replacedKeysAreZeroed() throws Exception {
    for (String t : List.of("AES/GCM/NoPadding", "AES/CTR/NoPadding", "ChaCha20-Poly1305")) {
      boolean chacha = t.startsWith("ChaCha20");
      CipherCore spi = CipherSpis.of(t);
      spi.engineInit(Cipher.ENCRYPT_MODE, key(chacha), spec(t), null);
      spi.engineDoFinal(new byte[20], 0, 20);
      byte[] first = spi.secrets.key();
      // Decryption under another key: the first is still the last encryption key of an AEAD.
      spi.engineInit(Cipher.DECRYPT_MODE, key(chacha), spec(t), null);
      spi.engineInit(Cipher.ENCRYPT_MODE, key(chacha), spec(t), null);
      assertArrayEquals(new byte[first.length], first, t);
    }
  }

  @Test
  void sameKeyAgainKeepsTheArrayItHas() throws Exception {
    SecretKeySpec key = key(false);
    CipherCore spi = CipherSpis.of("AES/GCM/NoPadding");
    spi.engineInit(Cipher.ENCRYPT_MODE, key, spec("AES/GCM/NoPadding"), null);
    byte[] first = spi.secrets.key();
    spi.engineDoFinal(new byte[20], 0, 20);
    spi.engineInit(Cipher.ENCRYPT_MODE, key, spec("AES/GCM/NoPadding"), null);
    assertSame(first, spi.secrets.key());
    assertArrayEquals(key.getEncoded(), first);
  }

  @Test
  void keysOfUnreachableCiphersAreZeroed() throws Exception {
    byte[] held = keyOfADroppedCipher();
    CipherSpis.awaitZeroed(held);
    assertArrayEquals(new byte[16], held);
  }

  private static byte[] keyOfADroppedCipher() throws Exception {
    CipherCore spi = CipherSpis.of("AES/CBC/PKCS5Padding");
    spi.engineInit(Cipher.ENCRYPT_MODE, key(false), spec("AES/CBC/PKCS5Padding"), null);
    spi.engineDoFinal(new byte[20], 0, 20);
    return spi.secrets.key();
  }

  @Test
  void unwrappedKeyBytesAreZeroedOnceTheKeyIsBuilt() throws Exception {
    byte[] encoded = bytes(16);
    byte[] copy = encoded.clone();
    assertEquals(
        new SecretKeySpec(copy, "AES"), CipherKeys.unwrapped(encoded, "AES", Cipher.SECRET_KEY));
    assertArrayEquals(new byte[16], encoded);
  }

  /** The paths of every byte[] reachable from {@code root} inside dev.carbide that equals key. */
  private static List<String> copiesOf(Object root, byte[] key) throws Exception {
    List<String> found = new ArrayList<>();
    walk(root, "spi", key, found, new IdentityHashMap<>());
    return found;
  }

  private static byte[] findArray(Object root, byte[] key) throws Exception {
    Map<Object, Boolean> seen = new IdentityHashMap<>();
    List<String> found = new ArrayList<>();
    walk(root, "spi", key, found, seen);
    for (Object o : seen.keySet()) {
      if (o instanceof byte[] b && Arrays.equals(b, key)) {
        return b;
      }
    }
    return null;
  }

  private static void walk(
      Object o, String path, byte[] key, List<String> found, Map<Object, Boolean> seen)
      throws Exception {
    if (o == null || seen.put(o, true) != null) {
      return;
    }
    if (o instanceof byte[] bytes) {
      if (Arrays.equals(bytes, key)) {
        found.add(path);
      }
      return;
    }
    if (!o.getClass().getName().startsWith("dev.carbide.")) {
      return;
    }
    for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
          continue;
        }
        try {
          f.setAccessible(true);
        } catch (RuntimeException e) {
          continue; // a JDK class's field
        }
        walk(f.get(o), path + "." + f.getName(), key, found, seen);
      }
    }
  }

  private static java.security.spec.AlgorithmParameterSpec spec(String t) {
    if (t.contains("GCM")) {
      return new GCMParameterSpec(128, bytes(12));
    }
    return new IvParameterSpec(bytes(t.startsWith("ChaCha20") ? 12 : 16));
  }

  private static SecretKeySpec key(boolean chacha) {
    return new SecretKeySpec(bytes(chacha ? 32 : 16), chacha ? "ChaCha20" : "AES");
  }

  private static byte[] bytes(int len) {
    byte[] bytes = new byte[len];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
