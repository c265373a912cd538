package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.Key;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The PBES2 contract beside SunJCE's: the same exception, with the same message, for each misuse of
 * the Cipher and the SecretKeyFactory, and the same AlgorithmParameters encodings, both ways.
 */
class Pbes2ContractTest {
  private static final String NAME = "PBEWithHmacSHA256AndAES_128";
  private static final Provider JDK = Pbes2Test.JDK;
  private static final SecretKey PASSWORD = new SecretKeySpec(new byte[] {'p', 'w'}, "PBE");
  private static final IvParameterSpec IV = new IvParameterSpec(new byte[16]);

  /** One misuse: what it does to a fresh Cipher of a provider. */
  private record Misuse(String what, CipherCall call) {}

  @FunctionalInterface
  private interface CipherCall {
    void run(Cipher cipher) throws Exception;
  }

  private static void init(Cipher c, int mode, Key key, AlgorithmParameterSpec spec)
      throws Exception {
    c.init(mode, key, spec);
  }

  private static final List<Misuse> MISUSES =
      List.of(
          new Misuse(
              "a key that is no PBE key",
              c -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"))),
          new Misuse(
              "a salt of 7 bytes",
              c ->
                  init(
                      c, Cipher.ENCRYPT_MODE, PASSWORD, new PBEParameterSpec(new byte[7], 10, IV))),
          new Misuse(
              "a negative iteration count",
              c ->
                  init(
                      c, Cipher.ENCRYPT_MODE, PASSWORD, new PBEParameterSpec(new byte[8], -1, IV))),
          new Misuse("an IV spec alone", c -> init(c, Cipher.ENCRYPT_MODE, PASSWORD, IV)),
          new Misuse("a decryption without parameters", c -> c.init(Cipher.DECRYPT_MODE, PASSWORD)),
          new Misuse(
              "a decryption without an IV",
              c -> init(c, Cipher.DECRYPT_MODE, PASSWORD, new PBEParameterSpec(new byte[8], 10))),
          new Misuse(
              "an IV of 12 bytes",
              c ->
                  init(
                      c,
                      Cipher.ENCRYPT_MODE,
                      PASSWORD,
                      new PBEParameterSpec(new byte[8], 10, new IvParameterSpec(new byte[12])))),
          new Misuse(
              "another parameter type inside",
              c ->
                  init(
                      c,
                      Cipher.ENCRYPT_MODE,
                      PASSWORD,
                      new PBEParameterSpec(
                          new byte[8],
                          10,
                          new javax.crypto.spec.GCMParameterSpec(128, new byte[12])))),
          new Misuse(
              "GCM parameters",
              c -> {
                AlgorithmParameters gcm = AlgorithmParameters.getInstance("GCM", "SunJCE");
                gcm.init(new javax.crypto.spec.GCMParameterSpec(128, new byte[12]));
                c.init(Cipher.ENCRYPT_MODE, PASSWORD, gcm);
              }),
          new Misuse(
              "a ciphertext of 17 bytes",
              c -> {
                init(c, Cipher.DECRYPT_MODE, PASSWORD, new PBEParameterSpec(new byte[8], 10, IV));
                c.doFinal(new byte[17]);
              }),
          new Misuse(
              "a wrong password's padding",
              c -> {
                init(c, Cipher.DECRYPT_MODE, PASSWORD, new PBEParameterSpec(new byte[8], 10, IV));
                c.doFinal(HexFormat.of().parseHex("0b9d5ab0f1b2a7b0d31f7d2ad9b4b9a1"));
              }),
          new Misuse("an update before init", c -> c.update(new byte[16])));

  @Test
  void misusesFailAsInSunJce() throws Exception {
    assumeTrue(Runtime.version().feature() >= 21, "SunJCE's PBES2 before JDK 21 differs");
    for (Misuse misuse : MISUSES) {
      Exception jdk = failure(misuse, JDK);
      Exception carbide = failure(misuse, Carbide.provider());
      if (jdk instanceof BadPaddingException) {
        // The padding check's wording differs between providers; its type does not.
        assertEquals(jdk.getClass(), carbide.getClass(), misuse.what);
        continue;
      }
      assertEquals(
          jdk.getClass() + ": " + jdk.getMessage(),
          carbide.getClass() + ": " + carbide.getMessage(),
          misuse.what);
    }
  }

  private static Exception failure(Misuse misuse, Provider provider) throws Exception {
    Cipher cipher = Cipher.getInstance(NAME, provider);
    return assertThrows(Exception.class, () -> misuse.call.run(cipher), misuse.what);
  }

  @Test
  void keyFactoryMatchesSunJce() throws Exception {
    SecretKeyFactory carbide = SecretKeyFactory.getInstance(NAME, Carbide.provider());
    SecretKeyFactory jdk = SecretKeyFactory.getInstance(NAME, JDK);
    PBEKeySpec spec = new PBEKeySpec("secret".toCharArray());
    SecretKey ours = carbide.generateSecret(spec);
    SecretKey theirs = jdk.generateSecret(spec);
    assertEquals(theirs, ours);
    assertEquals(ours, theirs);
    if (Runtime.version().feature() >= 21) {
      assertEquals(theirs.hashCode(), ours.hashCode()); // JDK 17's PBEKey hashes otherwise
    }
    assertEquals(NAME, ours.getAlgorithm());
    assertEquals("RAW", ours.getFormat());
    PBEKeySpec back = (PBEKeySpec) carbide.getKeySpec(theirs, PBEKeySpec.class);
    assertArrayEquals("secret".toCharArray(), back.getPassword());
    assertEquals(ours, carbide.translateKey(theirs));
    SecretKey pbe =
        SecretKeyFactory.getInstance("PBE", JDK).generateSecret(new PBEKeySpec("x".toCharArray()));
    assertArrayEquals(new byte[] {'x'}, carbide.translateKey(pbe).getEncoded());
    // Each misuse as SunJCE reports it.
    for (Object[] misuse :
        new Object[][] {
          {new SecretKeySpec(new byte[16], "AES"), PBEKeySpec.class},
          {theirs, javax.crypto.spec.SecretKeySpec.class},
        }) {
      Exception a =
          assertThrows(
              Exception.class, () -> jdk.getKeySpec((SecretKey) misuse[0], (Class<?>) misuse[1]));
      Exception b =
          assertThrows(
              Exception.class,
              () -> carbide.getKeySpec((SecretKey) misuse[0], (Class<?>) misuse[1]));
      assertEquals(a.getClass() + a.getMessage(), b.getClass() + b.getMessage());
    }
    Exception a =
        assertThrows(
            Exception.class, () -> jdk.generateSecret(new SecretKeySpec(new byte[1], "PBE")));
    Exception b =
        assertThrows(
            Exception.class, () -> carbide.generateSecret(new SecretKeySpec(new byte[1], "PBE")));
    assertEquals(a.getClass() + a.getMessage(), b.getClass() + b.getMessage());
    byte[] held = (byte[]) Pbkdf2Test.field(ours, "key");
    ours.destroy();
    assertArrayEquals(new byte[6], held);
    assertThrows(IllegalStateException.class, ours::getEncoded);
  }

  @Test
  void parametersEncodeAndDecodeAsSunJceDoes() throws Exception {
    Random random = new Random(7);
    for (String name : Pbes2Test.names()) {
      for (int i = 0; i < 4; i++) {
        PBEParameterSpec spec =
            new PBEParameterSpec(
                Pbes2Test.bytes(random, 1 + random.nextInt(200)),
                random.nextInt(1 << (1 + random.nextInt(30))),
                new IvParameterSpec(Pbes2Test.bytes(random, 16)));
        AlgorithmParameters carbide = AlgorithmParameters.getInstance(name, Carbide.provider());
        AlgorithmParameters jdk = AlgorithmParameters.getInstance(name, JDK);
        carbide.init(spec);
        jdk.init(spec);
        assertArrayEquals(jdk.getEncoded(), carbide.getEncoded(), name);
        assertEquals(jdk.toString(), carbide.toString());
        // Each decodes the other's encoding to the same spec and name.
        for (Provider[] pair :
            new Provider[][] {{Carbide.provider(), JDK}, {JDK, Carbide.provider()}}) {
          AlgorithmParameters decoded = AlgorithmParameters.getInstance("PBES2", pair[0]);
          decoded.init(encodingOf(name, spec, pair[1]));
          assertEquals(name, decoded.toString());
          PBEParameterSpec back = decoded.getParameterSpec(PBEParameterSpec.class);
          assertArrayEquals(spec.getSalt(), back.getSalt());
          assertEquals(spec.getIterationCount(), back.getIterationCount());
        }
      }
    }
  }

  private static byte[] encodingOf(String name, PBEParameterSpec spec, Provider provider)
      throws Exception {
    AlgorithmParameters parameters = AlgorithmParameters.getInstance(name, provider);
    parameters.init(spec);
    return parameters.getEncoded();
  }

  @Test
  void parametersRefuseWhatSunJceRefuses() throws Exception {
    String good =
        "304d302c06092a864886f70d01050c301f04080001020304050607020203e8020120300c06082a864886f7"
            + "0d02090500301d060960864801650304012a0410000102030405060708090a0b0c0d0e0f";
    List<String> bad =
        List.of(
            good.replace("0304012a0410", "030401160410"), // AES-192
            good.replace("06082a864886f70d0209", "06082a864886f70d0205"), // HMAC-MD5's arc
            good.replace("2a864886f70d01050c", "2a864886f70d01050d"), // not PBKDF2
            good.substring(0, good.length() - 2), // truncated
            "3000");
    for (String hex : bad) {
      byte[] encoding = HexFormat.of().parseHex(hex);
      AlgorithmParameters carbide = AlgorithmParameters.getInstance("PBES2", Carbide.provider());
      AlgorithmParameters jdk = AlgorithmParameters.getInstance("PBES2", JDK);
      assertThrows(IOException.class, () -> jdk.init(encoding), hex);
      assertThrows(IOException.class, () -> carbide.init(encoding), hex);
    }
    // The encoding JDKs before JDK-8202837 wrote: the PBES2 identifier ahead of the parameters.
    String legacy = "305a06092a864886f70d01050d304d" + good.substring(4);
    AlgorithmParameters carbide = AlgorithmParameters.getInstance("PBES2", Carbide.provider());
    carbide.init(HexFormat.of().parseHex(legacy));
    assertEquals("PBEWithHmacSHA256AndAES_256", carbide.toString());
    assertEquals(good, HexFormat.of().formatHex(carbide.getEncoded()));
    // Without an IV there is nothing to encode; a spec of another kind is refused.
    AlgorithmParameters noIv = AlgorithmParameters.getInstance(NAME, Carbide.provider());
    noIv.init(new PBEParameterSpec(new byte[8], 1));
    assertThrows(IOException.class, noIv::getEncoded);
    assertThrows(
        InvalidParameterSpecException.class,
        () -> AlgorithmParameters.getInstance(NAME, Carbide.provider()).init(IV));
    assertThrows(
        InvalidParameterSpecException.class, () -> noIv.getParameterSpec(IvParameterSpec.class));
  }
}
