package dev.carbide.cipher;

/**
 * A password as a PBE key, as SunJCE's PBEKey: its RAW encoding is the password in UTF-8, and its
 * algorithm the name of the factory that made it.
 */
final class PbeKey extends PasswordDerivedKey {
  private static final long serialVersionUID = 1L;

  /** Takes {@code password} (UTF-8) as its own. */
  PbeKey(String algorithm, byte[] password) {
    super(algorithm, password, null);
  }
}
