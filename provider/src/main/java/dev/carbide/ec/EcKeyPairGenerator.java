package dev.carbide.ec;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.JdkDefaults;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import dev.carbide.keys.PkeyNative;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.NamedParameterSpec;

/**
 * KeyPairGenerator "EC" for the curves of {@link EcCurve}; by default the curve SunEC of the
 * running JDK uses (P-384 on recent JDKs, P-256 on older ones). Keys come from OpenSSL's DRBG: a
 * SecureRandom passed to {@code initialize} is not used.
 *
 * <p>The native generator is freed when the curve changes, so {@code initialize} and generation
 * hold a guard: a generator shared by threads gives an IllegalStateException, never a freed
 * generator or a key labelled with another generator's curve.
 */
final class EcKeyPairGenerator extends KeyPairGeneratorSpi {
  private final EntryGuard guard = new EntryGuard();
  private EcCurve curve = defaultCurve();
  private long generator;
  private Cleaner.Cleanable cleanable;

  private static EcCurve defaultCurve() {
    EcCurve curve = EcCurve.byBits(JdkDefaults.ecKeyBits());
    return curve != null ? curve : EcCurve.P_384;
  }

  @Override
  public void initialize(int keysize, SecureRandom random) {
    EcCurve chosen = EcCurve.byBits(keysize);
    if (chosen == null) {
      throw new InvalidParameterException("Unsupported EC key size: " + keysize);
    }
    select(chosen);
  }

  @Override
  public void initialize(AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    EcCurve chosen;
    if (params instanceof ECGenParameterSpec gen) {
      chosen = EcCurve.byName(gen.getName());
    } else if (params instanceof NamedParameterSpec named) {
      chosen = EcCurve.byName(named.getName());
    } else if (params instanceof ECParameterSpec spec) {
      chosen = EcCurve.of(spec);
    } else {
      throw new InvalidAlgorithmParameterException(
          "ECParameterSpec or ECGenParameterSpec required for EC");
    }
    if (chosen == null) {
      throw new InvalidAlgorithmParameterException("Unsupported curve: " + params);
    }
    select(chosen);
  }

  private void select(EcCurve chosen) {
    guard.enter();
    try {
      if (chosen != curve) {
        curve = chosen;
        release();
      }
    } finally {
      guard.exit();
    }
  }

  private void release() {
    if (cleanable != null) {
      cleanable.clean();
      cleanable = null;
      generator = 0;
    }
  }

  @Override
  public KeyPair generateKeyPair() {
    guard.enter();
    try {
      if (generator == 0) {
        generator = PkeyNative.newKeyPairGenerator("EC", curve.opensslName);
        cleanable =
            NativeCleaner.register(
                this,
                generator,
                PkeyNative::freeKeyPairGenerator,
                NativeFootprint.KEY_PAIR_GENERATOR);
      }
      EcPrivateKeyImpl privateKey = new EcPrivateKeyImpl(curve, PkeyNative.generate(generator));
      return new KeyPair(privateKey.generatedPublicKey(), privateKey);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }
}
