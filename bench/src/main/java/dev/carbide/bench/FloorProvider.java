package dev.carbide.bench;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.Key;
import java.security.MessageDigestSpi;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.KeySpec;
import java.util.function.Supplier;
import javax.crypto.CipherSpi;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The no-op provider behind {@link JcaFloorBenchmark} and {@link RouteFloorBenchmark}: SPIs that
 * take what a real one must (the key's encoding, the IV, the AAD, the password and salt) and
 * transform nothing, served under the names the benchmarks ask for.
 */
final class FloorProvider extends Provider {
  /** The tag length of the AES/GCM cipher it serves. */
  static final int GCM_TAG_BYTES = 16;

  FloorProvider() {
    super("JcaFloor", "1", "SPIs that do no cryptography, to measure the JCA's own cost");
    serve("Cipher", "AES/GCM/NoPadding", () -> new FloorCipher(GCM_TAG_BYTES));
    serve("MessageDigest", "SHA-256", FloorDigest::new);
    serve("Mac", "AESGMAC", FloorMac::new);
    serve("SecretKeyFactory", "PBKDF2WithHmacSHA256", FloorPasswordFactory::new);
    // KDF.getInstance hands its parameters to the SPI's constructor, which may refuse them.
    putService(
        new Service(this, "KDF", "HKDF-SHA256", "", null, null) {
          @Override
          public Object newInstance(Object parameters) throws NoSuchAlgorithmException {
            try {
              return new FloorKdf((KDFParameters) parameters);
            } catch (InvalidAlgorithmParameterException e) {
              throw new NoSuchAlgorithmException(e);
            }
          }
        });
  }

  /** Serves {@code type} and {@code algorithm} with a new SPI from {@code spi} per instance. */
  private void serve(String type, String algorithm, Supplier<Object> spi) {
    putService(
        new Service(this, type, algorithm, "", null, null) {
          @Override
          public Object newInstance(Object ignored) {
            return spi.get();
          }
        });
  }

  /**
   * Copies what a real SPI must copy, and reports the output length a real one would write: the
   * input's, plus {@code tagBytes} (an AEAD's tag). Takes a GCMParameterSpec or an IvParameterSpec
   * ({@link RouteFloorBenchmark}'s floor for AES-CTR and CBC).
   */
  static final class FloorCipher extends CipherSpi {
    private final int tagBytes;
    private byte[] keyBytes;
    private byte[] ivBytes;
    private final byte[] aad = new byte[32];

    FloorCipher(int tagBytes) {
      this.tagBytes = tagBytes;
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom r) {
      keyBytes = key.getEncoded();
      ivBytes =
          params instanceof GCMParameterSpec gcm ? gcm.getIV() : ((IvParameterSpec) params).getIV();
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
      System.arraycopy(src, offset, aad, 0, Math.min(len, aad.length));
    }

    @Override
    protected int engineDoFinal(byte[] in, int inOffset, int len, byte[] out, int outOffset) {
      out[outOffset] = (byte) (keyBytes[0] ^ ivBytes[0] ^ aad[0]); // keeps the copies live
      return len + tagBytes;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
      return inputLen + tagBytes;
    }

    @Override
    protected void engineSetMode(String mode) {}

    @Override
    protected void engineSetPadding(String padding) {}

    @Override
    protected int engineGetBlockSize() {
      return 16;
    }

    @Override
    protected byte[] engineGetIV() {
      return ivBytes == null ? null : ivBytes.clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
      return null;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) {
      throw new UnsupportedOperationException("the floor benchmark passes parameters");
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom r) {
      throw new UnsupportedOperationException("the floor benchmark passes a parameter spec");
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int offset, int len) {
      throw new UnsupportedOperationException("the floor benchmark only calls doFinal");
    }

    @Override
    protected int engineUpdate(byte[] input, int offset, int len, byte[] out, int outOffset) {
      throw new UnsupportedOperationException("the floor benchmark only calls doFinal");
    }

    /** A new array of the output's length, as the JCA requires; one byte is written. */
    @Override
    protected byte[] engineDoFinal(byte[] input, int offset, int len) {
      byte[] out = new byte[len + tagBytes];
      out[0] = (byte) (keyBytes[0] ^ ivBytes[0] ^ aad[0]);
      return out;
    }
  }

  /** Keeps a 64-byte message as a real digest's buffer would, and returns a new 32-byte result. */
  private static final class FloorDigest extends MessageDigestSpi {
    private final byte[] buffer = new byte[64];
    private int buffered;

    @Override
    protected void engineUpdate(byte input) {
      buffer[buffered++ & 63] = input;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
      System.arraycopy(input, offset, buffer, 0, Math.min(len, buffer.length));
      buffered = len;
    }

    @Override
    protected byte[] engineDigest() {
      byte[] result = new byte[32];
      result[0] = (byte) (buffer[0] ^ buffered); // keeps the copy live
      buffered = 0;
      return result;
    }

    @Override
    protected void engineReset() {
      buffered = 0;
    }
  }

  /** Takes the key's encoding and the IV as a real MAC must, and returns a new 16-byte tag. */
  private static final class FloorMac extends MacSpi {
    private byte[] keyBytes;
    private byte[] ivBytes;
    private final byte[] buffer = new byte[64];

    @Override
    protected int engineGetMacLength() {
      return 16;
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params) {
      keyBytes = key.getEncoded();
      ivBytes = params == null ? new byte[1] : ((IvParameterSpec) params).getIV();
    }

    @Override
    protected void engineUpdate(byte input) {
      buffer[0] = input;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
      System.arraycopy(input, offset, buffer, 0, Math.min(len, buffer.length));
    }

    @Override
    protected byte[] engineDoFinal() {
      byte[] tag = new byte[16];
      tag[0] = (byte) (keyBytes[0] ^ ivBytes[0] ^ buffer[0]); // keeps the copies live
      return tag;
    }

    @Override
    protected void engineReset() {}
  }

  /** Copies the password and salt as a real factory must, and returns a new 32-byte key. */
  private static final class FloorPasswordFactory extends SecretKeyFactorySpi {
    @Override
    protected SecretKey engineGenerateSecret(KeySpec spec) {
      PBEKeySpec password = (PBEKeySpec) spec;
      char[] chars = password.getPassword();
      byte[] salt = password.getSalt();
      byte[] derived = new byte[password.getKeyLength() / 8];
      derived[0] = (byte) (chars[0] ^ salt[0] ^ password.getIterationCount());
      java.util.Arrays.fill(chars, '\0');
      return new SecretKeySpec(derived, "PBKDF2WithHmacSHA256");
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) {
      throw new UnsupportedOperationException("the floor benchmark only generates");
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) {
      return key;
    }
  }

  /**
   * Takes an HKDF extract-then-expand's keying material, salt and info as a real KDF must, and
   * returns a new array of the asked length.
   */
  private static final class FloorKdf extends KDFSpi {
    FloorKdf(KDFParameters parameters) throws InvalidAlgorithmParameterException {
      super(parameters);
      if (parameters != null) {
        throw new InvalidAlgorithmParameterException("HKDF takes no parameters");
      }
    }

    @Override
    protected KDFParameters engineGetParameters() {
      return null;
    }

    @Override
    protected SecretKey engineDeriveKey(String algorithm, AlgorithmParameterSpec spec) {
      return new SecretKeySpec(engineDeriveData(spec), algorithm);
    }

    @Override
    protected byte[] engineDeriveData(AlgorithmParameterSpec spec) {
      HKDFParameterSpec.ExtractThenExpand step = (HKDFParameterSpec.ExtractThenExpand) spec;
      byte[] ikm = step.ikms().get(0).getEncoded();
      byte[] salt = step.salts().get(0).getEncoded();
      byte[] info = step.info();
      byte[] derived = new byte[step.length()];
      derived[0] = (byte) (ikm[0] ^ salt[0] ^ info[0]); // keeps the copies live
      return derived;
    }
  }
}
