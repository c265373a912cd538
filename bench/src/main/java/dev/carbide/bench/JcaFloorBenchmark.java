package dev.carbide.bench;

import dev.carbide.internal.JniFloor;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
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
 * TLS record sequence of {@link CipherTlsRecordBenchmark}, the 16 KiB and 1 MiB messages of {@link
 * CipherBenchmark} (allocating) and {@link CipherIntoArrayBenchmark}, the 64-byte digest of {@link
 * MessageDigestBenchmark}, the MACs, a password factory and {@link KdfBenchmark}'s HKDF, served by
 * {@link FloorProvider}, whose SPIs only take what a real one must and transform nothing. So no
 * provider can run an operation faster than its native limit plus this floor, and a target above
 * that bound cannot be met.
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

  /** The size of the suite's largest allocating rows (AES-GCM and ChaCha20-Poly1305 at 1 MiB). */
  private static final int HUGE = 1024 * 1024;

  private static final int TAG_BYTES = FloorProvider.GCM_TAG_BYTES;

  private final Provider floor = new FloorProvider();
  private final byte[] header = Inputs.bytes(13, 8);
  private final byte[] message = Inputs.bytes(64, 1);
  private final CipherBenchmark.Counter iv = new CipherBenchmark.Counter();
  private byte[] record;
  private final byte[] large = Inputs.bytes(LARGE, 2);
  private final byte[] largeOutput = new byte[LARGE + TAG_BYTES];
  private final byte[] huge = Inputs.bytes(HUGE, 6);
  private SecretKey key;
  private Cipher cipher;
  private MessageDigest digest;
  private Mac mac;
  private SecretKey macKey;
  private SecretKeyFactory passwordFactory;
  private KDF kdf;
  private final HKDFParameterSpec.ExtractThenExpand kdfStep = KdfBenchmark.tls13Step();
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
    kdf = KDF.getInstance("HKDF-SHA256", floor);
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
    return initThenDoFinal(large);
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

  /**
   * {@link CipherBenchmark}'s operation at 1 MiB: a new array that large is allocated outside the
   * thread's allocation buffer, so its price differs from the 16 KiB one's.
   */
  @Benchmark
  public byte[] doFinalAllocating1m() throws GeneralSecurityException {
    return initThenDoFinal(huge);
  }

  private byte[] initThenDoFinal(byte[] input) throws GeneralSecurityException {
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv.next(12)));
    return cipher.doFinal(input);
  }

  /** {@link KdfBenchmark}'s operation: HKDF extract-then-expand to 32 bytes on a reused KDF. */
  @Benchmark
  public byte[] kdfExtractThenExpand() throws GeneralSecurityException {
    return kdf.deriveData(kdfStep);
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
}
