package dev.carbide.kdf;

import dev.carbide.cipher.PasswordDerivedKey;

/**
 * A key that a KDF SecretKeyFactory derived: RAW bytes under the factory's name, zeroed on {@link
 * #destroy} or once unreachable, with SunJCE's equality and serialization (see {@link
 * PasswordDerivedKey}).
 */
final class DerivedKey extends PasswordDerivedKey {
  private static final long serialVersionUID = 1L;

  /** Takes {@code key} as its own. */
  DerivedKey(String algorithm, byte[] key) {
    super(algorithm, key, null);
  }
}
