package dev.carbide.dsa;

import dev.carbide.keys.NativeKeyPairGeneratorSpi;
import dev.carbide.keys.ParametersBySize;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.interfaces.DSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.DSAParameterSpec;

/**
 * KeyPairGenerator "DSA": over given {@link DSAParameterSpec}s, or for a bare key size over the
 * domain parameters SUN uses for that size (precomputed for 1024, 2048 and 3072 bits), taken from
 * SUN itself as the DH generator takes SunJCE's groups, so keys of a given size are those the JDK
 * makes. Sizes and parameters are checked as SUN checks them, with its exceptions. Keys come from
 * OpenSSL's DRBG: a SecureRandom passed to {@code initialize} is not used.
 *
 * <p>The native generator's lifecycle and guard are {@link NativeKeyPairGeneratorSpi}'s.
 */
final class DsaKeyPairGenerator extends NativeKeyPairGeneratorSpi<DSAParameterSpec> {
  private static final ParametersBySize<DSAParameterSpec> DEFAULTS =
      new ParametersBySize<>(DsaKeyPairGenerator::sunParameters);

  private volatile int size; // 0: SUN's default size

  DsaKeyPairGenerator() {
    super(null, DsaNative::freeGenerator, "SUN's DSA parameters");
  }

  @Override
  public void initialize(int keysize, SecureRandom random) {
    sunGenerator(keysize); // SUN's checks and exceptions for the size
    size = keysize;
    selectLazily(null); // SUN's parameters for the size, looked up at the next generation
  }

  @Override
  public void initialize(AlgorithmParameterSpec spec, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(spec instanceof DSAParameterSpec dsa)) {
      throw new InvalidAlgorithmParameterException("Inappropriate parameter");
    }
    checkStrength(dsa.getP().bitLength(), dsa.getQ().bitLength());
    select(dsa);
  }

  // SUN's accepted (L, N) pairs and its message (an InvalidParameterException, as SUN throws even
  // from the AlgorithmParameterSpec form).
  private static void checkStrength(int sizeP, int sizeQ) {
    boolean legacy = sizeP >= 512 && sizeP <= 1024 && sizeP % 64 == 0 && sizeQ == 160;
    boolean current =
        (sizeP == 2048 && (sizeQ == 224 || sizeQ == 256)) || (sizeP == 3072 && sizeQ == 256);
    if (!legacy && !current) {
      throw new InvalidParameterException(
          "Unsupported prime and subprime size combination: " + sizeP + ", " + sizeQ);
    }
  }

  private static KeyPairGenerator sunGenerator(int keysize) {
    KeyPairGenerator sun;
    try {
      sun = KeyPairGenerator.getInstance("DSA", "SUN");
    } catch (GeneralSecurityException e) {
      throw new ProviderException("no SUN DSA generator to take the parameters from", e);
    }
    if (keysize != 0) {
      sun.initialize(keysize);
    }
    return sun;
  }

  /** SUN's parameters for {@code keysize} (0: its default size): one SUN key generation. */
  private static DSAParameterSpec sunParameters(int keysize) {
    java.security.interfaces.DSAParams sun =
        ((DSAPublicKey) sunGenerator(keysize).generateKeyPair().getPublic()).getParams();
    return new DSAParameterSpec(sun.getP(), sun.getQ(), sun.getG());
  }

  @Override
  protected long newGenerator(DSAParameterSpec params) throws InvalidAlgorithmParameterException {
    return DsaNative.newGenerator(
        DsaKeys.unsigned(params.getP()),
        DsaKeys.unsigned(params.getQ()),
        DsaKeys.unsigned(params.getG()));
  }

  @Override
  protected long generate(long generator) {
    return DsaNative.generate(generator);
  }

  @Override
  protected KeyPair pairOf(long handle, DSAParameterSpec params) {
    return DsaKeys.pairOf(handle, params);
  }

  @Override
  protected DSAParameterSpec defaults() {
    return DEFAULTS.forSize(size);
  }
}
