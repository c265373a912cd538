package dev.carbide.ec;

import dev.carbide.internal.JdkDefaults;
import dev.carbide.keys.NativeKeyPairGeneratorSpi;
import dev.carbide.keys.PkeyNative;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
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
 * <p>The native generator's lifecycle and guard are {@link NativeKeyPairGeneratorSpi}'s: it is made
 * at the first generation on a curve and freed when the curve changes.
 */
final class EcKeyPairGenerator extends NativeKeyPairGeneratorSpi<EcCurve> {
  EcKeyPairGenerator() {
    super(defaultCurve(), PkeyNative::freeKeyPairGenerator, "the default EC curve");
  }

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
    selectLazily(chosen);
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
    selectLazily(chosen);
  }

  @Override
  protected long newGenerator(EcCurve curve) {
    return PkeyNative.newKeyPairGenerator("EC", curve.opensslName);
  }

  @Override
  protected long generate(long generator) {
    return PkeyNative.generate(generator);
  }

  @Override
  protected KeyPair pairOf(long handle, EcCurve curve) {
    EcPrivateKeyImpl privateKey = new EcPrivateKeyImpl(curve, handle);
    return new KeyPair(privateKey.generatedPublicKey(), privateKey);
  }

  @Override
  protected EcCurve defaults() {
    return defaultCurve();
  }
}
