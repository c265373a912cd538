package dev.carbide.random;

import java.security.DrbgParameters;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;
import java.util.concurrent.TimeUnit;

/**
 * SecureRandom "DEFAULT": OpenSSL's DRBG hierarchy, by default CTR-DRBG over AES-256, seeded from
 * the operating system and reseeded by OpenSSL on its own schedule.
 *
 * <p>Thread safety: the service says {@code ThreadSafe=true}, so SecureRandom calls in without a
 * lock. This class has no mutable state: OpenSSL keeps a DRBG per thread, and the small-request
 * pool locks per stripe. Nor does it own native state, so there is nothing for a Cleaner to free
 * and no reachability fence to keep.
 *
 * <p>Requests up to {@value #POOLED_LIMIT} bytes are served from a {@link RandomPool} that one
 * RAND_bytes call of {@value #POOL_BUFFER} bytes refills; larger ones go straight to RAND_bytes.
 * The security argument, in short (docs/security-random.md has it in full): the pool hands out the
 * DRBG's own output, in order, each byte once, zeroed as it leaves; the DRBG's backtracking
 * resistance is kept for every byte already handed out. What the pool gives up is bounded: up to
 * {@value #POOL_BUFFER} bytes per stripe of future output sit unserved in the Java heap (a heap
 * disclosure reveals them, and a moving GC may leave stale copies), and a buffered byte can be up
 * to one second older than its request. {@code setSeed} and {@code reseed} empty the pool, so all
 * output requested after them reflects them; requests with prediction resistance or additional
 * input bypass it. The JVM never forks with a live heap, and OpenSSL reseeds its DRBGs in a forked
 * child.
 *
 * <p>{@code setSeed} mixes the seed in as SP 800-90A additional input: it supplements the state and
 * never replaces it, so two instances given the same seed still produce unrelated output.
 */
final class NativeSecureRandom extends SecureRandomSpi {
  private static final long serialVersionUID = 1L;

  /**
   * Requests up to this size come from the pool: a quarter of a refill, so that one crossing and
   * one DRBG request serve at least four of them. A DRBG request's fixed cost is about what
   * generating 3 KiB costs (docs/security-random.md), so a 1 KiB request from the pool costs about
   * half of one of its own. At 4 KiB a refill per request would cost a direct request plus a copy.
   */
  static final int POOLED_LIMIT = 1024;

  /** Bytes per stripe and per refill: one crossing serves at least four pooled requests. */
  static final int POOL_BUFFER = 4096;

  private static final long POOL_MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(1);

  private static final RandomPool POOL =
      new RandomPool(
          RandomPool.defaultStripes(),
          POOL_BUFFER,
          buffer -> RandomNative.generate(buffer, 0, buffer.length),
          System::nanoTime,
          POOL_MAX_AGE_NANOS);

  private final int strength;
  private final String mechanism;

  /**
   * {@code strength} and {@code mechanism} describe OpenSSL's DRBG, probed once at registration.
   */
  NativeSecureRandom(int strength, String mechanism) {
    this.strength = strength;
    this.mechanism = mechanism;
  }

  @Override
  protected void engineSetSeed(byte[] seed) {
    RandomNative.addSeed(seed, 0, seed.length);
    POOL.discard();
  }

  @Override
  protected void engineNextBytes(byte[] bytes) {
    if (bytes.length <= POOLED_LIMIT) {
      POOL.take(bytes, 0, bytes.length);
    } else {
      RandomNative.generate(bytes, 0, bytes.length);
    }
  }

  /**
   * Null parameters mean a plain request. {@link DrbgParameters.NextBytes} is honoured as the JDK's
   * DRBG honours it: a strength above the DRBG's is refused, and prediction resistance or
   * additional input make the request go to OpenSSL with them, past the pool.
   */
  @Override
  protected void engineNextBytes(byte[] bytes, SecureRandomParameters params) {
    if (params == null) {
      engineNextBytes(bytes);
      return;
    }
    if (!(params instanceof DrbgParameters.NextBytes request)) {
      throw new IllegalArgumentException("unsupported params type: " + params.getClass().getName());
    }
    if (request.getStrength() > strength) {
      throw new IllegalArgumentException("strength too high: " + request.getStrength());
    }
    byte[] additionalInput = request.getAdditionalInput();
    if (!request.getPredictionResistance() && additionalInput == null) {
      engineNextBytes(bytes);
      return;
    }
    RandomNative.generateWith(
        bytes,
        0,
        bytes.length,
        Math.max(0, request.getStrength()),
        request.getPredictionResistance(),
        additionalInput);
  }

  @Override
  protected byte[] engineGenerateSeed(int numBytes) {
    if (numBytes < 0) {
      throw new IllegalArgumentException("numBytes cannot be negative");
    }
    byte[] seed = new byte[numBytes];
    RandomNative.generateSeed(seed, 0, numBytes);
    return seed;
  }

  /**
   * Null parameters reseed with prediction resistance: fresh entropy from the operating system for
   * the whole DRBG chain. {@link DrbgParameters.Reseed} chooses prediction resistance and adds
   * additional input.
   */
  @Override
  protected void engineReseed(SecureRandomParameters params) {
    boolean predictionResistance = true;
    byte[] additionalInput = null;
    if (params != null) {
      if (!(params instanceof DrbgParameters.Reseed request)) {
        throw new IllegalArgumentException(
            "unsupported params type: " + params.getClass().getName());
      }
      predictionResistance = request.getPredictionResistance();
      additionalInput = request.getAdditionalInput();
    }
    RandomNative.reseed(predictionResistance, additionalInput);
    POOL.discard();
  }

  /** What a caller may ask of this generator: its strength, and both reseeding and PR. */
  @Override
  protected SecureRandomParameters engineGetParameters() {
    return DrbgParameters.instantiation(strength, DrbgParameters.Capability.PR_AND_RESEED, null);
  }

  @Override
  public String toString() {
    return "Carbide DEFAULT (OpenSSL " + mechanism + ", " + strength + " bits, pr_and_reseed)";
  }
}
