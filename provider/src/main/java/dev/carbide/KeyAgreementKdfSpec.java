package dev.carbide;

import dev.carbide.internal.SpecArrays;
import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * The input of the KDFs that turn a key-agreement secret into keys: SP 800-56C's one-step KDF
 * ({@code ONESTEP-SHA256}, -384, -512 with a hash, {@code ONESTEP-HMACSHA256}, -384, -512 with
 * HMAC; Bouncy Castle's names) and the ANSI X9.63 KDF ({@code X963KDF-SHA256}, -384, -512). It
 * holds the shared secret Z, the FixedInfo (X9.63's SharedInfo), the salt (HMAC one-step only) and
 * the key length in bits:
 *
 * <ul>
 *   <li>one-step with a hash: K(i) = H([i]_32 || Z || FixedInfo);
 *   <li>one-step with HMAC: K(i) = HMAC(salt, [i]_32 || Z || FixedInfo), an empty salt meaning the
 *       digest's block size of zeros as SP 800-56C says;
 *   <li>X9.63: K(i) = H(Z || [i]_32 || SharedInfo).
 * </ul>
 *
 * <pre>{@code
 * byte[] z = keyAgreement.generateSecret();
 * SecretKeyFactory kdf = SecretKeyFactory.getInstance("ONESTEP-SHA256", "Carbide");
 * byte[] key = kdf.generateSecret(new KeyAgreementKdfSpec(z, fixedInfo, 256)).getEncoded();
 * }</pre>
 *
 * <p>Z must not be empty and the key length must be a positive multiple of 8 bits; the hash forms
 * refuse a salt. Carbide checks the spec when the factory generates the key, throwing {@code
 * InvalidKeySpecException}: the constructors only copy their arguments (null arrays count as
 * empty).
 */
public final class KeyAgreementKdfSpec implements KeySpec {
  private final byte[] sharedSecret;
  private final byte[] salt;
  private final byte[] fixedInfo;
  private final int keyLength;

  static {
    SpecArrays.registerAgreement(
        (spec, field) ->
            switch (field) {
              case SpecArrays.SHARED_SECRET -> spec.sharedSecret;
              case SpecArrays.SALT -> spec.salt;
              case SpecArrays.FIXED_INFO -> spec.fixedInfo;
              default -> throw new IllegalArgumentException("no field " + field);
            });
  }

  /** A spec with no salt. */
  public KeyAgreementKdfSpec(byte[] sharedSecret, byte[] fixedInfo, int keyLength) {
    this(sharedSecret, null, fixedInfo, keyLength);
  }

  /**
   * @param sharedSecret Z
   * @param salt the HMAC key of the HMAC one-step KDF, or null
   * @param fixedInfo FixedInfo or SharedInfo, or null
   * @param keyLength the length of the derived key in bits
   */
  public KeyAgreementKdfSpec(byte[] sharedSecret, byte[] salt, byte[] fixedInfo, int keyLength) {
    this.sharedSecret = copy(sharedSecret);
    this.salt = copy(salt);
    this.fixedInfo = copy(fixedInfo);
    this.keyLength = keyLength;
  }

  private static byte[] copy(byte[] bytes) {
    return bytes == null ? new byte[0] : bytes.clone();
  }

  /** A copy of Z; the caller should zero it after use. */
  public byte[] getSharedSecret() {
    return sharedSecret.clone();
  }

  /** A copy of the salt (empty if none). */
  public byte[] getSalt() {
    return salt.clone();
  }

  /** A copy of FixedInfo (empty if none). */
  public byte[] getFixedInfo() {
    return fixedInfo.clone();
  }

  /** The length of the derived key in bits. */
  public int getKeyLength() {
    return keyLength;
  }

  /** Zeroes this spec's copy of Z. */
  public void clearSharedSecret() {
    Arrays.fill(sharedSecret, (byte) 0);
  }
}
