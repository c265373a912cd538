package dev.carbide;

import dev.carbide.internal.NativeLibrary;
import dev.carbide.pqc.KemContext;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Objects;

/**
 * ML-KEM and the hybrid KEMs on any Java from 17: the JCA has no KEM engine before Java 21 ({@code
 * javax.crypto.KEM}), so Carbide offers the two operations here, with the keys of its {@code
 * KeyPairGenerator} and {@code KeyFactory} ("ML-KEM", "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024") or
 * any other provider's keys that encode in the standard X.509 and PKCS#8 forms. On Java 21 and
 * later prefer {@code KEM.getInstance("ML-KEM")}, which Carbide serves with the same engine.
 *
 * <pre>{@code
 * CarbideKem kem = CarbideKem.of("ML-KEM");
 * CarbideKem.Encapsulated sent = kem.encapsulate(receiverPublicKey);   // sender
 * byte[] secret = kem.decapsulate(receiverPrivateKey, sent.ciphertext()); // receiver
 * }</pre>
 *
 * <p>Each call sets up its own native context, so a CarbideKem may be shared between threads.
 * Shared secrets are returned as new arrays that the caller should zero when done.
 */
public final class CarbideKem {
  private final String algorithm;

  private CarbideKem(String algorithm) {
    this.algorithm = algorithm;
  }

  /**
   * The KEM {@code algorithm}: "ML-KEM" takes a key of any parameter set, "ML-KEM-512",
   * "ML-KEM-768" and "ML-KEM-1024" only keys of that set; "X25519MLKEM768", "SecP256r1MLKEM768" and
   * "SecP384r1MLKEM1024" are the hybrid KEMs of the TLS hybrid design, whose keys come from
   * Carbide's KeyPairGenerator and KeyFactory of the same names ({@link RawEncodedKeySpec}).
   *
   * @throws NoSuchAlgorithmException if the algorithm is unknown, or absent from the loaded OpenSSL
   *     (OpenSSL 3.0 has no ML-KEM), or the native library could not be loaded
   */
  public static CarbideKem of(String algorithm) throws NoSuchAlgorithmException {
    Objects.requireNonNull(algorithm, "algorithm");
    if (NativeLibrary.loadError() != null) {
      throw new NoSuchAlgorithmException(
          "Carbide's native library is not loaded", NativeLibrary.loadError());
    }
    if (!KemContext.supports(algorithm)) {
      throw new NoSuchAlgorithmException(algorithm + " is not available in the loaded OpenSSL");
    }
    return new CarbideKem(algorithm);
  }

  /** A ciphertext to send and the shared secret it carries. */
  public record Encapsulated(byte[] ciphertext, byte[] secret) {}

  /**
   * Encapsulates a fresh shared secret to {@code publicKey}.
   *
   * @throws InvalidKeyException if the key is not a public key of this algorithm
   */
  public Encapsulated encapsulate(PublicKey publicKey) throws InvalidKeyException {
    byte[][] result = KemContext.encapsulator(publicKey, algorithm).encapsulate();
    return new Encapsulated(result[0], result[1]);
  }

  /**
   * The shared secret of {@code ciphertext}. As FIPS 203 specifies, a ciphertext of the right
   * length that was tampered with gives a pseudo-random secret rather than an error (implicit
   * rejection), so the mismatch shows only when the secret is used.
   *
   * @throws InvalidKeyException if the key is not a private key of this algorithm
   * @throws IllegalArgumentException if the ciphertext's length is wrong for the key, or a hybrid
   *     ciphertext's classical share is not a valid point (ECDH has no implicit rejection)
   */
  public byte[] decapsulate(PrivateKey privateKey, byte[] ciphertext) throws InvalidKeyException {
    Objects.requireNonNull(ciphertext, "ciphertext");
    return KemContext.decapsulator(privateKey, algorithm).decapsulate(ciphertext);
  }
}
