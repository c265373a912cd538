package dev.carbide.ec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.FipsSkips;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Wycheproof ECDH: the X.509 files through KeyFactory's X509EncodedKeySpec, the _ecpoint files
 * through ECPublicKeySpec as JSSE builds peer keys. A valid case must give the shared secret, an
 * invalid one must throw, and an acceptable one may do either but never give a wrong secret.
 * Compressed points cannot be written as an ECPublicKeySpec, so those _ecpoint cases must fail.
 */
class EcdhWycheproofTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "ecdh_secp256r1_test.json",
        "ecdh_secp384r1_test.json",
        "ecdh_secp521r1_test.json",
        "ecdh_secp256r1_ecpoint_test.json",
        "ecdh_secp384r1_ecpoint_test.json",
        "ecdh_secp521r1_ecpoint_test.json",
        "ecdh_secp224r1_test.json",
        "ecdh_secp224r1_ecpoint_test.json",
        "ecdh_secp256k1_test.json",
        "ecdh_brainpoolP256r1_test.json",
        "ecdh_brainpoolP384r1_test.json",
        "ecdh_brainpoolP512r1_test.json"
      })
  void everyCase(String file) throws Exception {
    // FIPS mode leaves out the curves its module lacks (EcCurve.served).
    Assumptions.assumeFalse(
        FipsSkips.FIPS_PASS && (file.contains("secp256k1") || file.contains("brainpool")),
        "not in the FIPS module: " + file);
    KeyFactory factory = KeyFactory.getInstance("EC", Carbide.provider());
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", Carbide.provider());
    boolean ecpoint = file.contains("ecpoint");
    List<String> failures = new ArrayList<>();
    int agreed = 0;
    int rejected = 0;
    for (WycheproofCase test : TestVectors.wycheproof(file)) {
      ECParameterSpec params = EcTesting.params(test.group().get("curve").asText());
      byte[] secret;
      try {
        PublicKey peer =
            ecpoint
                ? pointKey(factory, test.bytes("public"), params)
                : factory.generatePublic(new X509EncodedKeySpec(test.bytes("public")));
        PrivateKey own =
            factory.generatePrivate(
                new ECPrivateKeySpec(
                    new BigInteger(test.test().get("private").asText(), 16), params));
        agreement.init(own);
        agreement.doPhase(peer, true);
        secret = agreement.generateSecret();
        agreed++;
      } catch (GeneralSecurityException e) {
        rejected++;
        if (test.result().equals("valid")) {
          failures.add(test + ": " + e);
        }
        continue;
      }
      if (test.result().equals("invalid")) {
        failures.add(test + ": accepted");
      } else if (!TestVectors.hex(secret).equals(test.test().get("shared").asText())) {
        failures.add(test + ": wrong secret");
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(agreed > 300 && rejected > 0, agreed + " agreed, " + rejected + " rejected");
  }

  private static PublicKey pointKey(KeyFactory factory, byte[] encoded, ECParameterSpec params)
      throws GeneralSecurityException {
    ECPoint point = EcTesting.uncompressed(encoded);
    if (point == null) {
      throw new GeneralSecurityException("not an uncompressed point");
    }
    return factory.generatePublic(new ECPublicKeySpec(point, params));
  }

  @org.junit.jupiter.api.Test
  void theKnownAnswerOfTheFirstCase() throws Exception {
    WycheproofCase first = TestVectors.wycheproof("ecdh_secp256r1_ecpoint_test.json").get(0);
    ECParameterSpec params = EcTesting.params("secp256r1");
    KeyFactory factory = KeyFactory.getInstance("EC", Carbide.provider());
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", Carbide.provider());
    agreement.init(
        factory.generatePrivate(
            new ECPrivateKeySpec(
                new BigInteger(first.test().get("private").asText(), 16), params)));
    agreement.doPhase(pointKey(factory, first.bytes("public"), params), true);
    assertArrayEquals(first.bytes("shared"), agreement.generateSecret());
  }
}
