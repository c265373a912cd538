package dev.carbide.rsa;

import java.math.BigInteger;
import java.util.function.IntFunction;

/**
 * The modulus and public exponent of a native RSA key, each read out once, on first use: the public
 * half that the public and private key classes share. They are not secret, so caching them as
 * BigIntegers is fine where the private components are not.
 */
final class PublicNumbers {
  private final IntFunction<byte[]> read;
  private volatile BigInteger modulus;
  private volatile BigInteger exponent;

  /** {@code read} gives component {@code part} of the key (RsaNative's numbering). */
  PublicNumbers(IntFunction<byte[]> read) {
    this.read = read;
  }

  BigInteger modulus() {
    BigInteger result = modulus;
    if (result == null) {
      result = new BigInteger(1, read.apply(RsaNative.MODULUS));
      modulus = result;
    }
    return result;
  }

  BigInteger exponent() {
    BigInteger result = exponent;
    if (result == null) {
      result = new BigInteger(1, read.apply(RsaNative.PUBLIC_EXPONENT));
      exponent = result;
    }
    return result;
  }
}
