package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The password encoding every PBE and password-KDF factory shares gives exactly what SunJCE's gives
 * ({@code StandardCharsets.UTF_8.encode}): on ASCII passwords (its own loop), on any other
 * characters, surrogate pairs and lone surrogates (the charset's replacement), and mixes of both.
 */
class PasswordBytesTest {
  @Test
  void sameBytesAsTheCharsetEncoder() {
    Random random = new Random(19);
    char[][] fixed = {
      {},
      "password".toCharArray(),
      {'\u007f'},
      {'\u0080'},
      {'a', '\u00e9'},
      {'\ud83d', '\ude00'},
      {'\ud83d'},
      {'x', '\ude00', 'y'},
      {'\uffff', '\u0000'}
    };
    for (char[] password : fixed) {
      assertArrayEquals(
          reference(password), PasswordBytes.utf8(password), Arrays.toString(password));
    }
    for (int round = 0; round < 2000; round++) {
      char[] password = new char[random.nextInt(40)];
      int range =
          switch (round % 4) {
            case 0 -> 0x80; // ASCII only
            case 1 -> 0x800;
            case 2 -> 0x10000; // surrogates, paired or not, by chance
            default -> 0x100;
          };
      for (int i = 0; i < password.length; i++) {
        password[i] = (char) random.nextInt(range);
      }
      assertArrayEquals(reference(password), PasswordBytes.utf8(password), "round " + round);
    }
  }

  private static byte[] reference(char[] password) {
    ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
    byte[] bytes = new byte[encoded.remaining()];
    encoded.get(bytes);
    return bytes;
  }
}
