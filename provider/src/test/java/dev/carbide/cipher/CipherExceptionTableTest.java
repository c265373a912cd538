package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.Key;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * A table of misuse, run on SunJCE and on Carbide: each case must end the same way on both, with
 * the same exception class or with none. The few differences Carbide keeps on purpose are listed in
 * {@link #KEPT} with the reason, and docs/ciphers.md says the same for users.
 */
class CipherExceptionTableTest {
  private static final Provider JDK = Security.getProvider("SunJCE");
  private static final Random RANDOM = new Random(13);

  /**
   * Cases (as regular expressions over their names) where Carbide differs from SunJCE on purpose,
   * with the reason; docs/ciphers.md lists them for users.
   */
  private static final Map<String, String> KEPT =
      Map.of(
          "(ChaCha20.*|AES/KWP?/NoPadding) (en|de)crypt null key",
          "InvalidKeyException, as the JCA says and SunJCE's AES/GCM and CBC do; not an NPE",
          "AES/GCM/NoPadding (en|de)crypt update into ([0-9]+ bytes at [0-9]+|null)",
          "ShortBufferException if the update writes anything, as SunJCE's other modes; SunJCE's"
              + " GCM update throws ArrayIndexOutOfBoundsException or NullPointerException",
          "ChaCha20 (en|de)crypt doFinal into null",
          "NullPointerException, as SunJCE's other ciphers; SunJCE's ChaCha20 says short buffer",
          "AES/KWP?/NoPadding encrypt doFinal (into 56 bytes at 1|overlapping by -?[0-9]+)",
          "Carbide wraps into any output that fits; SunJCE's key wrap throws"
              + " ArrayIndexOutOfBoundsException at an output offset or overlapping the input",
          "AES/GCM/NoPadding (en|de)crypt getOutputSize near MAX_VALUE after an update",
          "ArithmeticException, as SunJCE's other ciphers; SunJCE's GCM returns an overflowed"
              + " size");

  private static String kept(String name) {
    return KEPT.keySet().stream().filter(name::matches).findFirst().orElse(null);
  }

  private static final String[] TRANSFORMATIONS = {
    "AES/GCM/NoPadding",
    "AES/CBC/PKCS5Padding",
    "AES/CBC/NoPadding",
    "AES/ECB/PKCS5Padding",
    "AES/CTR/NoPadding",
    "AES/OFB/NoPadding",
    "AES/CFB/NoPadding",
    "AES/CFB8/NoPadding",
    "ChaCha20-Poly1305",
    "ChaCha20",
    "AES/KW/NoPadding",
    "AES/KWP/NoPadding"
  };

  @FunctionalInterface
  interface Call {
    void run(Cipher cipher) throws Exception;
  }

  @FunctionalInterface
  interface ProviderCall {
    void run(Provider provider) throws Exception;
  }

  private final Map<String, ProviderCall> cases = new LinkedHashMap<>();

  @Test
  void everyMisuseEndsAsOnSunJce() throws Exception {
    // The reference is the current JDK's SunJCE: JDK 17's differs from it in places (ChaCha20
    // after a failed doFinal, the KWP IV), and Carbide follows the newer one.
    assumeTrue(Runtime.version().feature() >= 21, "SunJCE before JDK 21 differs");
    for (String t : TRANSFORMATIONS) {
      cipherCases(t);
    }
    factoryAndGeneratorCases();
    List<String> differences = new ArrayList<>();
    Set<String> keptInUse = new HashSet<>();
    for (Map.Entry<String, ProviderCall> c : cases.entrySet()) {
      String expected = outcome(c.getValue(), JDK);
      String actual = outcome(c.getValue(), Carbide.provider());
      if (!expected.equals(actual)) {
        String kept = kept(c.getKey());
        if (kept != null) {
          keptInUse.add(kept);
        } else {
          differences.add(c.getKey() + ": SunJCE " + expected + ", Carbide " + actual);
        }
      }
    }
    for (String kept : KEPT.keySet()) {
      if (!keptInUse.contains(kept)) {
        differences.add("listed as kept, but no longer differs: " + kept);
      }
    }
    assertTrue(
        differences.isEmpty(),
        differences.size() + " of " + cases.size() + " differ:\n" + String.join("\n", differences));
  }

  private static void run(Cipher c, String form, ByteBuffer in, ByteBuffer out) throws Exception {
    if (form.equals("update")) {
      c.update(in, out);
    } else {
      c.doFinal(in, out);
    }
  }

  private static String outcome(ProviderCall call, Provider provider) {
    try {
      call.run(provider);
      return "no exception";
    } catch (Throwable e) {
      return e.getClass().getName();
    }
  }

  private void cipherCase(String t, String name, Call call) {
    cases.put(t + " " + name, provider -> call.run(Cipher.getInstance(t, provider)));
  }

  private void cipherCases(String t) throws Exception {
    Key key = key(t, -1);
    AlgorithmParameterSpec spec = spec(t);
    byte[] input = bytes(t.contains("KW") ? 24 : 32);
    for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
      String m = mode == Cipher.ENCRYPT_MODE ? "encrypt" : "decrypt";
      byte[] in = mode == Cipher.ENCRYPT_MODE ? input : ciphertext(t, key, spec, input);
      Call init = c -> c.init(mode, key, spec);
      cipherCase(t, m + " update before init", c -> c.update(in));
      cipherCase(t, m + " doFinal before init", c -> c.doFinal(in));
      cipherCase(t, m + " getOutputSize before init", c -> c.getOutputSize(10));
      cipherCase(t, m + " updateAAD before init", c -> c.updateAAD(new byte[3]));
      for (int size : new int[] {0, 8, 17, 31, 33}) {
        cipherCase(t, m + " key of " + size + " bytes", c -> c.init(mode, key(t, size), spec));
      }
      cipherCase(t, m + " null key", c -> c.init(mode, (Key) null, spec));
      cipherCase(
          t,
          m + " public key",
          c ->
              c.init(mode, KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic(), spec));
      for (AlgorithmParameterSpec wrong : wrongSpecs(t)) {
        cipherCase(
            t, m + " spec " + wrong.getClass().getSimpleName(), c -> c.init(mode, key, wrong));
      }
      cipherCase(
          t,
          m + " DES AlgorithmParameters",
          c -> {
            AlgorithmParameters p = AlgorithmParameters.getInstance("DES");
            p.init(new IvParameterSpec(new byte[8]));
            c.init(mode, key, p);
          });
      cipherCase(t, m + " unknown opmode", c -> c.init(77, key, spec));
      cipherCase(
          t,
          m + " getOutputSize negative",
          c -> {
            init.run(c);
            c.getOutputSize(-1);
          });
      cipherCase(
          t,
          m + " getOutputSize near MAX_VALUE after an update",
          c -> {
            init.run(c);
            c.update(in, 0, 8);
            c.getOutputSize(Integer.MAX_VALUE - 10);
          });
      cipherCase(
          t,
          m + " updateAAD after init",
          c -> {
            init.run(c);
            c.updateAAD(new byte[3]);
          });
      // Output arrays: null, too short, offsets past the end and near Integer.MAX_VALUE.
      for (String form : new String[] {"update", "doFinal"}) {
        for (int offset : new int[] {0, 1, 100, Integer.MAX_VALUE - 1, Integer.MAX_VALUE, -1}) {
          for (int size : new int[] {0, 4, in.length + 32}) {
            cipherCase(
                t,
                m + " " + form + " into " + size + " bytes at " + offset,
                c -> {
                  init.run(c);
                  byte[] out = new byte[size];
                  if (form.equals("update")) {
                    c.update(in, 0, in.length, out, offset);
                  } else {
                    c.doFinal(in, 0, in.length, out, offset);
                  }
                });
          }
        }
        cipherCase(
            t,
            m + " " + form + " into null",
            c -> {
              init.run(c);
              if (form.equals("update")) {
                c.update(in, 0, in.length, null, 0);
              } else {
                c.doFinal(in, 0, in.length, null, 0);
              }
            });
        cipherCase(
            t,
            m + " " + form + " input range past the end",
            c -> {
              init.run(c);
              c.update(in, 4, in.length, new byte[100]);
            });
        cipherCase(
            t,
            m + " " + form + " input offset near MAX_VALUE",
            c -> {
              init.run(c);
              c.update(in, Integer.MAX_VALUE - 1, 4);
            });
        cipherCase(
            t,
            m + " " + form + " into a read-only buffer",
            c -> {
              init.run(c);
              run(
                  c,
                  form,
                  ByteBuffer.wrap(in),
                  ByteBuffer.allocate(in.length + 32).asReadOnlyBuffer());
            });
        cipherCase(
            t,
            m + " " + form + " into a short direct buffer",
            c -> {
              init.run(c);
              run(c, form, ByteBuffer.wrap(in), ByteBuffer.allocateDirect(2));
            });
        cipherCase(
            t,
            m + " " + form + " into the same buffer",
            c -> {
              init.run(c);
              ByteBuffer both = ByteBuffer.wrap(in.clone());
              run(c, form, both, both);
            });
        // Overlapping input and output in one array, output ahead of and behind the input.
        for (int shift : new int[] {-3, 5}) {
          cipherCase(
              t,
              m + " " + form + " overlapping by " + shift,
              c -> {
                init.run(c);
                byte[] buffer = new byte[in.length + 64];
                System.arraycopy(in, 0, buffer, 8, in.length);
                if (form.equals("update")) {
                  c.update(buffer, 8, in.length, buffer, 8 + shift);
                } else {
                  c.doFinal(buffer, 8, in.length, buffer, 8 + shift);
                }
              });
        }
      }
      cipherCase(
          t,
          m + " doFinal after a failed doFinal",
          c -> {
            init.run(c);
            try {
              c.doFinal(corrupt(in));
            } catch (java.security.GeneralSecurityException expected) {
              // either provider may reject the corrupt input; the second call is the case
            }
            c.doFinal(in);
          });
      cipherCase(
          t,
          m + " wrap in " + m + " mode",
          c -> {
            init.run(c);
            c.wrap(new SecretKeySpec(new byte[16], "AES"));
          });
      cipherCase(
          t,
          m + " unwrap in " + m + " mode",
          c -> {
            init.run(c);
            c.unwrap(in, "AES", Cipher.SECRET_KEY);
          });
    }
    String[][] unwraps = {{"AES", "9"}, {"NoSuchAlgorithm", "" + Cipher.PRIVATE_KEY}};
    for (String[] unwrap : unwraps) {
      cipherCase(
          t,
          "unwrap to " + unwrap[0] + " of key type " + unwrap[1],
          c -> {
            c.init(Cipher.WRAP_MODE, key, spec);
            byte[] wrapped = c.wrap(new SecretKeySpec(new byte[16], "AES"));
            c.init(Cipher.UNWRAP_MODE, key, spec);
            c.unwrap(wrapped, unwrap[0], Integer.parseInt(unwrap[1]));
          });
    }
  }

  private void factoryAndGeneratorCases() {
    for (String algorithm : new String[] {"AES", "ChaCha20"}) {
      for (int bits : new int[] {-1, 0, 64, 127, 128, 192, 256, 512}) {
        cases.put(
            "KeyGenerator " + algorithm + " init(" + bits + ")",
            p -> KeyGenerator.getInstance(algorithm, p).init(bits));
      }
      cases.put(
          "KeyGenerator " + algorithm + " init(spec)",
          p -> KeyGenerator.getInstance(algorithm, p).init(new IvParameterSpec(new byte[16])));
      cases.put(
          "KeyGenerator " + algorithm + " init(null spec)",
          p -> KeyGenerator.getInstance(algorithm, p).init((AlgorithmParameterSpec) null));
    }
    String pbkdf2 = "PBKDF2WithHmacSHA256";
    char[] password = "password".toCharArray();
    byte[] salt = bytes(16);
    Object[][] specs = {
      {"no salt", new PBEKeySpec(password)},
      {"key length 7", new PBEKeySpec(password, salt, 10, 7)},
      {"key length 9", new PBEKeySpec(password, salt, 10, 9)},
      {"empty password", new PBEKeySpec(new char[0], salt, 10, 128)},
      {"SecretKeySpec", new SecretKeySpec(salt, "AES")},
    };
    for (Object[] s : specs) {
      cases.put(
          "SecretKeyFactory " + pbkdf2 + " " + s[0],
          p ->
              SecretKeyFactory.getInstance(pbkdf2, p)
                  .generateSecret((java.security.spec.KeySpec) s[1]));
    }
    cases.put(
        "SecretKeyFactory " + pbkdf2 + " null spec",
        p -> SecretKeyFactory.getInstance(pbkdf2, p).generateSecret(null));
    cases.put(
        "SecretKeyFactory " + pbkdf2 + " translate null",
        p -> SecretKeyFactory.getInstance(pbkdf2, p).translateKey(null));
    cases.put(
        "SecretKeyFactory " + pbkdf2 + " translate an AES key",
        p ->
            SecretKeyFactory.getInstance(pbkdf2, p)
                .translateKey(new SecretKeySpec(bytes(16), "AES")));
    cases.put(
        "SecretKeyFactory " + pbkdf2 + " getKeySpec as SecretKeySpec",
        p -> {
          SecretKeyFactory f = SecretKeyFactory.getInstance(pbkdf2, p);
          f.getKeySpec(
              f.generateSecret(new PBEKeySpec(password, salt, 10, 128)), SecretKeySpec.class);
        });
    cases.put(
        "SecretKeyFactory " + pbkdf2 + " getKeySpec null class",
        p -> {
          SecretKeyFactory f = SecretKeyFactory.getInstance(pbkdf2, p);
          f.getKeySpec(f.generateSecret(new PBEKeySpec(password, salt, 10, 128)), null);
        });
    for (String algorithm : new String[] {"GCM", "ChaCha20-Poly1305"}) {
      cases.put(
          "AlgorithmParameters " + algorithm + " init(wrong spec)",
          p ->
              AlgorithmParameters.getInstance(algorithm, p)
                  .init(new PBEParameterSpec(bytes(8), 10)));
      Random garbage = new Random(3);
      for (int i = 0; i < 20; i++) {
        byte[] encoded = new byte[1 + garbage.nextInt(8)];
        garbage.nextBytes(encoded);
        encoded[0] = i % 2 == 0 ? 0x30 : encoded[0]; // half of them start as a SEQUENCE
        cases.put(
            "AlgorithmParameters " + algorithm + " init(" + HexFormat.of().formatHex(encoded) + ")",
            p -> AlgorithmParameters.getInstance(algorithm, p).init(encoded));
      }
      cases.put(
          "AlgorithmParameters " + algorithm + " getParameterSpec before init",
          p ->
              AlgorithmParameters.getInstance(algorithm, p)
                  .getParameterSpec(IvParameterSpec.class));
      cases.put(
          "AlgorithmParameters " + algorithm + " getEncoded before init",
          p -> AlgorithmParameters.getInstance(algorithm, p).getEncoded());
    }
  }

  private static List<AlgorithmParameterSpec> wrongSpecs(String t) {
    List<AlgorithmParameterSpec> specs = new ArrayList<>();
    specs.add(new PBEParameterSpec(bytes(8), 10));
    specs.add(new IvParameterSpec(new byte[7]));
    specs.add(new GCMParameterSpec(128, new byte[12]));
    specs.add(new ChaCha20ParameterSpec(new byte[12], 1));
    return specs;
  }

  private static Key key(String t, int size) {
    byte[] bytes = new byte[size >= 0 ? size : t.startsWith("ChaCha20") ? 32 : 16];
    new Random(size).nextBytes(bytes);
    return new SecretKeySpec(bytes, t.startsWith("ChaCha20") ? "ChaCha20" : "AES");
  }

  private static AlgorithmParameterSpec spec(String t) {
    if (t.contains("GCM")) {
      return new GCMParameterSpec(128, bytes(12));
    }
    if (t.equals("ChaCha20-Poly1305")) {
      return new IvParameterSpec(bytes(12));
    }
    if (t.equals("ChaCha20")) {
      return new ChaCha20ParameterSpec(bytes(12), 1);
    }
    if (t.contains("KW") || t.contains("ECB")) {
      return null;
    }
    return new IvParameterSpec(bytes(16));
  }

  private static byte[] ciphertext(String t, Key key, AlgorithmParameterSpec spec, byte[] input)
      throws Exception {
    Cipher c = Cipher.getInstance(t, JDK);
    c.init(Cipher.ENCRYPT_MODE, key, spec);
    return c.doFinal(input);
  }

  private static byte[] corrupt(byte[] in) {
    byte[] bad = in.clone();
    bad[bad.length - 1] ^= 1;
    return java.util.Arrays.copyOf(bad, bad.length - 1);
  }

  private static byte[] bytes(int len) {
    byte[] bytes = new byte[len];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
