package dev.carbide.dsa;

import dev.carbide.keys.PkeyNative;
import java.math.BigInteger;
import java.security.AlgorithmParameterGeneratorSpi;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.DSAGenParameterSpec;
import java.security.spec.DSAParameterSpec;

/**
 * AlgorithmParameterGenerator "DSA": fresh FIPS 186-4 domain parameters from OpenSSL, for SUN's
 * sizes (512 to 1024 bits in steps of 64 with a 160-bit q, 2048 with 224, 3072 with 256; 2048 by
 * default) or the sizes of a {@link DSAGenParameterSpec}. Slow by nature (seconds at 3072 bits).
 * OpenSSL's DRBG is the randomness: a SecureRandom passed to {@code init} is not used.
 */
final class DsaParameterGenerator extends AlgorithmParameterGeneratorSpi {
  private int primeBits = 2048;
  private int subprimeBits = 224;

  @Override
  protected void engineInit(int strength, SecureRandom random) {
    if (strength != 2048
        && strength != 3072
        && (strength < 512 || strength > 1024 || strength % 64 != 0)) {
      throw new InvalidParameterException(
          "Unexpected strength (size of prime): "
              + strength
              + ". Prime size should be 512-1024, 2048, or 3072");
    }
    primeBits = strength;
    subprimeBits = strength <= 1024 ? 160 : strength == 2048 ? 224 : 256;
  }

  @Override
  protected void engineInit(AlgorithmParameterSpec spec, SecureRandom random)
      throws InvalidAlgorithmParameterException {
    if (!(spec instanceof DSAGenParameterSpec gen)) {
      throw new InvalidAlgorithmParameterException("Invalid parameter");
    }
    primeBits = gen.getPrimePLength();
    subprimeBits = gen.getSubprimeQLength();
  }

  @Override
  protected AlgorithmParameters engineGenerateParameters() {
    DSAParameterSpec spec;
    long handle;
    try {
      handle = DsaNative.generateParameters(primeBits, subprimeBits);
    } catch (InvalidAlgorithmParameterException e) {
      throw new ProviderException("OpenSSL refused the DSA parameter sizes", e);
    }
    try {
      spec =
          new DSAParameterSpec(
              new BigInteger(1, DsaNative.component(handle, DsaNative.P)),
              new BigInteger(1, DsaNative.component(handle, DsaNative.Q)),
              new BigInteger(1, DsaNative.component(handle, DsaNative.G)));
    } finally {
      PkeyNative.free(handle);
    }
    try {
      AlgorithmParameters result = AlgorithmParameters.getInstance("DSA");
      result.init(spec);
      return result;
    } catch (GeneralSecurityException e) {
      throw new ProviderException("no DSA AlgorithmParameters", e);
    }
  }
}
