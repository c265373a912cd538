package dev.carbide.pqc;

import static dev.carbide.pqc.PqcTesting.CARBIDE;

import dev.carbide.PqcSignatureParameterSpec;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;

/** Signing and verifying through Carbide's Signature with the options of FIPS 204 and 205. */
final class MlDsaTesting {
  private MlDsaTesting() {}

  static byte[] sign(
      String algorithm, PrivateKey key, byte[] message, byte[] context, boolean deterministic)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, CARBIDE);
    signature.initSign(key);
    signature.setParameter(
        new PqcSignatureParameterSpec(context == null ? new byte[0] : context, deterministic));
    signature.update(message);
    return signature.sign();
  }

  static boolean verify(
      String algorithm, PublicKey key, byte[] message, byte[] context, byte[] signed)
      throws Exception {
    Signature signature = Signature.getInstance(algorithm, CARBIDE);
    signature.initVerify(key);
    if (context != null) {
      signature.setParameter(new PqcSignatureParameterSpec(context, false));
    }
    signature.update(message);
    return signature.verify(signed);
  }
}
