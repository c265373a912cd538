package dev.carbide.ec;

import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.util.Arrays;

/** Shared pieces of the EC tests: SunEC, curve parameters, key pairs and points. */
final class EcTesting {
  private EcTesting() {}

  static final String[] CURVES = {"secp256r1", "secp384r1", "secp521r1"};

  static Provider sunEc() {
    return Security.getProvider("SunEC");
  }

  static ECParameterSpec params(String curve) throws GeneralSecurityException {
    AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC", sunEc());
    parameters.init(new ECGenParameterSpec(curve));
    return parameters.getParameterSpec(ECParameterSpec.class);
  }

  static KeyPair pair(Provider provider, String curve) throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
    generator.initialize(new ECGenParameterSpec(curve));
    return generator.generateKeyPair();
  }

  /** SunEC's own copy of {@code key}, a foreign key for Carbide. */
  static java.security.Key sunEcCopy(java.security.Key key) throws GeneralSecurityException {
    return java.security.KeyFactory.getInstance("EC", sunEc()).translateKey(key);
  }

  /** The point of an uncompressed SEC 1 encoding, or null if it is not one. */
  static ECPoint uncompressed(byte[] encoded) {
    if (encoded.length < 3 || encoded[0] != 4 || encoded.length % 2 != 1) {
      return null;
    }
    int size = (encoded.length - 1) / 2;
    return new ECPoint(
        new BigInteger(1, Arrays.copyOfRange(encoded, 1, 1 + size)),
        new BigInteger(1, Arrays.copyOfRange(encoded, 1 + size, encoded.length)));
  }
}
