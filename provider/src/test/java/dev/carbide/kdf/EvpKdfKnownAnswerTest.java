package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.Argon2KeySpec;
import dev.carbide.KbkdfKeySpec;
import dev.carbide.KeyAgreementKdfSpec;
import dev.carbide.ScryptKeySpec;
import dev.carbide.testing.Carbide;
import java.security.NoSuchAlgorithmException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Known answers for the EVP_KDF SecretKeyFactories, from the documents that define them: RFC 7914
 * section 12 (scrypt), RFC 9106 section 5 (Argon2d, Argon2i, Argon2id), and NIST's CAVP example
 * vectors for SP 800-108 KBKDF (KDFCTR_gen.rsp, first HMAC-SHA256 case) and ANSI X9.63
 * (ansx963_2001.rsp, first SHA-256 case). Bouncy Castle gives the same bytes (KdfCrossCheckTest).
 * Argon2 needs OpenSSL 3.2, so it is skipped where the loaded OpenSSL lacks it.
 */
class EvpKdfKnownAnswerTest {
  private static final HexFormat HEX = HexFormat.of();

  static byte[] derive(String algorithm, KeySpec spec) throws Exception {
    return SecretKeyFactory.getInstance(algorithm, Carbide.provider())
        .generateSecret(spec)
        .getEncoded();
  }

  static boolean served(String algorithm) {
    try {
      SecretKeyFactory.getInstance(algorithm, Carbide.provider());
      return true;
    } catch (NoSuchAlgorithmException e) {
      return false;
    }
  }

  @ParameterizedTest
  @CsvSource({
    "'', '', 16, 1, 1,"
        + " 77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906",
    "password, NaCl, 1024, 8, 16,"
        + " fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640",
    "pleaseletmein, SodiumChloride, 16384, 8, 1,"
        + " 7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887",
  })
  void scryptRfc7914(String password, String salt, int n, int r, int p, String expected)
      throws Exception {
    byte[] key =
        derive(
            "SCRYPT", new ScryptKeySpec(password.toCharArray(), salt.getBytes(), n, r, p, 64 * 8));
    assertArrayEquals(HEX.parseHex(expected), key);
  }

  /** RFC 9106's common inputs: m = 32 KiB, t = 3, p = 4, a 32-byte tag. */
  static Argon2KeySpec rfc9106Spec() {
    char[] password = new char[32];
    Arrays.fill(password, '\u0001');
    return new Argon2KeySpec(password, fill(16, 2), 3, 32, 4, fill(8, 3), fill(12, 4), 32 * 8);
  }

  static byte[] fill(int length, int value) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, (byte) value);
    return bytes;
  }

  @ParameterizedTest
  @CsvSource({
    "Argon2d, 512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb",
    "Argon2i, c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8",
    "Argon2id, 0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659",
  })
  void argon2Rfc9106(String algorithm, String expected) throws Exception {
    assumeTrue(served(algorithm), algorithm + " needs OpenSSL 3.2");
    assertArrayEquals(HEX.parseHex(expected), derive(algorithm, rfc9106Spec()));
  }

  @Test
  void kbkdfCounterHmacSha256Cavp() throws Exception {
    byte[] ki = HEX.parseHex("dd1d91b7d90b2bd3138533ce92b272fbf8a369316aefe242e659cc0ae238afe0");
    byte[] fixedInput =
        HEX.parseHex(
            "01322b96b30acd197979444e468e1c5c6859bf1b1cf951b7e725303e237e46b8"
                + "64a145fab25e517b08f8683d0315bb2911d80a0e8aba17f3b413faac");
    assertArrayEquals(
        HEX.parseHex("10621342bfb0fd40046c0e29f2cfdbf0"),
        derive("KBKDF-COUNTER-HMACSHA256", KbkdfKeySpec.withFixedInput(ki, fixedInput, null, 128)));
  }

  @Test
  void x963Sha256Cavp() throws Exception {
    byte[] z = HEX.parseHex("96c05619d56c328ab95fe84b18264b08725b85e33fd34f08");
    assertArrayEquals(
        HEX.parseHex("443024c3dae66b95e6f5670601558f71"),
        derive("X963KDF-SHA256", new KeyAgreementKdfSpec(z, null, 128)));
  }
}
