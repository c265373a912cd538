package dev.carbide;

import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * The input of the {@code Argon2i}, {@code Argon2d} and {@code Argon2id} SecretKeyFactories (RFC
 * 9106, version 0x13): the password P, the salt S, the number of passes t, the memory size m in
 * KiB, the number of lanes p, the optional secret K and associated data X, and the key length in
 * bits. The variant is the factory's name, not part of the spec:
 *
 * <pre>{@code
 * SecretKeyFactory argon2 = SecretKeyFactory.getInstance("Argon2id", "Carbide");
 * // RFC 9106's second recommended option: t = 3, m = 64 MiB, p = 4
 * byte[] key = argon2.generateSecret(new Argon2KeySpec(password, salt, 3, 65536, 4, 256))
 *     .getEncoded();
 * }</pre>
 *
 * <p>The password's chars are encoded as UTF-8. The salt must be at least 8 bytes (16 are
 * recommended), t and p positive (p below 2^24), m at least 8 * p, and the key length a multiple of
 * 8 of at least 32 bits. The factory refuses a memory size above {@code carbide.kdf.maxMemory} (a
 * system or security property, in bytes; 2 GiB by default). Carbide computes every lane on the
 * calling thread: OpenSSL starts no threads of its own for a JCA call, and the result is the same
 * for any number of threads. Carbide checks all of this when the factory generates the key,
 * throwing {@code InvalidKeySpecException}: the constructors only copy their arguments.
 */
public final class Argon2KeySpec implements KeySpec {
  private final char[] password;
  private final byte[] salt;
  private final int iterations;
  private final int memoryKiB;
  private final int lanes;
  private final byte[] secret;
  private final byte[] associatedData;
  private final int keyLength;

  /** A spec with no secret and no associated data. */
  public Argon2KeySpec(
      char[] password, byte[] salt, int iterations, int memoryKiB, int lanes, int keyLength) {
    this(password, salt, iterations, memoryKiB, lanes, null, null, keyLength);
  }

  /**
   * Copies every array; a null password, secret or associated data means empty, a null salt means
   * none (which the factory refuses).
   *
   * @param iterations t, the number of passes over the memory
   * @param memoryKiB m, the memory size in KiB
   * @param lanes p, the degree of parallelism
   * @param secret K, a key mixed into the hash (a pepper), or null
   * @param associatedData X, or null
   * @param keyLength the length of the derived key (the tag) in bits
   */
  public Argon2KeySpec(
      char[] password,
      byte[] salt,
      int iterations,
      int memoryKiB,
      int lanes,
      byte[] secret,
      byte[] associatedData,
      int keyLength) {
    this.password = password == null ? new char[0] : password.clone();
    this.salt = salt == null ? null : salt.clone();
    this.iterations = iterations;
    this.memoryKiB = memoryKiB;
    this.lanes = lanes;
    this.secret = secret == null ? new byte[0] : secret.clone();
    this.associatedData = associatedData == null ? new byte[0] : associatedData.clone();
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

  /** t. */
  public int getIterations() {
    return iterations;
  }

  /** m, in KiB. */
  public int getMemoryKiB() {
    return memoryKiB;
  }

  /** p. */
  public int getLanes() {
    return lanes;
  }

  /** A copy of the secret K (empty if none); the caller should zero it after use. */
  public byte[] getSecret() {
    return secret.clone();
  }

  /** A copy of the associated data X (empty if none). */
  public byte[] getAssociatedData() {
    return associatedData.clone();
  }

  /** The length of the derived key in bits. */
  public int getKeyLength() {
    return keyLength;
  }

  /** Zeroes this spec's copies of the password and the secret. */
  public void clearPassword() {
    Arrays.fill(password, '\0');
    Arrays.fill(secret, (byte) 0);
  }
}
