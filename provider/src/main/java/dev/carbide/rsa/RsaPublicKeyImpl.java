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
  private transient volatile BigInteger modulus;
  private transient volatile BigInteger exponent;

  /** Takes ownership of native key {@code handle}. */
  RsaPublicKeyImpl(RsaType type, AlgorithmParameterSpec params, long handle) {
    super(type.jcaName, handle);
    this.params = params;
  }

  @Override
  public BigInteger getModulus() {
    BigInteger result = modulus;
    if (result == null) {
      result = component(RsaNative.MODULUS);
      modulus = result;
    }
    return result;
  }

  @Override
  public BigInteger getPublicExponent() {
    BigInteger result = exponent;
    if (result == null) {
      result = component(RsaNative.PUBLIC_EXPONENT);
      exponent = result;
    }
    return result;
  }

  private BigInteger component(int part) {
    byte[] bytes = query(handle -> RsaNative.component(handle, part));
    return new BigInteger(1, bytes);
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
