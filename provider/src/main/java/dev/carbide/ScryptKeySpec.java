package dev.carbide;

import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * The input of the {@code SCRYPT} SecretKeyFactory (RFC 7914): a password, a salt, the cost
 * parameter N, the block size r, the parallelisation parameter p and the key length in bits. It has
 * the shape of Bouncy Castle's {@code ScryptKeySpec}, so code written for one ports to the other by
 * changing the import:
 *
 * <pre>{@code
 * SecretKeyFactory scrypt = SecretKeyFactory.getInstance("SCRYPT", "Carbide");
 * byte[] key = scrypt.generateSecret(new ScryptKeySpec(password, salt, 1 << 15, 8, 1, 256))
 *     .getEncoded();
 * }</pre>
 *
 * <p>The password's chars are encoded as UTF-8. N must be a power of two above 1, r and p positive
 * with p * r below 2^30, and the key length a positive multiple of 8. scrypt needs about 128 * r *
 * (N + p) bytes of native memory; the factory refuses a spec that needs more than {@code
 * carbide.kdf.maxMemory} (a system or security property, in bytes; 2 GiB by default). Carbide
 * checks all of this when the factory generates the key, throwing {@code InvalidKeySpecException}:
 * the constructor only copies its arguments.
 */
public final class ScryptKeySpec implements KeySpec {
  private final char[] password;
  private final byte[] salt;
  private final int costParameter;
  private final int blockSize;
  private final int parallelizationParameter;
  private final int keyLength;

  /**
   * Copies {@code password} (null means empty) and {@code salt} (null means none, which the factory
   * refuses).
   *
   * @param costParameter N, a power of two above 1
   * @param blockSize r
   * @param parallelizationParameter p
   * @param keyLength the length of the derived key in bits
   */
  public ScryptKeySpec(
      char[] password,
      byte[] salt,
      int costParameter,
      int blockSize,
      int parallelizationParameter,
      int keyLength) {
    this.password = password == null ? new char[0] : password.clone();
    this.salt = salt == null ? null : salt.clone();
    this.costParameter = costParameter;
    this.blockSize = blockSize;
    this.parallelizationParameter = parallelizationParameter;
    this.keyLength = keyLength;
  }

  /** A copy of the password; the caller should zero it after use. */
  public char[] getPassword() {
    return password.clone();
  }

  /** A copy of the salt, or null if none was given. */
  public byte[] getSalt() {
    return salt == null ? null : salt.clone();
  }

  /** N. */
  public int getCostParameter() {
    return costParameter;
  }

  /** r. */
  public int getBlockSize() {
    return blockSize;
  }

  /** p. */
  public int getParallelizationParameter() {
    return parallelizationParameter;
  }

  /** The length of the derived key in bits. */
  public int getKeyLength() {
    return keyLength;
  }

  /** Zeroes this spec's copy of the password, as {@code PBEKeySpec.clearPassword} does. */
  public void clearPassword() {
    Arrays.fill(password, '\0');
  }
}
