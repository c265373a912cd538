package dev.carbide.kdf;

import dev.carbide.ScryptKeySpec;
import java.security.InvalidAlgorithmParameterException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;

/** scrypt (RFC 7914) from a {@link ScryptKeySpec}, through OpenSSL's "SCRYPT". */
final class ScryptDerivation implements KdfKeyFactory.Derivation {
  private final EvpKdf kdf;

  ScryptDerivation(EvpKdf kdf) {
    this.kdf = kdf;
  }

  /**
   * The bytes OpenSSL allocates for N, r and p: the block array B (128 * r * p) and the table V
   * (128 * r * (N + 2)), which is what its maxmem_bytes check counts. Exact in a long for the
   * ranges the spec allows (N below 2^31, p * r below 2^30).
   */
  static long memoryBytes(long n, long r, long p) {
    return 128 * r * p + 128 * r * (n + 2);
  }

  @Override
  public byte[] derive(KeySpec keySpec)
      throws InvalidKeySpecException, InvalidAlgorithmParameterException {
    if (!(keySpec instanceof ScryptKeySpec spec)) {
      throw new InvalidKeySpecException("SCRYPT needs a dev.carbide.ScryptKeySpec");
    }
    byte[] salt = spec.getSalt();
    if (salt == null) {
      throw new InvalidKeySpecException("Salt not found");
    }
    int n = spec.getCostParameter();
    int r = spec.getBlockSize();
    int p = spec.getParallelizationParameter();
    if (n <= 1 || Integer.bitCount(n) != 1) {
      throw new InvalidKeySpecException("scrypt cost parameter N must be a power of 2 above 1");
    }
    if (r < 1 || p < 1 || (long) p * r >= 1 << 30) {
      throw new InvalidKeySpecException(
          "scrypt block size r and parallelization p must be positive with p * r < 2^30");
    }
    // RFC 7914: N < 2^(128 * r / 8), which binds only for r = 1 (N < 2^16).
    if (r == 1 && n >= 1 << 16) {
      throw new InvalidKeySpecException("scrypt cost parameter N must be below 2^(16 * r)");
    }
    int length = KdfKeyFactory.keyBytes("SCRYPT", spec.getKeyLength(), 8);
    long limit =
        EvpKdf.checkMemory("scrypt with N=" + n + ", r=" + r + ", p=" + p, memoryBytes(n, r, p));
    return kdf.deriveWithPassword(
        spec.getPassword(),
        new EvpKdf.Params()
            .bytes(EvpKdf.SALT, salt)
            .number(EvpKdf.SCRYPT_N, n)
            .number(EvpKdf.SCRYPT_R, r)
            .number(EvpKdf.SCRYPT_P, p)
            .number(EvpKdf.MAX_MEMORY_BYTES, limit),
        length);
  }
}
