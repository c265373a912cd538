package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.carbide.testing.Carbide;
import java.security.Provider;
import java.security.Security;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * DESede/ECB and DESede/CBC: the known answer of NIST SP 800-67 (rev. 2, appendix B), Carbide
 * serving the names, and SunJCE's exception (class and message) for every misuse below.
 */
class DesedeTest {
  private static final HexFormat HEX = HexFormat.of();
  private static final Provider JDK = Security.getProvider("SunJCE");

  // SP 800-67 appendix B: three distinct keys, "The qufck brown fox jump" in ECB mode.
  private static final byte[] KEY =
      HEX.parseHex("0123456789abcdef23456789abcdef01456789abcdef0123");
  private static final byte[] PLAIN =
      HEX.parseHex("5468652071756663" + "6b2062726f776e20" + "666f78206a756d70");
  private static final byte[] CIPHER =
      HEX.parseHex("a826fd8ce53b855f" + "cce21c8112256fe6" + "68d5c05dd9b6b900");

  @Test
  void knownAnswerOfSp80067() throws Exception {
    Cipher cipher = Cipher.getInstance("DESede/ECB/NoPadding", Carbide.provider());
    assertSame(Carbide.provider(), cipher.getProvider());
    cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(KEY, "DESede"));
    assertArrayEquals(CIPHER, cipher.doFinal(PLAIN));
    cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(KEY, "TripleDES"));
    assertArrayEquals(PLAIN, cipher.doFinal(CIPHER));
  }

  @Test
  void carbideServesEachName() throws Exception {
    for (String name :
        new String[] {
          "DESede",
          "TripleDES",
          "DESede/ECB/NoPadding",
          "DESede/ECB/PKCS5Padding",
          "DESede/CBC/NoPadding",
          "DESede/CBC/PKCS5Padding"
        }) {
      assertSame(
          Carbide.provider(), Cipher.getInstance(name, Carbide.provider()).getProvider(), name);
    }
  }

  @Test
  void misuseGetsSunJceExceptions() throws Exception {
    Cipher.getInstance("DESede", Carbide.provider()); // absent in FIPS mode: the test skips
    for (Map.Entry<String, Misuse> misuse : misuses().entrySet()) {
      assertEquals(
          outcome(JDK, misuse.getValue()),
          outcome(Carbide.provider(), misuse.getValue()),
          misuse.getKey());
    }
  }

  private interface Misuse {
    Object run(Provider provider) throws Exception;
  }

  private static String outcome(Provider provider, Misuse misuse) {
    try {
      Object result = misuse.run(provider);
      return "ok " + (result instanceof byte[] bytes ? HEX.formatHex(bytes) : result);
    } catch (ShortBufferException e) {
      return e.getClass().getName(); // Carbide's own wording for every cipher (needed length)
    } catch (Exception e) {
      // SunJCE 21 and later add advice to the padding message; the sentence itself is the same.
      return e.getClass().getName()
          + ": "
          + String.valueOf(e.getMessage()).replaceAll("\\. Such issues.*", "");
    }
  }

  private static Map<String, Misuse> misuses() {
    SecretKeySpec key = new SecretKeySpec(KEY, "DESede");
    IvParameterSpec iv = new IvParameterSpec(new byte[8]);
    Map<String, Misuse> m = new LinkedHashMap<>();
    m.put(
        "16-byte key",
        p -> init(p, "DESede/ECB/NoPadding", 1, new SecretKeySpec(new byte[16], "DESede"), null));
    m.put(
        "32-byte key",
        p -> init(p, "DESede/CBC/NoPadding", 1, new SecretKeySpec(new byte[32], "DESede"), iv));
    m.put("AES key", p -> init(p, "DESede/ECB/NoPadding", 1, new SecretKeySpec(KEY, "AES"), null));
    m.put("null key", p -> init(p, "DESede/ECB/NoPadding", 1, null, null));
    m.put("CBC decrypt without IV", p -> init(p, "DESede/CBC/PKCS5Padding", 2, key, null));
    m.put(
        "16-byte IV",
        p -> init(p, "DESede/CBC/NoPadding", 2, key, new IvParameterSpec(new byte[16])));
    m.put("ECB with IV", p -> init(p, "DESede/ECB/NoPadding", 2, key, iv));
    m.put(
        "unaligned NoPadding",
        p -> init(p, "DESede/CBC/NoPadding", 1, key, iv).doFinal(new byte[7]));
    m.put(
        "unaligned padded decrypt",
        p -> init(p, "DESede/ECB/PKCS5Padding", 2, key, null).doFinal(new byte[9]));
    m.put("bad padding", p -> init(p, "DESede/CBC/PKCS5Padding", 2, key, iv).doFinal(new byte[16]));
    m.put(
        "padded encrypt",
        p -> init(p, "DESede/CBC/PKCS5Padding", 1, key, iv).doFinal(new byte[13]));
    m.put(
        "output sizes",
        p -> {
          Cipher c = init(p, "DESede/CBC/PKCS5Padding", 1, key, iv);
          c.update(new byte[5]);
          return c.getOutputSize(0) + " " + c.getOutputSize(3) + " " + c.getOutputSize(11);
        });
    m.put(
        "decrypt output sizes",
        p -> {
          Cipher c = init(p, "DESede/ECB/PKCS5Padding", 2, key, null);
          c.update(new byte[13]);
          return c.getOutputSize(0) + " " + c.getOutputSize(3) + " " + c.getOutputSize(11);
        });
    m.put(
        "block size and IV",
        p -> {
          Cipher c = init(p, "DESede/CBC/NoPadding", 1, key, iv);
          return c.getBlockSize()
              + " "
              + HEX.formatHex(c.getIV())
              + " "
              + c.getParameters().getAlgorithm();
        });
    m.put(
        "short output",
        p ->
            init(p, "DESede/ECB/PKCS5Padding", 1, key, null)
                .doFinal(new byte[8], 0, 8, new byte[15], 0));
    return m;
  }

  private static Cipher init(
      Provider provider, String transformation, int mode, SecretKeySpec key, IvParameterSpec iv)
      throws Exception {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    cipher.init(mode, key, iv);
    return cipher;
  }
}
