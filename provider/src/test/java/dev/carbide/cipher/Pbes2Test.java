package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The PBES2 ciphers: Wycheproof's pbes2 vectors, SunJCE cross-checks in both directions on random
 * passwords, parameters and messages fed in random pieces, the defaults an init fills in, and
 * independent ciphers on several threads.
 */
class Pbes2Test {
  static final Provider JDK = Security.getProvider("SunJCE");
  static final String[] PRFS = {
    "HmacSHA1",
    "HmacSHA224",
    "HmacSHA256",
    "HmacSHA384",
    "HmacSHA512",
    "HmacSHA512/224",
    "HmacSHA512/256"
  };

  /**
   * The cipher names, less the SHA-512/t ones on Java 17, whose SunJCE lacks them and whose Cipher
   * class cannot look them up (it reads the slash as a mode).
   */
  static List<String> names() {
    List<String> names = new ArrayList<>();
    for (String prf : PRFS) {
      if (prf.contains("/") && Runtime.version().feature() < 21) {
        continue;
      }
      names.add("PBEWith" + prf + "AndAES_128");
      names.add("PBEWith" + prf + "AndAES_256");
    }
    return names;
  }

  static List<WycheproofCase> cases() {
    List<WycheproofCase> all = new ArrayList<>();
    for (String digest : new String[] {"sha1", "sha224", "sha256", "sha384", "sha512"}) {
      for (String bits : new String[] {"128", "256"}) {
        all.addAll(TestVectors.wycheproof("pbes2_hmac" + digest + "_aes_" + bits + "_test.json"));
      }
    }
    return all;
  }

  /** The cipher name of a Wycheproof file: pbes2_hmacsha256_aes_128_test.json and so on. */
  private static String nameOf(String file) {
    String[] parts = file.split("_");
    return "PBEWithHmacSHA" + parts[1].substring("hmacsha".length()) + "AndAES_" + parts[3];
  }

  @ParameterizedTest
  @MethodSource("cases")
  void wycheproof(WycheproofCase c) throws Exception {
    assertEquals("valid", c.result());
    String name = nameOf(c.file());
    byte[] password = c.bytes("password");
    PBEParameterSpec spec =
        new PBEParameterSpec(
            c.bytes("salt"),
            c.test().get("iterationCount").asInt(),
            new IvParameterSpec(c.bytes("iv")));
    boolean utf8 = isUtf8(password);
    // A password that is characters goes through the SecretKeyFactory, as users give it; other
    // bytes only fit a key of another kind.
    SecretKey key =
        utf8
            ? SecretKeyFactory.getInstance(name, Carbide.provider())
                .generateSecret(
                    new PBEKeySpec(new String(password, StandardCharsets.UTF_8).toCharArray()))
            : new SecretKeySpec(password, "PBE");
    Cipher cipher = Cipher.getInstance(name, Carbide.provider());
    cipher.init(Cipher.ENCRYPT_MODE, key, spec);
    byte[] ciphertext = cipher.doFinal(c.bytes("msg"));
    if (!utf8) {
      // The JCA's PBE passwords are characters (UTF-8 encoded): bytes that are not UTF-8 decode
      // with replacement characters, in SunJCE (Java 21 on) as here, so the answer is not
      // Wycheproof's. Carbide still does what SunJCE does.
      if (Runtime.version().feature() >= 21) {
        Cipher jdk = Cipher.getInstance(name, JDK);
        jdk.init(Cipher.ENCRYPT_MODE, key, spec);
        assertArrayEquals(jdk.doFinal(c.bytes("msg")), ciphertext, c.toString());
      }
      return;
    }
    assertArrayEquals(c.bytes("ct"), ciphertext, c.toString());
    cipher.init(Cipher.DECRYPT_MODE, key, spec);
    assertArrayEquals(c.bytes("msg"), cipher.doFinal(c.bytes("ct")), c.toString());
  }

  private static boolean isUtf8(byte[] bytes) {
    try {
      CharBuffer unused =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes));
      return unused != null;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  @ParameterizedTest
  @MethodSource("names")
  void crossChecksWithSunJceBothWays(String name) throws Exception {
    Random random = new Random(name.hashCode());
    for (int i = 0; i < 6; i++) {
      char[] password = new char[random.nextInt(20)];
      for (int j = 0; j < password.length; j++) {
        password[j] = (char) (0x20 + random.nextInt(0x5f)); // printable ASCII, which Java 17 takes
      }
      byte[] salt = bytes(random, 8 + random.nextInt(25));
      PBEParameterSpec spec =
          new PBEParameterSpec(
              salt, 1 + random.nextInt(40), new IvParameterSpec(bytes(random, 16)));
      byte[] message = bytes(random, random.nextInt(100));
      SecretKey carbideKey =
          SecretKeyFactory.getInstance(name, Carbide.provider())
              .generateSecret(new PBEKeySpec(password));
      SecretKey jdkKey =
          SecretKeyFactory.getInstance(name, JDK).generateSecret(new PBEKeySpec(password));
      assertArrayEquals(jdkKey.getEncoded(), carbideKey.getEncoded());
      // Carbide encrypts in pieces, SunJCE decrypts; and the other way round, keys swapped too.
      byte[] ciphertext =
          inPieces(
              Cipher.getInstance(name, Carbide.provider()),
              Cipher.ENCRYPT_MODE,
              jdkKey,
              spec,
              message,
              random);
      Cipher jdk = Cipher.getInstance(name, JDK);
      jdk.init(Cipher.ENCRYPT_MODE, carbideKey, spec);
      assertArrayEquals(jdk.doFinal(message), ciphertext, name);
      jdk.init(Cipher.DECRYPT_MODE, carbideKey, spec);
      assertArrayEquals(message, jdk.doFinal(ciphertext));
      assertArrayEquals(
          message,
          inPieces(
              Cipher.getInstance(name, Carbide.provider()),
              Cipher.DECRYPT_MODE,
              carbideKey,
              spec,
              ciphertext,
              random));
    }
  }

  private static byte[] inPieces(
      Cipher cipher, int mode, SecretKey key, PBEParameterSpec spec, byte[] input, Random random)
      throws Exception {
    cipher.init(mode, key, spec);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int offset = 0;
    while (offset < input.length) {
      int n = Math.min(input.length - offset, random.nextInt(40));
      byte[] piece = cipher.update(input, offset, n);
      if (piece != null) {
        out.write(piece);
      }
      offset += n;
    }
    out.write(cipher.doFinal());
    return out.toByteArray();
  }

  @ParameterizedTest
  @MethodSource("names")
  void defaultsTravelThroughGetParameters(String name) throws Exception {
    SecretKey key =
        SecretKeyFactory.getInstance(name, JDK).generateSecret(new PBEKeySpec("pw".toCharArray()));
    Cipher carbide = Cipher.getInstance(name, Carbide.provider());
    carbide.init(Cipher.ENCRYPT_MODE, key);
    byte[] ciphertext = carbide.doFinal(new byte[33]);
    PBEParameterSpec chosen = carbide.getParameters().getParameterSpec(PBEParameterSpec.class);
    assertEquals(20, chosen.getSalt().length);
    assertEquals(4096, chosen.getIterationCount());
    assertArrayEquals(carbide.getIV(), ((IvParameterSpec) chosen.getParameterSpec()).getIV());
    // The encoding carries everything SunJCE needs to decrypt.
    AlgorithmParameters decoded = AlgorithmParameters.getInstance("PBES2", JDK);
    decoded.init(carbide.getParameters().getEncoded());
    assertEquals(name, decoded.toString());
    Cipher jdk = Cipher.getInstance(name, JDK);
    jdk.init(Cipher.DECRYPT_MODE, key, decoded);
    assertArrayEquals(new byte[33], jdk.doFinal(ciphertext));
    Pbes2Cipher spi = (Pbes2Cipher) Carbide.provider().getService("Cipher", name).newInstance(null);
    assertEquals(name.endsWith("128") ? 128 : 256, spi.engineGetKeySize(key));
    assertEquals(16, carbide.getBlockSize());
    assertEquals(48, carbide.getOutputSize(33));
  }

  @Test
  void beforeInitGetParametersMakesUpAnEncryptionsDefaults() throws Exception {
    Cipher cipher = Cipher.getInstance("PBEWithHmacSHA256AndAES_128", Carbide.provider());
    assertNull(cipher.getIV());
    PBEParameterSpec spec = cipher.getParameters().getParameterSpec(PBEParameterSpec.class);
    assertEquals(20, spec.getSalt().length);
    assertEquals(4096, spec.getIterationCount());
    assertNotNull(spec.getParameterSpec());
  }

  @Test
  void aPbeKeyGivesSaltAndIterationsWhenNoParametersDo() throws Exception {
    byte[] salt = new byte[16];
    javax.crypto.interfaces.PBEKey key = new TestPbeKey("pw".toCharArray(), salt, 7);
    Cipher carbide = Cipher.getInstance("PBEWithHmacSHA384AndAES_256", Carbide.provider());
    carbide.init(Cipher.ENCRYPT_MODE, key);
    PBEParameterSpec chosen = carbide.getParameters().getParameterSpec(PBEParameterSpec.class);
    assertArrayEquals(salt, chosen.getSalt());
    assertEquals(7, chosen.getIterationCount());
    Cipher jdk = Cipher.getInstance("PBEWithHmacSHA384AndAES_256", JDK);
    jdk.init(Cipher.DECRYPT_MODE, key, chosen);
    assertArrayEquals(new byte[5], jdk.doFinal(carbide.doFinal(new byte[5])));
  }

  /** A PBEKey of another provider, with its own salt and iteration count. */
  record TestPbeKey(char[] password, byte[] salt, int iterations)
      implements javax.crypto.interfaces.PBEKey {
    @Override
    public char[] getPassword() {
      return password.clone();
    }

    @Override
    public byte[] getSalt() {
      return salt.clone();
    }

    @Override
    public int getIterationCount() {
      return iterations;
    }

    @Override
    public String getAlgorithm() {
      return "PBEWithHmacSHA384AndAES_256";
    }

    @Override
    public String getFormat() {
      return "RAW";
    }

    @Override
    public byte[] getEncoded() {
      return new String(password).getBytes(StandardCharsets.UTF_8);
    }
  }

  @Test
  void anUtf8PasswordDerivesFromItsUtf8Bytes() throws Exception {
    // PBKDF2 of the UTF-8 bytes, then AES-CBC: the definition, through SunJCE's primitives.
    char[] password = "Gr\u00fc\u00dfe \u6f22\u5b57 \ud83d\ude00".toCharArray();
    byte[] salt = new byte[12];
    byte[] iv = new byte[16];
    SecretKey derived =
        SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", JDK)
            .generateSecret(new PBEKeySpec(password, salt, 3, 256));
    Cipher aes = Cipher.getInstance("AES/CBC/PKCS5Padding", JDK);
    aes.init(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(derived.getEncoded(), "AES"),
        new IvParameterSpec(iv));
    SecretKey key =
        SecretKeyFactory.getInstance("PBEWithHmacSHA256AndAES_256", Carbide.provider())
            .generateSecret(new PBEKeySpec(password));
    Cipher carbide = Cipher.getInstance("PBEWithHmacSHA256AndAES_256", Carbide.provider());
    carbide.init(Cipher.ENCRYPT_MODE, key, new PBEParameterSpec(salt, 3, new IvParameterSpec(iv)));
    assertArrayEquals(aes.doFinal(new byte[20]), carbide.doFinal(new byte[20]));
  }

  @Test
  void independentCiphersOnSeveralThreadsAgreeWithSunJce() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> runs = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int seed = t;
        runs.add(
            pool.submit(
                () -> {
                  Random random = new Random(seed);
                  String name = names().get(random.nextInt(names().size()));
                  SecretKey key =
                      new SecretKeySpec("secret".getBytes(StandardCharsets.UTF_8), "PBE");
                  Cipher carbide = Cipher.getInstance(name, Carbide.provider());
                  Cipher jdk = Cipher.getInstance(name, JDK);
                  for (int i = 0; i < 20; i++) {
                    PBEParameterSpec spec =
                        new PBEParameterSpec(
                            bytes(random, 8), 1 + i, new IvParameterSpec(bytes(random, 16)));
                    byte[] message = bytes(random, random.nextInt(64));
                    carbide.init(Cipher.ENCRYPT_MODE, key, spec);
                    jdk.init(Cipher.DECRYPT_MODE, key, spec);
                    assertArrayEquals(message, jdk.doFinal(carbide.doFinal(message)));
                  }
                  return null;
                }));
      }
      for (Future<?> run : runs) {
        run.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aSharedCipherRefusesASecondThreadWhileBusy() throws Exception {
    Pbes2Cipher spi =
        (Pbes2Cipher)
            Carbide.provider()
                .getService("Cipher", "PBEWithHmacSHA256AndAES_128")
                .newInstance(null);
    SecretKey key = new SecretKeySpec(new byte[] {'p'}, "PBE");
    PBEParameterSpec spec = new PBEParameterSpec(new byte[8], 2, new IvParameterSpec(new byte[16]));
    spi.engineInit(Cipher.ENCRYPT_MODE, key, spec, null);
    byte[] expected = spi.engineDoFinal(new byte[3], 0, 3);
    spi.guard.enter(); // as another thread inside a call would
    try {
      assertThrows(
          IllegalStateException.class, () -> spi.engineInit(Cipher.ENCRYPT_MODE, key, spec, null));
      assertThrows(IllegalStateException.class, () -> spi.engineUpdate(new byte[40], 0, 40));
      assertThrows(IllegalStateException.class, () -> spi.engineDoFinal(new byte[3], 0, 3));
    } finally {
      spi.guard.exit();
    }
    assertArrayEquals(expected, spi.engineDoFinal(new byte[3], 0, 3));
  }

  static byte[] bytes(Random random, int n) {
    byte[] out = new byte[n];
    random.nextBytes(out);
    return out;
  }

  @Test
  void everyNameIsServed() {
    for (String name : names()) {
      for (String type : new String[] {"Cipher", "SecretKeyFactory", "AlgorithmParameters"}) {
        Provider.Service service = Carbide.provider().getService(type, name);
        assertNotNull(service, type + " " + name);
      }
    }
    assertTrue(
        Carbide.provider().getService("AlgorithmParameters", "1.2.840.113549.1.5.13") != null);
  }
}
