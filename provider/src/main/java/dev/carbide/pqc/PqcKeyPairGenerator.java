package dev.carbide.pqc;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import dev.carbide.keys.PkeyNative;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.NamedParameterSpec;

/**
 * KeyPairGenerator for a family ("ML-KEM": ML-KEM-768 unless a NamedParameterSpec says otherwise)
 * or one parameter set ("ML-KEM-768"), as the JDK 25's. Keys come from OpenSSL's DRBG: a
 * SecureRandom is not used.
 */
final class PqcKeyPairGenerator extends KeyPairGeneratorSpi {
  private final PqcKeys.Scope scope;
  private PqcAlgorithm parameterSet;
  private long generator;
  private Cleaner.Cleanable cleanable;
  private final EntryGuard guard = new EntryGuard();

  PqcKeyPairGenerator(PqcKeys.Scope scope) {
    this.scope = scope;
    this.parameterSet = scope.fixed() != null ? scope.fixed() : scope.family().defaultSet();
  }

  /** As the JDK's: no key size selects a parameter set. */
  @Override
  public void initialize(int keysize, SecureRandom random) {
    throw new InvalidParameterException("keysize not supported");
  }

  @Override
  public void initialize(AlgorithmParameterSpec params, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(params instanceof NamedParameterSpec named)) {
      throw new InvalidAlgorithmParameterException("Unsupported AlgorithmParameterSpec: " + params);
    }
    PqcAlgorithm chosen = PqcAlgorithm.byName(named.getName());
    if (chosen == null
        || chosen.family != scope.family()
        || scope.fixed() != null && chosen != scope.fixed()) {
      throw new InvalidAlgorithmParameterException(
          "Unsupported parameter set name: " + named.getName());
    }
    guard.enter();
    try {
      if (chosen != parameterSet && cleanable != null) {
        cleanable.clean();
        cleanable = null;
        generator = 0;
      }
      parameterSet = chosen;
    } finally {
      guard.exit();
    }
  }

  @Override
  public KeyPair generateKeyPair() {
    guard.enter();
    try {
      if (generator == 0) {
        generator = PkeyNative.newKeyPairGenerator(parameterSet.opensslName(), null);
        cleanable =
            NativeCleaner.register(
                this,
                generator,
                PkeyNative::freeKeyPairGenerator,
                NativeFootprint.KEY_PAIR_GENERATOR);
      }
      long pair = PkeyNative.generate(generator);
      // The private key owns `pair` first, so a failure below cannot leak it.
      if (scope.family().hybrid) {
        HybridPrivateKey privateKey = new HybridPrivateKey(parameterSet, pair);
        byte[] share = PqcNative.keyShare(pair);
        return new KeyPair(new HybridPublicKey(parameterSet, share), privateKey);
      }
      PqcPrivateKeyImpl privateKey = new PqcPrivateKeyImpl(parameterSet, pair);
      byte[] raw = PkeyNative.rawBytes(pair, false);
      return new KeyPair(new PqcPublicKeyImpl(parameterSet, raw), privateKey);
    } catch (InvalidKeyException e) {
      throw new ProviderException("generated key has no key share", e);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }
}
