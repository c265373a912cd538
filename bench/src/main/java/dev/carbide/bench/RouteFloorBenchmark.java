package dev.carbide.bench;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;
import java.util.concurrent.TimeUnit;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What routing an operation to the JDK costs at the least: {@link CipherBenchmark}'s operation
 * ({@code init} with a new IV, then an allocating {@code doFinal}) on SunJCE directly ({@code
 * engine=JDK}), and through a provider whose CipherSpi only forwards each call to a SunJCE {@code
 * Cipher} ({@code engine=Forwarding}). A provider can reach the JDK's engine only through the JDK's
 * public {@code Cipher} (CipherSpi's methods are protected, SunJCE's classes are not exported), so
 * every routed operation pays a second {@code Cipher} layer, and no routing provider can run a
 * routed row faster than the forwarding one here. Where the JDK also beats OpenSSL's native limit
 * (AES-CTR and CBC decryption at 64 B on a CPU with VAES), the forwarding ratio is the best any
 * provider can reach on that row.
 *
 * <p>Not in the launcher's {@link Catalog}: it measures the JCA, not a provider. Run it with {@code
 * java -jar bench/target/benchmarks.jar RouteFloor}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class RouteFloorBenchmark {
  /**
   * SunJCE itself; SunJCE behind a forwarding CipherSpi; or a CipherSpi that transforms nothing
   * ({@code NoOp}: it takes the key and IV and allocates the output, as any provider must), whose
   * time is the JCA's own floor for this operation.
   */
  @Param({"JDK", "Forwarding", "NoOp"})
  public String engine;

  @Param({"AES-256-CTR", "AES-256-CBC-Decrypt"})
  public String algorithm;

  @Param({"64", "1024", "16384"})
  public int size;

  private CipherBenchmark.Scheme scheme;
  private Cipher cipher;
  private Key key;
  private byte[] message;
  private final CipherBenchmark.Counter iv = new CipherBenchmark.Counter();

  @Setup
  public void setup() throws GeneralSecurityException {
    scheme = CipherBenchmark.SCHEMES.get(algorithm);
    Provider provider =
        switch (engine) {
          case "JDK" -> Security.getProvider("SunJCE");
          case "Forwarding" -> new Forwarding(false);
          default -> new Forwarding(true);
        };
    cipher = Cipher.getInstance(scheme.transformation(), provider);
    key = scheme.key();
    message = Inputs.bytes(size, 1);
  }

  @Benchmark
  public byte[] doFinal() throws GeneralSecurityException {
    scheme.init(cipher, key, iv);
    return cipher.doFinal(message);
  }

  /** Serves the routable AES transformations by forwarding to SunJCE, or by doing nothing. */
  private static final class Forwarding extends Provider {
    Forwarding(boolean noOp) {
      super("RouteFloor", "1", "forwards each Cipher call to SunJCE, as a routed operation must");
      for (String transformation : new String[] {"AES/CTR/NoPadding", "AES/CBC/NoPadding"}) {
        putService(
            new Service(this, "Cipher", transformation, "", null, null) {
              @Override
              public Object newInstance(Object ignored) {
                if (noOp) {
                  return new FloorProvider.FloorCipher(0);
                }
                try {
                  return new ForwardingCipher(Cipher.getInstance(transformation, "SunJCE"));
                } catch (GeneralSecurityException e) {
                  throw new IllegalStateException(e);
                }
              }
            });
      }
    }
  }

  /** Each call handed to the JDK's Cipher as it is: the least a routed operation can do. */
  private static final class ForwardingCipher extends CipherSpi {
    private final Cipher jdk;

    ForwardingCipher(Cipher jdk) {
      this.jdk = jdk;
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom r)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
      jdk.init(opmode, key, params, r);
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
      jdk.init(opmode, key, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom r)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
      jdk.init(opmode, key, params, r);
    }

    @Override
    protected byte[] engineDoFinal(byte[] in, int offset, int length)
        throws IllegalBlockSizeException, BadPaddingException {
      return jdk.doFinal(in, offset, length);
    }

    @Override
    protected int engineDoFinal(byte[] in, int offset, int length, byte[] out, int outOffset)
        throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
      return jdk.doFinal(in, offset, length, out, outOffset);
    }

    @Override
    protected byte[] engineUpdate(byte[] in, int offset, int length) {
      return jdk.update(in, offset, length);
    }

    @Override
    protected int engineUpdate(byte[] in, int offset, int length, byte[] out, int outOffset)
        throws ShortBufferException {
      return jdk.update(in, offset, length, out, outOffset);
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
      return jdk.getOutputSize(inputLen);
    }

    @Override
    protected byte[] engineGetIV() {
      return jdk.getIV();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
      return jdk.getParameters();
    }

    @Override
    protected int engineGetBlockSize() {
      return jdk.getBlockSize();
    }

    @Override
    protected void engineSetMode(String mode) {}

    @Override
    protected void engineSetPadding(String padding) {}
  }
}
