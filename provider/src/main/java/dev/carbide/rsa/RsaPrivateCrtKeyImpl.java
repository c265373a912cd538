package dev.carbide.rsa;

import dev.carbide.keys.NativePrivateKey;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.interfaces.RSAMultiPrimePrivateCrtKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.RSAOtherPrimeInfo;
import java.util.Arrays;

/**
 * A Carbide RSA private key with its CRT components. The secret components are read out of native
 * memory on each call rather than cached as BigIntegers that {@code destroy()} could not erase; the
 * modulus and public exponent are cached. A key of more than two primes is an {@link
 * RSAMultiPrimePrivateCrtKey}, as SunRsaSign's are.
 */
class RsaPrivateCrtKeyImpl extends NativePrivateKey
    implements java.security.interfaces.RSAPrivateCrtKey {
  private static final long serialVersionUID = 1L;

  private final transient AlgorithmParameterSpec params;
  private final transient PublicNumbers numbers =
      new PublicNumbers(part -> query(handle -> RsaNative.component(handle, part)));

  /** Takes ownership of native key {@code handle}. */
  RsaPrivateCrtKeyImpl(RsaType type, AlgorithmParameterSpec params, long handle) {
    super(type.jcaName, handle);
    this.params = params;
  }

  /** A key over {@code handle}, multi-prime if it has more than two primes. */
  static RsaPrivateCrtKeyImpl of(RsaType type, AlgorithmParameterSpec params, long handle) {
    return RsaNative.primeCount(handle) > 2
        ? new MultiPrime(type, params, handle)
        : new RsaPrivateCrtKeyImpl(type, params, handle);
  }

  final BigInteger part(int index) {
    byte[] bytes = query(handle -> RsaNative.component(handle, index));
    try {
      return new BigInteger(1, bytes);
    } finally {
      Arrays.fill(bytes, (byte) 0);
    }
  }

  /** The public half, as a key of its own: an RSA public key costs little to import. */
  final RsaPublicKeyImpl publicKey() throws InvalidKeyException {
    RsaType type = getAlgorithm().equals(RsaType.PSS.jcaName) ? RsaType.PSS : RsaType.RSA;
    byte[][] parts = {RsaKeys.magnitude(getModulus()), RsaKeys.magnitude(getPublicExponent())};
    return new RsaPublicKeyImpl(type, params, RsaKeys.fromParts(type, parts, params));
  }

  @Override
  public BigInteger getModulus() {
    return numbers.modulus();
  }

  @Override
  public BigInteger getPublicExponent() {
    return numbers.exponent();
  }

  @Override
  public BigInteger getPrivateExponent() {
    return part(RsaNative.PRIVATE_EXPONENT);
  }

  @Override
  public BigInteger getPrimeP() {
    return part(RsaNative.PRIME_P);
  }

  @Override
  public BigInteger getPrimeQ() {
    return part(RsaNative.PRIME_Q);
  }

  @Override
  public BigInteger getPrimeExponentP() {
    return part(RsaNative.PRIME_EXPONENT_P);
  }

  @Override
  public BigInteger getPrimeExponentQ() {
    return part(RsaNative.PRIME_EXPONENT_Q);
  }

  @Override
  public BigInteger getCrtCoefficient() {
    return part(RsaNative.CRT_COEFFICIENT);
  }

  @Override
  public AlgorithmParameterSpec getParams() {
    return params;
  }

  @Override
  public String toString() {
    return "Carbide " + getAlgorithm() + " private CRT key, " + getModulus().bitLength() + " bits";
  }

  /** A key of three or more primes. */
  static final class MultiPrime extends RsaPrivateCrtKeyImpl implements RSAMultiPrimePrivateCrtKey {
    private static final long serialVersionUID = 1L;

    MultiPrime(RsaType type, AlgorithmParameterSpec params, long handle) {
      super(type, params, handle);
    }

    @Override
    public RSAOtherPrimeInfo[] getOtherPrimeInfo() {
      int primes = query(RsaNative::primeCount);
      RSAOtherPrimeInfo[] others = new RSAOtherPrimeInfo[primes - 2];
      for (int i = 0; i < others.length; i++) {
        int base = RsaNative.CRT_COEFFICIENT + 1 + 3 * i;
        others[i] = new RSAOtherPrimeInfo(part(base), part(base + 1), part(base + 2));
      }
      return others;
    }
  }
}
