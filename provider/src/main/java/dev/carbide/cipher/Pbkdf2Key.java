package dev.carbide.cipher;

import java.lang.ref.Reference;
import javax.crypto.interfaces.PBEKey;

/**
 * A key derived by PBKDF2, as SunJCE's PBKDF2KeyImpl: its RAW encoding is the derived key, and it
 * keeps the password, salt and iteration count that made it (PBEKey). It owns its password and
 * derived bytes, and zeroes both on {@link #destroy} or once unreachable; destroyed, {@link
 * #getPassword} throws too.
 */
final class Pbkdf2Key extends PasswordDerivedKey implements PBEKey {
  private static final long serialVersionUID = 1L;

  private final char[] password;
  private final byte[] salt;
  private final int iterations;

  /** Takes {@code key} as its own; copies {@code password} and {@code salt}. */
  Pbkdf2Key(String algorithm, char[] password, byte[] salt, int iterations, byte[] key) {
    this(algorithm, key, password.clone(), salt, iterations);
  }

  private Pbkdf2Key(String algorithm, byte[] key, char[] ownPassword, byte[] salt, int iterations) {
    super(algorithm, key, ownPassword);
    this.password = ownPassword;
    this.salt = salt.clone();
    this.iterations = iterations;
  }

  @Override
  public char[] getPassword() {
    checkNotDestroyed();
    try {
      return password.clone();
    } finally {
      Reference.reachabilityFence(this);
    }
  }

  @Override
  public byte[] getSalt() {
    return salt.clone();
  }

  @Override
  public int getIterationCount() {
    return iterations;
  }
}
