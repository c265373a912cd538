package dev.carbide.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.security.InvalidAlgorithmParameterException;
import java.util.stream.Stream;
import javax.crypto.KDF;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Wycheproof HKDF-SHA256/384/512 case through javax.crypto.KDF: valid ones must give the
 * expected OKM in one step and in two (Extract, then Expand of the PRK); invalid ones (too large a
 * size) must fail as SunJCE fails.
 */
class HkdfKdfWycheproofTest {
  static Stream<Arguments> cases() {
    return Stream.of(
            Arguments.of("HKDF-SHA256", "hkdf_sha256_test.json"),
            Arguments.of("HKDF-SHA384", "hkdf_sha384_test.json"),
            Arguments.of("HKDF-SHA512", "hkdf_sha512_test.json"))
        .flatMap(
            file ->
                TestVectors.wycheproof((String) file.get()[1]).stream()
                    .map(c -> Arguments.of(file.get()[0], c)));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("cases")
  void wycheproof(String algorithm, WycheproofCase c) throws Exception {
    byte[] ikm = c.bytes("ikm");
    byte[] salt = c.bytes("salt");
    byte[] info = c.bytes("info");
    int size = c.test().get("size").asInt();
    HKDFParameterSpec spec =
        HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).thenExpand(info, size);
    switch (c.result()) {
      case "valid" -> {
        KDF kdf = SunJceComparison.carbide(algorithm);
        byte[] okm = c.bytes("okm");
        assertArrayEquals(okm, kdf.deriveData(spec), c.toString());
        SecretKey prk =
            kdf.deriveKey(
                "Generic", HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).extractOnly());
        assertArrayEquals(
            okm, kdf.deriveData(HKDFParameterSpec.expandOnly(prk, info, size)), c.toString());
      }
      case "invalid" -> {
        Throwable thrown =
            SunJceComparison.assertBothThrow(algorithm, kdf -> kdf.deriveData(spec), c.toString());
        assertInstanceOf(InvalidAlgorithmParameterException.class, thrown);
        SunJceComparison.assertBothThrow(
            algorithm,
            kdf -> kdf.deriveData(HKDFParameterSpec.expandOnly(prkOf(kdf, ikm, salt), info, size)),
            c + " (expand only)");
      }
      default -> assertEquals("valid or invalid", c.result(), c.toString());
    }
  }

  private static SecretKey prkOf(KDF kdf, byte[] ikm, byte[] salt) throws Exception {
    return kdf.deriveKey(
        "Generic", HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).extractOnly());
  }
}
