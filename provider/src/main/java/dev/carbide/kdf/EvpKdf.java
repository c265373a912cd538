package dev.carbide.kdf;

import dev.carbide.cipher.PasswordBytes;
import dev.carbide.internal.Config;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One of OpenSSL's EVP_KDFs (scrypt, Argon2, KBKDF, SSKDF, X9.63) with some parameters fixed (its
 * digest, MAC, cipher or mode), and the parameters of one derivation with it: the Java side of the
 * native KdfTemplate (native/include/carbide/evp_kdf.h). Each derivation is one JNI crossing.
 * Immutable and thread-safe; a {@link Params} is not.
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

  // The native templates live as long as the process, so each is made once, whatever the number
  // of provider instances.
  private static final Map<String, Optional<EvpKdf>> TEMPLATES = new ConcurrentHashMap<>();

  private final long template;

  private EvpKdf(long template) {
    this.template = template;
  }

  /**
   * The EVP_KDF OpenSSL calls {@code name} with the parameters {@code fixed} (names only), or null
   * if the loaded OpenSSL lacks the KDF or refuses the parameters (a digest its FIPS module lacks).
   */
  static EvpKdf fetch(String name, Params fixed) {
    return TEMPLATES
        .computeIfAbsent(
            name + fixed.describe(),
            key -> {
              long kdf = KdfNative.fetchKdf(name);
              if (kdf == 0) {
                return Optional.empty();
              }
              try {
                return Optional.of(
                    new EvpKdf(KdfNative.newTemplate(kdf, fixed.count, fixed.packed())));
              } catch (InvalidAlgorithmParameterException e) {
                return Optional.empty();
              }
            })
        .orElse(null);
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
    byte[] encoded = PasswordBytes.utf8(password);
    try {
      return derive(params.bytes(PASSWORD, encoded), length);
    } finally {
      Arrays.fill(password, '\0');
      Arrays.fill(encoded, (byte) 0);
    }
  }

  /**
   * {@code length} bytes derived under {@code params}; their byte arrays stay the caller's, who
   * zeroes the secret ones.
   */
  byte[] derive(Params params, int length) throws InvalidAlgorithmParameterException {
    byte[] out = new byte[length];
    byte[] packed = params.packed();
    try {
      KdfNative.deriveEvpKdf(template, params.count, packed, out);
    } finally {
      Arrays.fill(packed, (byte) 0); // keys and passwords
    }
    return out;
  }

  /**
   * The parameters of one derivation, in the order OpenSSL is to set them. They cross JNI as one
   * array (a record of id and number per parameter, then the byte parameters one after another),
   * which the native side reads with one region copy, where an array of arrays cost it two element
   * reads, a length and a copy per parameter, and three flat arrays three copies and three lengths
   * (docs/kdfs.md measures the difference).
   */
  static final class Params {
    /** The bytes of one parameter's record in {@link #packed}: a 4-byte id, an 8-byte number. */
    static final int RECORD = 12;

    private static final VarHandle INT =
        MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte[] EMPTY = new byte[0];

    private int[] ids;

    /** A number parameter's value, or a byte parameter's length. */
    private long[] numbers;

    /** A byte parameter's value (not copied until {@link #packed}), or null for a number. */
    private byte[][] bytes;

    private int count;

    /** Room for 8 parameters, more as they come. */
    Params() {
      this(8);
    }

    /**
     * Room for {@code capacity} parameters, more as they come: a cheap derivation sizes its own
     * (its arrays were a fifth of what it allocated).
     */
    Params(int capacity) {
      ids = new int[capacity];
      numbers = new long[capacity];
      bytes = new byte[capacity][];
    }

    /** Adds an octet-string parameter; {@code value} (null is empty) is not copied. */
    Params bytes(int id, byte[] value) {
      byte[] given = value == null ? EMPTY : value;
      return add(id, given, given.length);
    }

    /** Adds a name parameter, such as a digest's. */
    Params text(int id, String value) {
      return bytes(id, value.getBytes(StandardCharsets.UTF_8));
    }

    /** Adds a number parameter (non-negative). */
    Params number(int id, long value) {
      return add(id, null, value);
    }

    /**
     * The records, then the byte parameters one after another, in order: a new array the caller
     * zeroes.
     */
    byte[] packed() {
      int total = count * RECORD;
      for (int i = 0; i < count; i++) {
        total += bytes[i] == null ? 0 : bytes[i].length;
      }
      byte[] packed = new byte[total];
      int at = count * RECORD;
      for (int i = 0; i < count; i++) {
        INT.set(packed, i * RECORD, ids[i]);
        LONG.set(packed, i * RECORD + 4, numbers[i]);
        if (bytes[i] != null) {
          System.arraycopy(bytes[i], 0, packed, at, bytes[i].length);
          at += bytes[i].length;
        }
      }
      return packed;
    }

    /** The parameters as text, for fixed ones (names and numbers, never secrets). */
    String describe() {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < count; i++) {
        text.append('|').append(ids[i]).append('=');
        text.append(bytes[i] != null ? new String(bytes[i], StandardCharsets.UTF_8) : numbers[i]);
      }
      return text.toString();
    }

    private Params add(int id, byte[] value, long number) {
      if (count == ids.length) {
        ids = Arrays.copyOf(ids, count * 2);
        numbers = Arrays.copyOf(numbers, count * 2);
        bytes = Arrays.copyOf(bytes, count * 2);
      }
      ids[count] = id;
      bytes[count] = value;
      numbers[count] = number;
      count++;
      return this;
    }
  }
}
