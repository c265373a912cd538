package dev.carbide.cipher;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.ProviderException;
import java.security.spec.AlgorithmParameterSpec;

/** The AlgorithmParameters a cipher reports through getParameters(). */
final class CipherParameters {
  private CipherParameters() {}

  /** Parameters of the JCA type {@code algorithm} ("GCM", "AES") holding {@code spec}. */
  static AlgorithmParameters of(String algorithm, AlgorithmParameterSpec spec) {
    try {
      AlgorithmParameters parameters = AlgorithmParameters.getInstance(algorithm);
      parameters.init(spec);
      return parameters;
    } catch (GeneralSecurityException e) {
      throw new ProviderException("Cannot create " + algorithm + " parameters", e);
    }
  }
}
