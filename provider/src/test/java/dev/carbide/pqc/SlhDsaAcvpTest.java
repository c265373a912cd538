package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.acvp;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * NIST ACVP SLH-DSA keyGen (FIPS 205) through the public API, which takes no seeds: every case's sk
 * and pk must import and encode back unchanged (raw keys, RFC 9909's PKCS#8 and X.509), and pk must
 * be sk's tail. That the seeds give NIST's public root is checked by signing with sk and verifying
 * under pk (verification recomputes the root from the signature's authentication path): for every
 * case of the fast ("f") sets, and the first case of SLH-DSA-SHA2-128s; the other small ("s") set
 * cases, which take seconds each to sign, are counted.
 */
class SlhDsaAcvpTest {
  @BeforeAll
  static void available() {
    PqcTesting.assumePostQuantum();
  }

  @Test
  void keyGen() throws Exception {
    int encodings = 0;
    int rootsBySignature = 0;
    int rootsNotSigned = 0;
    boolean signedSmall = false;
    for (PqcTesting.AcvpCase c : acvp("SLH-DSA-keyGen-FIPS205")) {
      String set = c.groupText("parameterSet");
      byte[] sk = c.bytes("sk");
      byte[] pk = c.bytes("pk");
      byte[] pkcs8 =
          PqcTesting.tlv(
              0x30,
              new byte[] {2, 1, 0},
              PqcTesting.algorithmIdentifier(set),
              PqcTesting.tlv(4, sk));
      PrivateKey privateKey = PqcTesting.privateKey("SLH-DSA", pkcs8);
      PublicKey publicKey = PqcTesting.publicKey("SLH-DSA", PqcTesting.x509(set, pk));
      assertArrayEquals(pkcs8, privateKey.getEncoded(), c.toString());
      assertArrayEquals(PqcTesting.x509(set, pk), publicKey.getEncoded(), c.toString());
      assertArrayEquals(pk, Arrays.copyOfRange(sk, sk.length - pk.length, sk.length));
      encodings++;
      boolean small = set.endsWith("s");
      if (small && (signedSmall || !set.equals("SLH-DSA-SHA2-128s"))) {
        rootsNotSigned++;
        continue;
      }
      signedSmall |= small;
      byte[] message = c.toString().getBytes();
      byte[] signed = MlDsaTesting.sign(set, privateKey, message, null, true);
      assertTrue(MlDsaTesting.verify(set, publicKey, message, null, signed), c.toString());
      message[0] ^= 1;
      assertFalse(MlDsaTesting.verify(set, publicKey, message, null, signed), c.toString());
      rootsBySignature++;
    }
    System.err.printf(
        "SLH-DSA-keyGen-FIPS205: %d key pairs imported; root checked by signature for %d, not for"
            + " %d (small-signature sets, seconds per signature)%n",
        encodings, rootsBySignature, rootsNotSigned);
    assertEquals(encodings, rootsBySignature + rootsNotSigned);
    assertTrue(rootsBySignature >= 60);
  }
}
