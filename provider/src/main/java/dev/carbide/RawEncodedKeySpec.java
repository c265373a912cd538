package dev.carbide;

import java.security.spec.EncodedKeySpec;

/**
 * A key in raw bytes, for the algorithms that have no standard X.509 or PKCS#8 form: the hybrid
 * KEMs {@code X25519MLKEM768}, {@code SecP256r1MLKEM768} and {@code SecP384r1MLKEM1024}. A public
 * key's bytes are its TLS key share (draft-ietf-tls-ecdhe-mlkem): the ML-KEM encapsulation key and
 * the X25519 public key for X25519MLKEM768, the uncompressed curve point and the ML-KEM
 * encapsulation key for the NIST-curve hybrids. This is what a peer sends, so
 *
 * <pre>{@code
 * PublicKey peer = KeyFactory.getInstance("X25519MLKEM768", "Carbide")
 *     .generatePublic(new RawEncodedKeySpec(keyShare));
 * }</pre>
 *
 * <p>imports it. Carbide's hybrid keys return the same bytes from {@code getEncoded()}, with the
 * format "RAW". An X25519MLKEM768 private key is OpenSSL's raw form (the ML-KEM-768 decapsulation
 * key, then the X25519 private key); the NIST-curve hybrids' private keys cannot be exported or
 * imported.
 */
public final class RawEncodedKeySpec extends EncodedKeySpec {
  /** A spec over a copy of {@code encodedKey}. */
  public RawEncodedKeySpec(byte[] encodedKey) {
    super(encodedKey);
  }

  /** Always "RAW". */
  @Override
  public String getFormat() {
    return "RAW";
  }
}
