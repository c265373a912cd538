package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A Cipher makes its native context, and registers its Cleaners, only once it needs them. The JCA's
 * {@code Cipher.getInstance(transformation)} makes an SPI instance only to check the mode and
 * padding and drops it (the Cipher makes another at init), and SunJSSE makes a fresh Cipher for
 * every session ticket and traffic key: an instance that never transforms anything must cost no
 * native memory, no JNI crossing and no Cleaner registration, and a lazily made context must still
 * give SunJCE's results.
 */
class CipherNativeStateTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "AES/GCM/NoPadding",
        "ChaCha20-Poly1305",
        "AES/CBC/PKCS5Padding",
        "AES/CTR/NoPadding",
        "AES/ECB/NoPadding"
      })
  void nothingNativeUntilTheFirstStep(String transformation) throws Exception {
    Random random = new Random(transformation.hashCode());
    byte[] key = CipherCrossCheckTest.key(transformation, random);
    AlgorithmParameterSpec params = CipherCrossCheckTest.params(transformation, random);
    byte[] input = CipherCrossCheckTest.bytes(random, 64);
    String algorithm = transformation.startsWith("ChaCha20") ? "ChaCha20" : "AES";
    SecretKeySpec secret = new SecretKeySpec(key, algorithm);

    CipherCore spi = CipherSpis.of(transformation);
    assertNull(nativeContext(spi), "a new cipher has no native context");
    assertFalse(watched(spi.secrets), "a new cipher has registered no Cleaner for its key");

    spi.engineInit(Cipher.ENCRYPT_MODE, secret, params, null);
    assertNull(nativeContext(spi), "init does not cross into native code");
    assertTrue(watched(spi.secrets), "a cipher holding a key zeroes it when collected");

    byte[] sealed = spi.engineDoFinal(input, 0, input.length);
    assertNotNull(nativeContext(spi), "the first step makes the context");
    Cipher jdk = Cipher.getInstance(transformation, Security.getProvider("SunJCE"));
    jdk.init(Cipher.ENCRYPT_MODE, secret, params);
    assertArrayEquals(jdk.doFinal(input), sealed, transformation);

    // A second instance that only decrypts makes its own context at its first step, too.
    CipherCore open = CipherSpis.of(transformation);
    open.engineInit(Cipher.DECRYPT_MODE, secret, params, null);
    assertNull(nativeContext(open));
    assertArrayEquals(input, open.engineDoFinal(sealed, 0, sealed.length), transformation);
    assertNotNull(nativeContext(open));
  }

  private static Object nativeContext(CipherCore spi) throws ReflectiveOperationException {
    Field field = CipherSteps.class.getDeclaredField("nativeContext");
    field.setAccessible(true);
    return field.get(spi);
  }

  private static boolean watched(CipherSecrets secrets) throws ReflectiveOperationException {
    Field field = CipherSecrets.class.getDeclaredField("watched");
    field.setAccessible(true);
    return field.getBoolean(secrets);
  }
}
