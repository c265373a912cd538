package dev.carbide.bench;

import dev.carbide.internal.JniFloor;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.KeySpec;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.Mac;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JCA's own cost per operation, which every provider pays and the native limit does not: the
 * TLS record sequence of {@link CipherTlsRecordBenchmark}, the 16 KiB message of {@link
 * CipherBenchmark} (allocating) and {@link CipherIntoArrayBenchmark}, and the 64-byte digest of
 * {@link MessageDigestBenchmark}, served by a provider whose SPIs only take what a real one must
 * (the key's encoding, the IV, the AAD) and transform nothing. So no provider can run an operation
 * faster than its native limit plus this floor, and a target above that bound cannot be met.
 *
 * <p>The {@code jni*} and {@code criticalDowncall64} rows add the bridge's floor: Carbide's own
 * no-op natives ({@link JniFloor}) crossed each way a real call crosses (docs/native-calls.md).
 * They run no OpenSSL.
 *
 * <p>Not in the launcher's {@link Catalog}: it measures the framework, not a provider. Run it with
 * {@code java -jar bench/target/benchmarks.jar JcaFloor}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class JcaFloorBenchmark {
  private static final int RECORD = 1024;

  /** The size at which the allocating doFinal's share of the native limit is tracked. */
  private static final int LARGE = 16 * 1024;

  private static final int TAG_BYTES = 16;

  private final Provider floor = new FloorProvider();
  private final byte[] header = Inputs.bytes(13, 8);
  private final byte[] message = Inputs.bytes(64, 1);
  private final CipherBenchmark.Counter iv = new CipherBenchmark.Counter();
  private byte[] record;
  private final byte[] large = Inputs.bytes(LARGE, 2);
  private final byte[] largeOutput = new byte[LARGE + TAG_BYTES];
  private SecretKey key;
  private Cipher cipher;
  private MessageDigest digest;
  private Mac mac;
  private SecretKey macKey;
  private SecretKeyFactory passwordFactory;
  private final PBEKeySpec passwordSpec =
      new PBEKeySpec("password".toCharArray(), Inputs.bytes(16, 4), 1, 256);

  @Setup
  public void setup() throws GeneralSecurityException {
    key = new SecretKeySpec(Inputs.bytes(16, 9), "AES");
    record = new byte[RECORD + TAG_BYTES];
    cipher = Cipher.getInstance("AES/GCM/NoPadding", floor);
    digest = MessageDigest.getInstance("SHA-256", floor);
    macKey = new SecretKeySpec(Inputs.bytes(32, 3), "AES");
    mac = Mac.getInstance("AESGMAC", floor);
    mac.init(macKey, new IvParameterSpec(iv.next(12)));
    passwordFactory = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", floor);
  }

  @Benchmark
  public byte[] tlsRecordSeal() throws GeneralSecurityException {
    return CipherTlsRecordBenchmark.seal(cipher, key, iv, header, record, RECORD);
  }

  /**
   * {@link CipherBenchmark}'s operation at 16 KiB: {@code init} with a new IV, then {@code
   * doFinal(input)}, whose SPI must return a new array of the output's length.
   */
  @Benchmark
  public byte[] doFinalAllocating16k() throws GeneralSecurityException {
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv.next(12)));
    return cipher.doFinal(large);
  }

  /**
   * {@link CipherIntoArrayBenchmark}'s operation at 16 KiB, into one reused array: the difference
   * from {@link #doFinalAllocating16k} is the price of the new array alone.
   */
  @Benchmark
  public byte[] doFinalIntoArray16k() throws GeneralSecurityException {
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv.next(12)));
    cipher.doFinal(large, 0, LARGE, largeOutput, 0);
    return largeOutput;
  }

  @Benchmark
  public byte[] digest64() {
    return digest.digest(message);
  }

  /** {@link MacBenchmark}'s operation at 64 B on a Mac keyed once (HMAC, CMAC, Poly1305). */
  @Benchmark
  public byte[] mac64() {
    return mac.doFinal(message);
  }

  /** {@link MacBenchmark}'s AESGMAC operation at 64 B: {@code init} with a new IV, then doFinal. */
  @Benchmark
  public byte[] macWithNewIv64() throws GeneralSecurityException {
    mac.init(macKey, new IvParameterSpec(iv.next(12)));
    return mac.doFinal(message);
  }

  /**
   * A password KDF's call through a reused SecretKeyFactory (PBKDF2 at one iteration, as the speed
   * table's row): the spec's password and salt are copied, and a new key object is returned.
   */
  @Benchmark
  public byte[] secretKeyFactory() throws GeneralSecurityException {
    return passwordFactory.generateSecret(passwordSpec).getEncoded();
  }

  /** A JNI call with primitive arguments through Carbide's error guard, as over scratch memory. */
  @Benchmark
  public int jniCrossing() {
    return JniFloor.crossing(message.length);
  }

  /** A JNI call that copies a 64-byte array to the stack, as keys, IVs and short inputs go. */
  @Benchmark
  public int jniRegion64() {
    return JniFloor.region(message, message.length);
  }

  /** A JNI call that pins a 16 KiB array, as bulk data goes by JNI. */
  @Benchmark
  public int jniCritical16k() {
    return JniFloor.critical(large);
  }

  /**
   * A critical FFM downcall handed a 64-byte array as it lies, as Java 22 and later finish a MAC or
   * digest and run a cipher step of up to 16 KiB.
   */
  @Benchmark
  public int criticalDowncall64() {
    return JniFloor.downcall(message, message.length);
  }

  /** Serves the SPIs below under the names the benchmarks ask for. */
  private static final class FloorProvider extends Provider {
    FloorProvider() {
      super("JcaFloor", "1", "SPIs that do no cryptography, to measure the JCA's own cost");
      putService(
          new Service(this, "Cipher", "AES/GCM/NoPadding", "", null, null) {
            @Override
            public Object newInstance(Object ignored) {
              return new FloorCipher(TAG_BYTES);
            }
          });
      putService(
          new Service(this, "MessageDigest", "SHA-256", "", null, null) {
            @Override
            public Object newInstance(Object ignored) {
              return new FloorDigest();
            }
          });
      putService(
          new Service(this, "Mac", "AESGMAC", "", null, null) {
            @Override
            public Object newInstance(Object ignored) {
              return new FloorMac();
            }
          });
      putService(
          new Service(this, "SecretKeyFactory", "PBKDF2WithHmacSHA256", "", null, null) {
            @Override
            public Object newInstance(Object ignored) {
              return new FloorPasswordFactory();
            }
          });
    }
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
}
