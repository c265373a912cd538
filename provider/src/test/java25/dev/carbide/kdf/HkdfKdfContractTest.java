package dev.carbide.kdf;

import static dev.carbide.kdf.SunJceComparison.assertBothThrow;
import static dev.carbide.kdf.SunJceComparison.assertSameOutcome;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.carbide.testing.Carbide;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.Security;
import javax.crypto.KDF;
import javax.crypto.KDFParameters;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The javax.crypto.KDF contract as SunJCE keeps it, on bad and unusual input. */
class HkdfKdfContractTest {
  private static final byte[] IKM = new byte[40];
  private static final byte[] PRK = new byte[64];

  /** A secret key with any format and encoding, as a PKCS#11 or foreign key may be. */
  private record OddKey(String format, byte[] encoded) implements SecretKey {
    @Override
    public String getAlgorithm() {
      return "Generic";
    }

    @Override
    public String getFormat() {
      return format;
    }

    @Override
    public byte[] getEncoded() {
      return encoded == null ? null : encoded.clone();
    }
  }

  private record OtherHkdfSpec() implements HKDFParameterSpec {}

  @Test
  void getInstanceRefusesKdfParameters() {
    KDFParameters parameters = new KDFParameters() {};
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      InvalidAlgorithmParameterException ours =
          assertThrows(
              InvalidAlgorithmParameterException.class,
              () -> KDF.getInstance(algorithm, parameters, Carbide.provider()));
      InvalidAlgorithmParameterException theirs =
          assertThrows(
              InvalidAlgorithmParameterException.class,
              () -> KDF.getInstance(algorithm, parameters, SunJceComparison.sunJce()));
      assertEquals(theirs.getCause() == null, ours.getCause() == null, ours.toString());
    }
  }

  @Test
  void instanceFacts() throws Exception {
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      KDF kdf = SunJceComparison.carbide(algorithm);
      assertEquals(algorithm, kdf.getAlgorithm());
      assertEquals("Carbide", kdf.getProviderName());
      assertNull(kdf.getParameters());
      assertNull(
          KDF.getInstance(algorithm, (KDFParameters) null, Carbide.provider()).getParameters());
    }
  }

  @Test
  void keyAlgorithmNames() throws Exception {
    HKDFParameterSpec spec = HKDFParameterSpec.ofExtract().addIKM(IKM).thenExpand(null, 16);
    for (String name : new String[] {"AES", "Generic", "TlsHandshakeSecret", "HmacSHA512", " "}) {
      SecretKey key =
          (SecretKey) assertSameOutcome("HKDF-SHA256", k -> k.deriveKey(name, spec), name);
      assertEquals(name, key.getAlgorithm());
      assertEquals("RAW", key.getFormat());
    }
    assertInstanceOf(
        NullPointerException.class,
        assertBothThrow("HKDF-SHA256", k -> k.deriveKey(null, spec), "null name"));
    assertInstanceOf(
        NoSuchAlgorithmException.class,
        assertBothThrow("HKDF-SHA256", k -> k.deriveKey("", spec), "empty name"));
  }

  @Test
  void unsupportedSpecs() throws Exception {
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      assertInstanceOf(
          InvalidAlgorithmParameterException.class,
          assertBothThrow(algorithm, k -> k.deriveData(new IvParameterSpec(IKM)), "IvSpec"));
      assertInstanceOf(
          InvalidAlgorithmParameterException.class,
          assertBothThrow(algorithm, k -> k.deriveData(new OtherHkdfSpec()), "own HKDF spec"));
      assertInstanceOf(
          InvalidAlgorithmParameterException.class,
          assertBothThrow(algorithm, k -> k.deriveKey("AES", new OtherHkdfSpec()), "key"));
      assertInstanceOf(
          NullPointerException.class, assertBothThrow(algorithm, k -> k.deriveData(null), "null"));
    }
  }

  @Test
  void outputLengthLimit() throws Exception {
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      int max = 255 * Integer.parseInt(algorithm.substring(8)) / 8;
      SecretKey prk = new SecretKeySpec(PRK, "Generic");
      for (int length : new int[] {max, max + 1, Integer.MAX_VALUE}) {
        assertSameOutcome(
            algorithm,
            k -> k.deriveData(HKDFParameterSpec.expandOnly(prk, null, length)),
            algorithm + " expand " + length);
        assertSameOutcome(
            algorithm,
            k -> k.deriveData(HKDFParameterSpec.ofExtract().addIKM(IKM).thenExpand(null, length)),
            algorithm + " extract then expand " + length);
      }
      assertInstanceOf(
          InvalidAlgorithmParameterException.class,
          assertBothThrow(
              algorithm,
              k -> k.deriveData(HKDFParameterSpec.expandOnly(prk, null, max + 1)),
              "too long"));
    }
  }

  @Test
  void prkRules() throws Exception {
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      int hashLength = Integer.parseInt(algorithm.substring(8)) / 8;
      for (SecretKey prk :
          new SecretKey[] {
            new SecretKeySpec(PRK, 0, hashLength - 1, "Generic"), // too short
            new SecretKeySpec(PRK, 0, hashLength, "Generic"),
            new OddKey("RAW", null), // no encoding
            new OddKey("X.509", PRK), // SunJCE does not check a PRK's format
            new OddKey(null, PRK),
          }) {
        assertSameOutcome(
            algorithm,
            k -> k.deriveData(HKDFParameterSpec.expandOnly(prk, PRK, 20)),
            algorithm + " " + prk);
      }
    }
  }

  @Test
  void ikmAndSaltKeyRules() throws Exception {
    SecretKey[] keys = {
      new OddKey("RAW", IKM),
      new OddKey("raw", IKM), // the format is compared ignoring case
      new OddKey("PKCS#8", IKM),
      new OddKey(null, IKM),
      new OddKey("RAW", null),
      new OddKey("RAW", new byte[0]),
    };
    for (SecretKey key : keys) {
      for (boolean asSalt : new boolean[] {false, true}) {
        HKDFParameterSpec.Builder builder = HKDFParameterSpec.ofExtract().addIKM(IKM).addSalt(IKM);
        if (asSalt) {
          builder.addSalt(key);
        } else {
          builder.addIKM(key);
        }
        String context = key + (asSalt ? " as salt" : " as IKM");
        assertSameOutcome("HKDF-SHA384", k -> k.deriveData(builder.extractOnly()), context);
        assertSameOutcome(
            "HKDF-SHA384", k -> k.deriveData(builder.thenExpand(IKM, 100)), context + ", expand");
      }
    }
  }

  @Test
  void emptyInputs() throws Exception {
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      assertSameOutcome(
          algorithm, k -> k.deriveData(HKDFParameterSpec.ofExtract().extractOnly()), "nothing");
      assertSameOutcome(
          algorithm,
          k ->
              k.deriveData(
                  HKDFParameterSpec.ofExtract()
                      .addIKM(new byte[0])
                      .addSalt(new byte[0])
                      .thenExpand(new byte[0], 1)),
          "empty pieces");
    }
  }

  /**
   * SunJCE accepts an info of any length, and so does Carbide (past OpenSSL's 32 KiB cap), and a
   * KDF at priority 1 stays with Carbide for it.
   */
  @Test
  void longInfoAsSunJce() throws Exception {
    byte[] info = new byte[256 * 1024 + 1];
    java.util.Arrays.fill(info, (byte) 0x3c);
    for (String algorithm : SunJceComparison.ALGORITHMS) {
      assertSameOutcome(
          algorithm,
          k -> k.deriveData(HKDFParameterSpec.ofExtract().addIKM(IKM).thenExpand(info, 80)),
          "extract then expand");
      assertSameOutcome(
          algorithm,
          k ->
              k.deriveData(
                  HKDFParameterSpec.expandOnly(new SecretKeySpec(PRK, "Generic"), info, 80)),
          "expand");
    }
    Security.insertProviderAt(Carbide.provider(), 1);
    try {
      KDF kdf = KDF.getInstance("HKDF-SHA256");
      HKDFParameterSpec spec = HKDFParameterSpec.ofExtract().addIKM(IKM).thenExpand(info, 32);
      assertArrayEquals(
          SunJceComparison.sunJce("HKDF-SHA256").deriveData(spec), kdf.deriveData(spec));
      assertEquals("Carbide", kdf.getProviderName());
    } finally {
      Security.removeProvider(Carbide.provider().getName());
    }
  }
}
