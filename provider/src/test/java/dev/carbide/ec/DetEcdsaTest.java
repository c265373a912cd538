package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.Openssl;
import dev.carbide.testing.TestVectors;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.ECPrivateKeySpec;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Deterministic ECDSA (RFC 6979): the published answers of RFC 6979 A.2.5 (P-256) and A.2.6
 * (P-384), equal signatures for equal inputs, and SunEC accepting them as plain ECDSA.
 */
class DetEcdsaTest {
  private static final String P256_KEY =
      "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721";
  private static final String P384_KEY =
      "6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740"
          + "787137D896D5724E4C70A825F872C9EA60D2EDF5";

  /** One RFC 6979 answer: curve, key, digest, message and the signature (r, s). */
  private record Answer(
      String curve, String key, String hash, String message, String r, String s) {}

  private static final Answer[] ANSWERS = {
    new Answer(
        "secp256r1",
        P256_KEY,
        "SHA224",
        "sample",
        "53B2FFF5D1752B2C689DF257C04C40A587FABABB3F6FC2702F1343AF7CA9AA3F",
        "B9AFB64FDC03DC1A131C7D2386D11E349F070AA432A4ACC918BEA988BF75C74C"),
    new Answer(
        "secp256r1",
        P256_KEY,
        "SHA256",
        "sample",
        "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716",
        "F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"),
    new Answer(
        "secp256r1",
        P256_KEY,
        "SHA256",
        "test",
        "F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367",
        "019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083"),
    new Answer(
        "secp256r1",
        P256_KEY,
        "SHA384",
        "sample",
        "0EAFEA039B20E9B42309FB1D89E213057CBF973DC0CFC8F129EDDDC800EF7719",
        "4861F0491E6998B9455193E34E7B0D284DDD7149A74B95B9261F13ABDE940954"),
    new Answer(
        "secp256r1",
        P256_KEY,
        "SHA512",
        "sample",
        "8496A60B5E9B47C825488827E0495B0E3FA109EC4568FD3F8D1097678EB97F00",
        "2362AB1ADBE2B8ADF9CB9EDAB740EA6049C028114F2460F96554F61FAE3302FE"),
    new Answer(
        "secp384r1",
        P384_KEY,
        "SHA384",
        "sample",
        "94EDBB92A5ECB8AAD4736E56C691916B3F88140666CE9FA73D64C4EA95AD133C"
            + "81A648152E44ACF96E36DD1E80FABE46",
        "99EF4AEB15F178CEA1FE40DB2603138F130E740A19624526203B6351D0A3A94F"
            + "A329C145786E679E7B82C71A38628AC8"),
    new Answer(
        "secp384r1",
        P384_KEY,
        "SHA384",
        "test",
        "8203B63D3C853E8D77227FB377BCF7B7B772E97892A80F36AB775D509D7A5FEB"
            + "0542A7F0812998DA8F1DD3CA3CF023DB",
        "DDD0760448D42D8A43AF45AF836FCE4DE8BE06B485E9B61B827C2F13173923E0"
            + "6A739F040649A667BF3B828246BAA5A5"),
  };

  private static final String[] HASHES = {
    "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512"
  };

  @Test
  void offeredExactlyWhereOpensslHasRfc6979Nonces() {
    boolean expected = Openssl.atLeast(3, 2);
    for (String hash : HASHES) {
      for (String suffix : new String[] {"", "inP1363Format"}) {
        String name = hash + "withDetECDSA" + suffix;
        if (expected) {
          assertNotNull(Carbide.provider().getService("Signature", name), name);
        } else {
          assertNull(Carbide.provider().getService("Signature", name), name);
        }
      }
    }
  }

  @Test
  void rfc6979Answers() throws Exception {
    assumeTrue(Openssl.atLeast(3, 2), "RFC 6979 nonces need OpenSSL 3.2");
    for (Answer answer : ANSWERS) {
      PrivateKey key = privateKey(answer.curve, answer.key);
      byte[] message = answer.message.getBytes(StandardCharsets.US_ASCII);
      Signature signature =
          Signature.getInstance(answer.hash + "withDetECDSAinP1363Format", Carbide.provider());
      signature.initSign(key);
      String expected = (answer.r + answer.s).toLowerCase();
      String what = answer.curve + " " + answer.hash + " " + answer.message;
      signature.update(message);
      assertEquals(expected, TestVectors.hex(signature.sign()), what);
      // A reused signature restarts with the same parameters.
      signature.update(message);
      assertEquals(expected, TestVectors.hex(signature.sign()), what + " again");
    }
  }

  @Test
  void sameKeyAndMessageGiveTheSameSignatureWhichSunEcVerifies() throws Exception {
    assumeTrue(Openssl.atLeast(3, 2), "RFC 6979 nonces need OpenSSL 3.2");
    Random random = new Random(6979);
    for (String curve : EcTesting.CURVES) {
      KeyPair pair = EcTesting.pair(Carbide.provider(), curve);
      for (String hash : HASHES) {
        byte[] message = new byte[random.nextInt(3000)];
        random.nextBytes(message);
        byte[] first = sign(hash, pair.getPrivate(), message, message.length);
        byte[] second = sign(hash, pair.getPrivate(), message, random.nextInt(message.length + 1));
        assertArrayEquals(first, second, curve + " " + hash);
        Signature sunEc = Signature.getInstance(hash + "withECDSA", EcTesting.sunEc());
        sunEc.initVerify(pair.getPublic());
        sunEc.update(message);
        assertTrue(sunEc.verify(first), curve + " " + hash);
        message[0] ^= 1;
        sunEc.update(message);
        assertFalse(sunEc.verify(first), curve + " " + hash + " altered");
      }
    }
  }

  /** Signs {@code message} in two updates split at {@code split} with a fresh signature object. */
  private static byte[] sign(String hash, PrivateKey key, byte[] message, int split)
      throws Exception {
    Signature signature = Signature.getInstance(hash + "withDetECDSA", Carbide.provider());
    signature.initSign(key);
    signature.update(message, 0, split);
    signature.update(message, split, message.length - split);
    return signature.sign();
  }

  private static PrivateKey privateKey(String curve, String hex) throws Exception {
    return KeyFactory.getInstance("EC", Carbide.provider())
        .generatePrivate(new ECPrivateKeySpec(new BigInteger(hex, 16), EcTesting.params(curve)));
  }
}
