package dev.carbide.rsa;

import dev.carbide.keys.NativePublicKey;
import java.math.BigInteger;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.AlgorithmParameterSpec;

/**
 * A Carbide RSA public key ("RSA", or "RSASSA-PSS" with its PSS parameters, null when the key
 * restricts nothing). The modulus and exponent are read out once, on first use.
 */
final class RsaPublicKeyImpl extends NativePublicKey implements RSAPublicKey {
  private static final long serialVersionUID = 1L;

  private final transient AlgorithmParameterSpec params;
  private final transient PublicNumbers numbers =
      new PublicNumbers(part -> query(handle -> RsaNative.component(handle, part)));

  /** Takes ownership of native key {@code handle}. */
  RsaPublicKeyImpl(RsaType type, AlgorithmParameterSpec params, long handle) {
    super(type.jcaName, handle);
    this.params = params;
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
  public AlgorithmParameterSpec getParams() {
    return params;
  }

  @Override
  public String toString() {
    return "Carbide " + getAlgorithm() + " public key, " + getModulus().bitLength() + " bits";
  }
}
