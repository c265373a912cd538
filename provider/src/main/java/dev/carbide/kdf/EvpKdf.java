package dev.carbide.kdf;

import dev.carbide.internal.Config;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;

/**
 * One of OpenSSL's EVP_KDFs (scrypt, Argon2, KBKDF, SSKDF, X9.63), and the parameters of one
 * derivation with it: the Java side of native/include/carbide/evp_kdf.h. Each derivation is one JNI
 * crossing. Immutable and thread-safe; a {@link Params} is not.
 */
final class EvpKdf {
  // The native KdfParamId values.
  static final int KEY = 0;
  static final int PASSWORD = 1;
  static final int SALT = 2;
  static final int INFO = 3;
  static final int SEED = 4;
  static final int SECRET = 5;
  static final int ASSOCIATED_DATA = 6;
  static final int DIGEST = 7;
  static final int MAC = 8;
  static final int CIPHER = 9;
  static final int MODE = 10;
  static final int SCRYPT_N = 11;
  static final int SCRYPT_R = 12;
  static final int SCRYPT_P = 13;
  static final int MAX_MEMORY_BYTES = 14;
  static final int ITERATIONS = 15;
  static final int MEMORY_KIB = 16;
  static final int LANES = 17;
  static final int USE_LENGTH = 18;
  static final int USE_SEPARATOR = 19;

  /** The property that bounds the memory of scrypt and Argon2, in bytes. */
  static final String MAX_MEMORY_PROPERTY = "carbide.kdf.maxMemory";

  /** Its default: 2 GiB, enough for RFC 9106's first recommended Argon2 option. */
  static final long DEFAULT_MAX_MEMORY = 1L << 31;

  private final long handle;

  private EvpKdf(long handle) {
    this.handle = handle;
  }

  /** The EVP_KDF OpenSSL calls {@code name}, or null if the loaded OpenSSL lacks it. */
  static EvpKdf fetch(String name) {
    long handle = KdfNative.fetchKdf(name);
    return handle != 0 ? new EvpKdf(handle) : null;
  }

  /**
   * The most native memory scrypt or Argon2 may use: {@code carbide.kdf.maxMemory}, read on each
   * derivation so that a test or an operator can change it, or 2 GiB if unset or not a positive
   * number.
   */
  static long maxMemoryBytes() {
    String value = Config.get(MAX_MEMORY_PROPERTY);
    if (value != null) {
      try {
        long bytes = Long.parseLong(value);
        if (bytes > 0) {
          return bytes;
        }
      } catch (NumberFormatException e) {
        // fall through to the default, as for every other malformed carbide.* setting
      }
    }
    return DEFAULT_MAX_MEMORY;
  }

  /**
   * Returns {@link #maxMemoryBytes()} if {@code needed} bytes fit under it, for scrypt and Argon2.
   *
   * @throws InvalidKeySpecException naming {@code what} and the property otherwise
   */
  static long checkMemory(String what, long needed) throws InvalidKeySpecException {
    long limit = maxMemoryBytes();
    if (needed > limit) {
      throw new InvalidKeySpecException(
          what
              + " needs "
              + needed
              + " bytes of memory, more than "
              + MAX_MEMORY_PROPERTY
              + " ("
              + limit
              + ")");
    }
    return limit;
  }

  /**
   * {@link #derive} with the UTF-8 encoding of {@code password} added to {@code params} as the
   * PASSWORD; zeroes {@code password} and its encoding afterwards.
   */
  byte[] deriveWithPassword(char[] password, Params params, int length)
      throws InvalidAlgorithmParameterException {
    byte[] encoded = utf8(password);
    try {
      return derive(params.bytes(PASSWORD, encoded), length);
    } finally {
      Arrays.fill(password, '\0');
      Arrays.fill(encoded, (byte) 0);
    }
  }

  /** The UTF-8 encoding of {@code password}, as SunJCE encodes PBE passwords; zero it after use. */
  static byte[] utf8(char[] password) {
    ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
    byte[] bytes = new byte[encoded.remaining()];
    encoded.get(bytes);
    Arrays.fill(encoded.array(), (byte) 0);
    return bytes;
  }

  /**
   * {@code length} bytes derived under {@code params}; their byte arrays stay the caller's, who
   * zeroes the secret ones.
   */
  byte[] derive(Params params, int length) throws InvalidAlgorithmParameterException {
    byte[] out = new byte[length];
    KdfNative.deriveEvpKdf(
        handle,
        Arrays.copyOf(params.ids, params.count),
        Arrays.copyOf(params.bytes, params.count),
        Arrays.copyOf(params.numbers, params.count),
        out);
    return out;
  }

  /** The parameters of one derivation, in the order OpenSSL is to set them. */
  static final class Params {
    private int[] ids = new int[8];
    private byte[][] bytes = new byte[8][];
    private long[] numbers = new long[8];
    private int count;

    /** Adds an octet-string parameter; {@code value} is not copied. */
    Params bytes(int id, byte[] value) {
      return add(id, value, 0);
    }

    /** Adds a name parameter, such as a digest's. */
    Params text(int id, String value) {
      return add(id, value.getBytes(StandardCharsets.UTF_8), 0);
    }

    /** Adds a number parameter (non-negative). */
    Params number(int id, long value) {
      return add(id, null, value);
    }

    private Params add(int id, byte[] value, long number) {
      if (count == ids.length) {
        ids = Arrays.copyOf(ids, count * 2);
        bytes = Arrays.copyOf(bytes, count * 2);
        numbers = Arrays.copyOf(numbers, count * 2);
      }
      ids[count] = id;
      bytes[count] = value;
      numbers[count] = number;
      count++;
      return this;
    }
  }
}
