package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A password's bytes as SunJCE's PBE keys and PBKDF2 encode them: UTF-8, with a lone surrogate
 * replaced by '?' as {@code StandardCharsets.UTF_8.encode} replaces it. Shared by the PBE and
 * PBKDF2 factories and the password KDFs (scrypt, Argon2).
 */
public final class PasswordBytes {
  private PasswordBytes() {}

  /**
   * The UTF-8 encoding of {@code password}, in a new array the caller zeroes after use. An ASCII
   * password, the usual one, is encoded by a plain loop: the charset encoder allocates a coder
   * buffer three times the password's length on every call, which cost a one-iteration PBKDF2 a
   * tenth of its time.
   */
  public static byte[] utf8(char[] password) {
    byte[] ascii = new byte[password.length];
    for (int i = 0; i < password.length; i++) {
      char c = password[i];
      if (c >= 0x80) {
        Arrays.fill(ascii, 0, i, (byte) 0);
        return encoded(password);
      }
      ascii[i] = (byte) c;
    }
    return ascii;
  }

  private static byte[] encoded(char[] password) {
    ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
    byte[] bytes = new byte[encoded.remaining()];
    encoded.get(bytes);
    Arrays.fill(encoded.array(), (byte) 0);
    return bytes;
  }
}
