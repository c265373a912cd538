package dev.carbide.kdf;

import dev.carbide.Argon2KeySpec;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;

/**
 * Argon2i, Argon2d or Argon2id (RFC 9106, version 0x13) from an {@link Argon2KeySpec}, through
 * OpenSSL's "ARGON2I", "ARGON2D" or "ARGON2ID" (OpenSSL 3.2 and later). OpenSSL's default of one
 * thread is kept: it computes the lanes in turn on the calling thread, with the same result, and a
 * JCA call starts no threads.
 */
final class Argon2Derivation implements KdfKeyFactory.Derivation {
  private final String algorithm;
  private final EvpKdf kdf;

  Argon2Derivation(String algorithm, EvpKdf kdf) {
    this.algorithm = algorithm;
    this.kdf = kdf;
  }

  @Override
  public byte[] derive(KeySpec keySpec)
      throws InvalidKeySpecException, InvalidAlgorithmParameterException {
    if (!(keySpec instanceof Argon2KeySpec spec)) {
      throw new InvalidKeySpecException(algorithm + " needs a dev.carbide.Argon2KeySpec");
    }
    byte[] salt = spec.getSalt();
    if (salt == null || salt.length < 8) {
      throw new InvalidKeySpecException(algorithm + " salt must be at least 8 bytes");
    }
    int lanes = spec.getLanes();
    if (lanes < 1 || lanes >= 1 << 24) {
      throw new InvalidKeySpecException(algorithm + " lanes must be between 1 and 2^24 - 1");
    }
    if (spec.getIterations() < 1) {
      throw new InvalidKeySpecException(algorithm + " iterations must be positive");
    }
    long memoryKiB = spec.getMemoryKiB();
    if (memoryKiB < 8L * lanes) {
      throw new InvalidKeySpecException(
          algorithm + " memory must be at least 8 KiB per lane (" + 8L * lanes + " KiB)");
    }
    EvpKdf.checkMemory(algorithm + " with m=" + memoryKiB + " KiB", memoryKiB * 1024);
    int length = KdfKeyFactory.keyBytes(algorithm, spec.getKeyLength(), 32);
    byte[] secret = spec.getSecret();
    try {
      return kdf.deriveWithPassword(
          spec.getPassword(),
          new EvpKdf.Params()
              .bytes(EvpKdf.SALT, salt)
              .bytes(EvpKdf.SECRET, secret)
              .bytes(EvpKdf.ASSOCIATED_DATA, spec.getAssociatedData())
              .number(EvpKdf.ITERATIONS, spec.getIterations())
              .number(EvpKdf.MEMORY_KIB, memoryKiB)
              .number(EvpKdf.LANES, lanes),
          length);
    } finally {
      Arrays.fill(secret, (byte) 0);
    }
  }
}
