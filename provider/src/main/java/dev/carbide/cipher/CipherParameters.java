package dev.carbide.cipher;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.Security;
import java.security.spec.AlgorithmParameterSpec;

/** The AlgorithmParameters a cipher reports through getParameters(). */
final class CipherParameters {
  private CipherParameters() {}

  /** Parameters of the JCA type {@code algorithm} ("GCM", "AES") holding {@code spec}. */
  static AlgorithmParameters of(String algorithm, AlgorithmParameterSpec spec) {
    try {
      AlgorithmParameters parameters;
      try {
        parameters = AlgorithmParameters.getInstance(algorithm);
      } catch (NoSuchAlgorithmException e) {
        parameters = ownOnly(algorithm, e);
      }
      parameters.init(spec);
      return parameters;
    } catch (GeneralSecurityException e) {
      throw new ProviderException("Cannot create " + algorithm + " parameters", e);
    }
  }

  /**
   * A type that only Carbide serves among the JDK's providers ("CCM", "GCM-SIV"), when no installed
   * provider has it (Carbide used as a provider object without being installed): Carbide's own SPI,
   * under the installed Carbide provider if there is one.
   */
  private static AlgorithmParameters ownOnly(String algorithm, NoSuchAlgorithmException e)
      throws NoSuchAlgorithmException {
    GcmParameters spi =
        switch (algorithm) {
          case "CCM" -> GcmParameters.ccm();
          case "GCM-SIV" -> GcmParameters.gcmSiv();
          default -> throw e;
        };
    return new AlgorithmParameters(spi, Security.getProvider("Carbide"), algorithm) {};
  }
}
