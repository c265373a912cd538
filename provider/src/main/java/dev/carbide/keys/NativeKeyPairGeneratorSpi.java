package dev.carbide.keys;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.ProviderException;
import java.util.function.LongConsumer;

/**
 * A KeyPairGenerator over a native generator that OpenSSL sets up once for its domain parameters (a
 * DH group, DSA parameters, an EC curve) and reuses for every pair: the lifecycle the families
 * share. The native generator is made for the parameters selected, kept while they stay, and freed
 * when they change or when this object is collected. A family says how to make, run and free its
 * generator, which parameters apply when none were selected, and how a new native pair becomes a
 * KeyPair; its {@code initialize} methods check their arguments as its JDK provider does, then
 * {@link #select} or {@link #selectLazily}.
 *
 * <p>Selection and generation hold one guard: a generator shared by threads gives an
 * IllegalStateException, never a freed native generator or a key labelled with another selection's
 * parameters. Parameters that OpenSSL refuses leave the previous selection in place.
 *
 * @param <P> the family's domain parameters
 */
public abstract class NativeKeyPairGeneratorSpi<P> extends KeyPairGeneratorSpi {
  private final EntryGuard guard = new EntryGuard();
  private final LongConsumer free;
  private final String defaultsName;
  private P params;
  private long generator;
  private Cleaner.Cleanable cleanable;

  /**
   * @param initial the parameters selected until {@code initialize}, or null for {@link
   *     #defaults()} at the first generation
   * @param free frees a native generator; a static method, since it runs once this object is
   *     unreachable
   * @param defaultsName what {@link #defaults()} are, for the message if OpenSSL refuses them
   */
  protected NativeKeyPairGeneratorSpi(P initial, LongConsumer free, String defaultsName) {
    this.params = initial;
    this.free = free;
    this.defaultsName = defaultsName;
  }

  /** A native generator over {@code params}; InvalidAlgorithmParameterException if refused. */
  protected abstract long newGenerator(P params) throws InvalidAlgorithmParameterException;

  /** A new native key pair from {@code generator}: one key handle holding both halves. */
  protected abstract long generate(long generator);

  /** The KeyPair of native key pair {@code handle}, over {@code params}; owns the handle. */
  protected abstract KeyPair pairOf(long handle, P params);

  /** The parameters of a generation when none were selected (the JDK provider's default size). */
  protected abstract P defaults();

  /**
   * Uses {@code chosen} from now on, with its native generator made at once, so that parameters
   * OpenSSL refuses fail here and leave the previous selection. Selecting the parameters in use
   * again keeps their generator.
   */
  protected final void select(P chosen) throws InvalidAlgorithmParameterException {
    guard.enter();
    try {
      if (chosen != params || generator == 0) {
        install(chosen);
      }
    } finally {
      guard.exit();
    }
  }

  /**
   * Uses {@code chosen} from now on (null: {@link #defaults()}), with its native generator made at
   * the next generation. Selecting the parameters in use again keeps their generator.
   */
  protected final void selectLazily(P chosen) {
    guard.enter();
    try {
      if (chosen == null || chosen != params) {
        release();
        params = chosen;
      }
    } finally {
      guard.exit();
    }
  }

  @Override
  public final KeyPair generateKeyPair() {
    guard.enter();
    try {
      if (generator == 0) {
        try {
          install(params != null ? params : defaults());
        } catch (InvalidAlgorithmParameterException e) {
          String which = params != null ? "the parameters selected" : defaultsName;
          throw new ProviderException("OpenSSL refused " + which, e);
        }
      }
      return pairOf(generate(generator), params);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }

  // Makes the generator first, so a refusal changes nothing; callers hold the guard.
  private void install(P chosen) throws InvalidAlgorithmParameterException {
    long made = newGenerator(chosen);
    release();
    params = chosen;
    generator = made;
    cleanable = NativeCleaner.register(this, made, free, NativeFootprint.KEY_PAIR_GENERATOR);
  }

  private void release() {
    if (cleanable != null) {
      cleanable.clean();
      cleanable = null;
      generator = 0;
    }
  }
}
