package dev.carbide.cipher;

import java.security.MessageDigest;
import java.util.Arrays;
import javax.crypto.interfaces.PBEKey;

/**
 * A key derived by PBKDF2, as SunJCE's PBKDF2KeyImpl: its RAW encoding is the derived key, and it
 * keeps the password, salt and iteration count that made it (PBEKey).
 */
final class Pbkdf2Key implements PBEKey {
  private static final long serialVersionUID = 1L;

  private final String algorithm;
  private final char[] password;
  private final byte[] salt;
  private final int iterations;
  private final byte[] key;

  Pbkdf2Key(String algorithm, char[] password, byte[] salt, int iterations, byte[] key) {
    this.algorithm = algorithm;
    this.password = password.clone();
    this.salt = salt.clone();
    this.iterations = iterations;
    this.key = key;
  }

  @Override
  public String getAlgorithm() {
    return algorithm;
  }

  @Override
  public String getFormat() {
    return "RAW";
  }

  @Override
  public byte[] getEncoded() {
    return key.clone();
  }

  @Override
  public char[] getPassword() {
    return password.clone();
  }

  @Override
  public byte[] getSalt() {
    return salt.clone();
  }

  @Override
  public int getIterationCount() {
    return iterations;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof javax.crypto.SecretKey that
        && algorithm.equalsIgnoreCase(that.getAlgorithm())
        && MessageDigest.isEqual(key, that.getEncoded());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(key) ^ algorithm.toLowerCase(java.util.Locale.ROOT).hashCode();
  }
}
