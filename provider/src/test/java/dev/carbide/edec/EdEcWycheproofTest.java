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
import java.util.List;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.Test;

/**
 * Wycheproof Ed25519 and X25519 (raw and ASN.1 forms). Valid cases must succeed with the expected
 * result; invalid ones must fail; acceptable ones (small-order X25519 peers, whose secret is all
 * zero) may fail, but never with a wrong secret.
 */
class EdEcWycheproofTest {
  @Test
  void ed25519() throws Exception {
    KeyFactory factory = KeyFactory.getInstance("Ed25519", Carbide.provider());
    Signature signature = Signature.getInstance("Ed25519", Carbide.provider());
    List<String> failures = new ArrayList<>();
    for (WycheproofCase test : TestVectors.wycheproof("ed25519_test.json")) {
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
        test -> {
          byte[] u = test.bytes("public");
          u[u.length - 1] &= 0x7f; // RFC 7748 decodeUCoordinate
          BigInteger value = new BigInteger(1, reverse(u));
          PublicKey peer =
              factory.generatePublic(new XECPublicKeySpec(NamedParameterSpec.X25519, value));
          PrivateKey own =
              factory.generatePrivate(
                  new XECPrivateKeySpec(NamedParameterSpec.X25519, test.bytes("private")));
          return agree(own, peer);
        });
  }

  @Test
  void x25519Asn() throws Exception {
    KeyFactory factory = KeyFactory.getInstance("X25519", Carbide.provider());
    run(
        "x25519_asn_test.json",
        test ->
            agree(
                factory.generatePrivate(new PKCS8EncodedKeySpec(test.bytes("private"))),
                factory.generatePublic(new X509EncodedKeySpec(test.bytes("public")))));
  }

  private interface Agreement {
    byte[] run(WycheproofCase test) throws GeneralSecurityException;
  }

  private static void run(String file, Agreement agreement) {
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
    assertTrue(agreed >= 264, agreed + " agreed");
  }

  private static byte[] agree(PrivateKey own, PublicKey peer) throws GeneralSecurityException {
    KeyAgreement agreement = KeyAgreement.getInstance("X25519", Carbide.provider());
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
