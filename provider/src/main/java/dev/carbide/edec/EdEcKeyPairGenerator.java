package dev.carbide.edec;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import dev.carbide.keys.NativePrivateKey;
import dev.carbide.keys.PkeyNative;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.NamedParameterSpec;

/**
 * KeyPairGenerator for EdDSA (Ed25519 by default) or XDH (X25519 by default), or for one fixed
 * curve ("Ed25519", "X448", ...). Keys come from OpenSSL's DRBG: a SecureRandom is not used.
 *
 * <p>The native generator is freed when the curve changes, so {@code initialize} and generation
 * hold a guard: a generator shared by threads gives an IllegalStateException, never a freed
 * generator or a key labelled with another generator's curve.
 */
final class EdEcKeyPairGenerator extends KeyPairGeneratorSpi {
  private final EntryGuard guard = new EntryGuard();
  private final boolean signing;
  private final EdEcCurve fixed;
  private EdEcCurve curve;
  private long generator;
  private Cleaner.Cleanable cleanable;

  /** {@code fixed} is null for the family-wide services "EdDSA" and "XDH". */
  EdEcKeyPairGenerator(boolean signing, EdEcCurve fixed) {
    this.signing = signing;
    this.fixed = fixed;
    this.curve = fixed != null ? fixed : signing ? EdEcCurve.ED25519 : EdEcCurve.X25519;
  }

  @Override
  public void initialize(int keysize, SecureRandom random) {
    EdEcCurve chosen = EdEcCurve.byBits(keysize, signing);
    if (chosen == null || fixed != null && chosen != fixed) {
      throw new InvalidParameterException("Unsupported key size: " + keysize);
    }
    select(chosen);
  }

  @Override
  public void initialize(AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(params instanceof NamedParameterSpec named)) {
      throw new InvalidAlgorithmParameterException("NamedParameterSpec required, not " + params);
    }
    EdEcCurve chosen = EdEcCurve.byName(named.getName(), signing);
    if (chosen != null && fixed != null && chosen != fixed && !signing) {
      // SunEC's XDH generator answers another XDH curve so; its EdDSA one as below.
      throw new InvalidParameterException("Parameters must be " + fixed.jcaName());
    }
    if (chosen == null || fixed != null && chosen != fixed) {
      throw new InvalidAlgorithmParameterException("Unsupported parameters: " + named.getName());
    }
    select(chosen);
  }

  private void select(EdEcCurve chosen) {
    guard.enter();
    try {
      if (chosen != curve && cleanable != null) {
        cleanable.clean();
        cleanable = null;
        generator = 0;
      }
      curve = chosen;
    } finally {
      guard.exit();
    }
  }

  @Override
  public KeyPair generateKeyPair() {
    guard.enter();
    try {
      if (generator == 0) {
        generator = PkeyNative.newKeyPairGenerator(curve.opensslName, null);
        cleanable =
            NativeCleaner.register(
                this,
                generator,
                PkeyNative::freeKeyPairGenerator,
                NativeFootprint.KEY_PAIR_GENERATOR);
      }
      long pair = PkeyNative.generate(generator);
      // The private key takes ownership of `pair` first, so a failure below cannot leak it.
      NativePrivateKey privateKey = EdEcKeys.privateKey(curve, pair);
      byte[] raw = PkeyNative.rawBytes(pair, false);
      return new KeyPair(EdEcKeys.generatedPublicKey(curve, raw), privateKey);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }
}
