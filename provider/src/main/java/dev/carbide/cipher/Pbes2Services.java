package dev.carbide.cipher;

import dev.carbide.digest.DigestServices;
import dev.carbide.internal.ServiceSink;
import java.security.AlgorithmParametersSpi;
import javax.crypto.CipherSpi;
import javax.crypto.SecretKeyFactorySpi;

/**
 * Password-based encryption, PBES2 (RFC 8018): for each PBKDF2 PRF the loaded OpenSSL has and each
 * AES key size SunJCE pairs with it, the Cipher, SecretKeyFactory and AlgorithmParameters
 * "PBEWith&lt;prf&gt;AndAES_&lt;bits&gt;" under SunJCE's names, and "PBES2" parameters, which the
 * JDK's PKCS12 KeyStore reads stored keys' parameters with. The ciphers are AES-CBC keyed by
 * PBKDF2, the same engines as AES/CBC/PKCS5Padding and PBKDF2WithHmac*.
 */
final class Pbes2Services {
  private static final boolean CIPHER_NAMES_MAY_HOLD_SLASH = Runtime.version().feature() >= 21;

  private Pbes2Services() {}

  static void register(ServiceSink sink) {
    AesKeys cbc = AesKeys.fetch("CBC");
    if (cbc == null) {
      return;
    }
    boolean any = false;
    for (Pbes2Prf prf : Pbes2Prf.values()) {
      long md = DigestServices.fetch(prf.digest);
      if (md == 0) {
        continue;
      }
      any = true;
      for (int bits : new int[] {128, 256}) {
        String name = "PBEWith" + prf.jcaName + "AndAES_" + bits;
        // Java 17's Cipher.getInstance reads the "/" of SHA512/224 as a transformation's mode and
        // refuses the name before any provider is asked (Java 21 reads PBE names whole), so there
        // the two SHA-512/t ciphers are not registered at all.
        if (CIPHER_NAMES_MAY_HOLD_SLASH || !name.contains("/")) {
          sink.add("Cipher", name, CipherSpi.class, () -> new Pbes2Cipher(name, md, bits / 8, cbc))
              .attribute("SupportedKeyFormats", "RAW")
              .attribute("ImplementedIn", "Software");
        }
        sink.add("SecretKeyFactory", name, SecretKeyFactorySpi.class, () -> new PbeKeyFactory(name))
            .attribute("ImplementedIn", "Software");
        sink.add(
                "AlgorithmParameters",
                name,
                AlgorithmParametersSpi.class,
                () -> Pbes2Parameters.of(name, prf, bits))
            .attribute("ImplementedIn", "Software");
      }
    }
    if (any) {
      sink.add(
              "AlgorithmParameters",
              "PBES2",
              AlgorithmParametersSpi.class,
              Pbes2Parameters::general)
          .oid(Pbes2Parameters.PBES2_OID)
          .attribute("ImplementedIn", "Software");
    }
  }
}
