package dev.carbide.dh;

import dev.carbide.internal.EntryGuard;
import dev.carbide.internal.NativeCleaner;
import dev.carbide.internal.NativeFootprint;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.DHParameterSpec;

/**
 * KeyPairGenerator "DiffieHellman": over given {@link DHParameterSpec}s, or for a bare key size
 * over SunJCE's group of that size ({@link DhGroups}). Keys come from OpenSSL's DRBG: a
 * SecureRandom passed to {@code initialize} is not used. The private value has the parameters'
 * length {@code l} in bits where one is given, else the length OpenSSL picks for the group's
 * strength.
 *
 * <p>Like the EC generator, {@code initialize} and generation hold a guard: a generator shared by
 * threads gives an IllegalStateException, never a freed native generator.
 */
final class DhKeyPairGenerator extends KeyPairGeneratorSpi {
  private final EntryGuard guard = new EntryGuard();
  private DHParameterSpec params;
  private long generator;
  private Cleaner.Cleanable cleanable;

  @Override
  public void initialize(int keysize, SecureRandom random) {
    try {
      select(DhGroups.forSize(keysize));
    } catch (InvalidAlgorithmParameterException e) {
      throw new ProviderException("OpenSSL refused SunJCE's DH group", e);
    }
  }

  @Override
  public void initialize(AlgorithmParameterSpec spec, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(spec instanceof DHParameterSpec dh)) {
      throw new InvalidAlgorithmParameterException("Inappropriate parameter type");
    }
    int size = dh.getP().bitLength();
    try {
      checkSize(size);
    } catch (InvalidParameterException e) {
      throw new InvalidAlgorithmParameterException(e.getMessage(), e);
    }
    if (dh.getL() < 0 || dh.getL() > size) {
      throw new InvalidAlgorithmParameterException(
          "Exponent size must be positive and less than modulus size");
    }
    select(dh);
  }

  // SunJCE's range: multiples of 64 from 512 to 8192 bits, and its message.
  private static void checkSize(int size) {
    if (size < 512 || size > 8192 || (size & 0x3f) != 0) {
      throw new InvalidParameterException(
          "DH key size must be multiple of 64, and can only range from 512 to 8192 (inclusive). "
              + "The specific key size "
              + size
              + " is not supported");
    }
  }

  // Sets up the native generator at once, so parameters OpenSSL refuses fail here.
  private void select(DHParameterSpec chosen) throws InvalidAlgorithmParameterException {
    guard.enter();
    try {
      release();
      params = chosen;
      generator =
          DhNative.newGenerator(
              DhKeys.unsigned(chosen.getP()), DhKeys.unsigned(chosen.getG()), chosen.getL());
      cleanable =
          NativeCleaner.register(
              this, generator, DhNative::freeGenerator, NativeFootprint.KEY_PAIR_GENERATOR);
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
        select(DhGroups.defaults());
      } catch (InvalidAlgorithmParameterException e) {
        throw new ProviderException("OpenSSL refused SunJCE's DH group", e);
      }
    }
    guard.enter();
    try {
      return DhKeys.pairOf(DhNative.generate(generator), params);
    } finally {
      guard.exit();
      Reference.reachabilityFence(this);
    }
  }
}
