package dev.carbide.edec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.testing.Carbide;
import dev.carbide.testing.TestVectors;
import dev.carbide.testing.TestVectors.WycheproofCase;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.Test;

/**
 * Wycheproof Ed25519, Ed448, X25519 and X448 (raw and ASN.1 forms). Valid cases must succeed with
 * the expected result; invalid ones must fail; acceptable ones (small-order peers, whose secret is
 * all zero) may fail, but never with a wrong secret.
 */
class EdEcWycheproofTest {
  @Test
  void ed25519() throws Exception {
    eddsa("Ed25519", "ed25519_test.json");
  }

  @Test
  void ed448() throws Exception {
    eddsa("Ed448", "ed448_test.json");
  }

  private static void eddsa(String curve, String file) throws Exception {
    KeyFactory factory = KeyFactory.getInstance(curve, Carbide.provider());
    Signature signature = Signature.getInstance(curve, Carbide.provider());
    List<String> failures = new ArrayList<>();
    for (WycheproofCase test : TestVectors.wycheproof(file)) {
      PublicKey key =
          factory.generatePublic(
              new X509EncodedKeySpec(TestVectors.hex(test.group().get("publicKeyDer").asText())));
      signature.initVerify(key);
      signature.update(test.bytes("msg"));
      boolean accepted;
      try {
        accepted = signature.verify(test.bytes("sig"));
      } catch (SignatureException e) {
        accepted = false;
      }
      if (accepted != test.result().equals("valid")) {
        failures.add(test + ": " + (accepted ? "accepted" : "refused"));
      }
    }
    assertEquals(List.of(), failures);
  }

  @Test
  void x25519Raw() throws Exception {
    KeyFactory factory = KeyFactory.getInstance("XDH", Carbide.provider());
    run(
        "x25519_test.json",
        "X25519",
        264,
        test -> {
          byte[] u = test.bytes("public");
          u[u.length - 1] &= 0x7f; // RFC 7748 decodeUCoordinate
          BigInteger value = new BigInteger(1, reverse(u));
          PublicKey peer =
              factory.generatePublic(new XECPublicKeySpec(NamedParameterSpec.X25519, value));
          PrivateKey own =
              factory.generatePrivate(
                  new XECPrivateKeySpec(NamedParameterSpec.X25519, test.bytes("private")));
          return agree("X25519", own, peer);
        });
  }

  /**
   * JCA has no raw X448 public key form beyond the u BigInteger, which cannot carry a 57-byte
   * encoding; the raw bytes go in an X.509 wrapper instead, so Carbide's own parser judges them.
   */
  @Test
  void x448Raw() throws Exception {
    KeyFactory factory = KeyFactory.getInstance("XDH", Carbide.provider());
    run(
        "x448_test.json",
        "X448",
        253,
        test -> {
          byte[] u = test.bytes("public");
          byte[] prefix = {0x30, 0, 0x30, 5, 6, 3, 0x2b, 0x65, 0x6f, 3, 0, 0};
          prefix[1] = (byte) (prefix.length - 2 + u.length);
          prefix[10] = (byte) (u.length + 1);
          byte[] spki = Arrays.copyOf(prefix, prefix.length + u.length);
          System.arraycopy(u, 0, spki, prefix.length, u.length);
          PublicKey peer = factory.generatePublic(new X509EncodedKeySpec(spki));
          PrivateKey own =
              factory.generatePrivate(
                  new XECPrivateKeySpec(NamedParameterSpec.X448, test.bytes("private")));
          return agree("X448", own, peer);
        });
  }

  @Test
  void x25519Asn() throws Exception {
    asn("X25519", "x25519_asn_test.json", 264);
  }

  @Test
  void x448Asn() throws Exception {
    asn("X448", "x448_asn_test.json", 253);
  }

  private static void asn(String curve, String file, int minimum) throws Exception {
    KeyFactory factory = KeyFactory.getInstance(curve, Carbide.provider());
    run(
        file,
        curve,
        minimum,
        test ->
            agree(
                curve,
                factory.generatePrivate(new PKCS8EncodedKeySpec(test.bytes("private"))),
                factory.generatePublic(new X509EncodedKeySpec(test.bytes("public")))));
  }

  private interface Agreement {
    byte[] run(WycheproofCase test) throws GeneralSecurityException;
  }

  /** Runs every case of {@code file}; at least {@code minimum} must agree (the valid ones). */
  private static void run(String file, String curve, int minimum, Agreement agreement) {
    List<String> failures = new ArrayList<>();
    int agreed = 0;
    for (WycheproofCase test : TestVectors.wycheproof(file)) {
      byte[] secret;
      try {
        secret = agreement.run(test);
      } catch (GeneralSecurityException e) {
        if (test.result().equals("valid")) {
          failures.add(test + ": " + e);
        }
        continue;
      }
      agreed++;
      if (test.result().equals("invalid")) {
        failures.add(test + ": accepted");
      } else if (!TestVectors.hex(secret).equals(test.test().get("shared").asText())) {
        failures.add(test + ": wrong secret");
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(agreed >= minimum, curve + ": " + agreed + " agreed");
  }

  private static byte[] agree(String curve, PrivateKey own, PublicKey peer)
      throws GeneralSecurityException {
    KeyAgreement agreement = KeyAgreement.getInstance(curve, Carbide.provider());
    agreement.init(own);
    agreement.doPhase(peer, true);
    return agreement.generateSecret();
  }

  private static byte[] reverse(byte[] bytes) {
    byte[] out = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      out[i] = bytes[bytes.length - 1 - i];
    }
    return out;
  }
}
