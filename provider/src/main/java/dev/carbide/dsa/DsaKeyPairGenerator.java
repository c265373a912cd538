package dev.carbide.dsa;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import dev.carbide.keys.ParametersBySize;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyPairGeneratorSpi;
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
 * <p>{@code initialize} and generation hold a guard: a generator shared by threads gives an
 * IllegalStateException, never a freed native generator.
 */
final class DsaKeyPairGenerator extends KeyPairGeneratorSpi {
  private static final ParametersBySize<DSAParameterSpec> DEFAULTS =
      new ParametersBySize<>(DsaKeyPairGenerator::sunParameters);

  private final EntryGuard guard = new EntryGuard();
  private int size; // 0: SUN's default size
  private DSAParameterSpec params;
  private long generator;
  private Cleaner.Cleanable cleanable;

  @Override
  public void initialize(int keysize, SecureRandom random) {
    sunGenerator(keysize); // SUN's checks and exceptions for the size
    guard.enter();
    try {
      release();
      size = keysize;
      params = null;
    } finally {
      guard.exit();
    }
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

  // Sets up the native generator at once, so parameters OpenSSL refuses fail here.
  private void select(DSAParameterSpec chosen) throws InvalidAlgorithmParameterException {
    guard.enter();
    try {
      release();
      params = chosen;
      generator =
          DsaNative.newGenerator(
              DsaKeys.unsigned(chosen.getP()),
              DsaKeys.unsigned(chosen.getQ()),
              DsaKeys.unsigned(chosen.getG()));
      cleanable =
          NativeCleaner.register(
              this, generator, DsaNative::freeGenerator, NativeFootprint.KEY_PAIR_GENERATOR);
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
    if (params == null) {
      try {
        select(DEFAULTS.forSize(size));
      } catch (InvalidAlgorithmParameterException e) {
        throw new ProviderException("OpenSSL refused SUN's DSA parameters", e);
      }
    }
    guard.enter();
    try {
      return DsaKeys.pairOf(DsaNative.generate(generator), params);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }
}
