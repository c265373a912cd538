package dev.carbide.cipher;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;

/**
 * PBEWith&lt;prf&gt;AndAES_128 and _256 (PBES2, RFC 8018 section 6.2), as SunJCE's PBES2Core: init
 * derives the AES key from the key's password with Carbide's PBKDF2 and keys the AES-CBC cipher
 * with PKCS#5 padding that this class is; everything after init is that cipher's.
 *
 * <p>The key is any secret key whose algorithm starts with "PBE" and whose encoding is the password
 * in UTF-8 (the JDK's PBE keys, which PKCS12 makes with {@code SecretKeyFactory "PBE"}, and {@link
 * PbeKeyFactory}'s). Salt and iteration count come from a PBEParameterSpec, else from the key if it
 * is a {@link PBEKey}, else for an encryption a random 20-byte salt and 4096 iterations (an
 * iteration count of 0 also means 4096); the IV comes from the spec's IvParameterSpec, else for an
 * encryption a random one. {@link #engineGetParameters} reports all three.
 */
final class Pbes2Cipher extends BlockModeCipher {
  private static final int DEFAULT_SALT_BYTES = 20;
  private static final int DEFAULT_ITERATIONS = 4096;
  private static final int BLOCK = 16;

  /** What the last init used (or, before any, what getParameters made up). */
  private record Settings(byte[] salt, int iterations, IvParameterSpec iv) {}

  private final String name;
  private final long md;
  private final int keyBytes;
  private volatile Settings settings;

  /** The cipher {@code name} over PBKDF2 with HMAC of {@code md}, for {@code keyBytes} keys. */
  Pbes2Cipher(String name, long md, int keyBytes, AesKeys cbc) {
    super(Mode.CBC, true, cbc.only(keyBytes));
    this.name = name;
    this.md = md;
    this.keyBytes = keyBytes;
  }

  @Override
  protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
    if (mode != null && !mode.equalsIgnoreCase("CBC")) {
      throw new NoSuchAlgorithmException("Invalid cipher mode: " + mode);
    }
  }

  @Override
  protected void engineSetPadding(String padding) throws NoSuchPaddingException {
    if (padding != null && !padding.equalsIgnoreCase("PKCS5Padding")) {
      throw new NoSuchPaddingException("Invalid padding scheme: " + padding);
    }
  }

  @Override
  protected int engineGetKeySize(Key key) {
    return keyBytes * 8;
  }

  @Override
  protected AlgorithmParameters engineGetParameters() {
    Settings current = settings;
    if (current == null) {
      try {
        current = settingsFor(true, 0, null, null, new SecureRandom());
      } catch (InvalidAlgorithmParameterException e) {
        throw new IllegalStateException(e); // an encryption's defaults are always valid
      }
      settings = current;
    }
    return CipherParameters.of(
        name, new PBEParameterSpec(current.salt, current.iterations, current.iv));
  }

  @Override
  protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
    try {
      engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
    } catch (InvalidAlgorithmParameterException e) {
      throw new InvalidKeyException("requires PBE parameters", e);
    }
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    PBEParameterSpec spec = null;
    if (params != null) {
      try {
        spec = params.getParameterSpec(PBEParameterSpec.class);
      } catch (InvalidParameterSpecException e) {
        throw new InvalidAlgorithmParameterException("Wrong parameter type: PBE expected", e);
      }
    }
    engineInit(opmode, key, spec, random);
  }

  @Override
  protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidKeyException, InvalidAlgorithmParameterException {
    boolean encrypt = CipherKeys.encrypting(opmode);
    if (key == null) {
      throw new InvalidKeyException("Null key");
    }
    byte[] password;
    if (!key.getAlgorithm().regionMatches(true, 0, "PBE", 0, 3)
        || (password = key.getEncoded()) == null) {
      throw new InvalidKeyException("Missing password");
    }
    try {
      Settings chosen;
      if (params instanceof PBEParameterSpec pbe) {
        chosen =
            settingsFor(
                encrypt,
                checkIterations(pbe.getIterationCount()),
                checkSalt(pbe.getSalt()),
                pbe.getParameterSpec(),
                random);
      } else if (params == null) {
        chosen =
            key instanceof PBEKey pbeKey
                ? settingsFor(
                    encrypt,
                    checkIterations(pbeKey.getIterationCount()),
                    checkSalt(pbeKey.getSalt()),
                    null,
                    random)
                : settingsFor(encrypt, 0, null, null, random);
      } else {
        throw new InvalidAlgorithmParameterException("Wrong parameter type: PBE expected");
      }
      byte[] derived = derive(password, chosen);
      initWithRawKey(encrypt, derived, chosen.iv, random); // owns derived from here
      settings = chosen;
    } finally {
      Arrays.fill(password, (byte) 0);
    }
  }

  /** The AES key: PBKDF2 of the password, decoded from UTF-8 and re-encoded as SunJCE does. */
  private byte[] derive(byte[] password, Settings chosen)
      throws InvalidAlgorithmParameterException {
    CharBuffer decoded = StandardCharsets.UTF_8.decode(ByteBuffer.wrap(password));
    char[] chars = new char[decoded.remaining()];
    decoded.get(chars);
    Arrays.fill(decoded.array(), '\0');
    try {
      // FIPS mode's PBKDF2 limits hold for the key a PBES2 cipher derives too; derive checks them.
      return Pbkdf2KeyFactory.derive(md, chars, chosen.salt, chosen.iterations, keyBytes);
    } catch (java.security.spec.InvalidKeySpecException e) {
      throw new InvalidAlgorithmParameterException(e.getMessage(), e);
    } finally {
      Arrays.fill(chars, '\0');
    }
  }

  /** The salt, iterations and IV an init uses, defaults filled in, as SunJCE chooses them. */
  private static Settings settingsFor(
      boolean encrypt,
      int iterations,
      byte[] salt,
      AlgorithmParameterSpec ivSpec,
      SecureRandom random)
      throws InvalidAlgorithmParameterException {
    SecureRandom source = random != null ? random : new SecureRandom();
    IvParameterSpec iv;
    if (ivSpec instanceof IvParameterSpec given) {
      iv = given;
    } else if (ivSpec == null && encrypt) {
      byte[] bytes = new byte[BLOCK];
      source.nextBytes(bytes);
      iv = new IvParameterSpec(bytes);
    } else {
      throw new InvalidAlgorithmParameterException(
          "Wrong parameter type: IvParameterSpec " + (encrypt ? "or null " : "") + "expected");
    }
    if (salt == null) {
      if (!encrypt) {
        throw new InvalidAlgorithmParameterException("Salt needed for decryption");
      }
      salt = new byte[DEFAULT_SALT_BYTES];
      source.nextBytes(salt);
    }
    return new Settings(salt, iterations == 0 ? DEFAULT_ITERATIONS : iterations, iv);
  }

  private static byte[] checkSalt(byte[] salt) throws InvalidAlgorithmParameterException {
    if (salt != null && salt.length < 8) {
      throw new InvalidAlgorithmParameterException("Salt must be at least 8 bytes long");
    }
    return salt;
  }

  private static int checkIterations(int iterations) throws InvalidAlgorithmParameterException {
    if (iterations < 0) {
      throw new InvalidAlgorithmParameterException("Iteration count must be a positive number");
    }
    return iterations;
  }
}
