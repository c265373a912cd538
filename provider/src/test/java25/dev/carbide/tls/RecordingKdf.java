package dev.carbide.tls;

import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KDF;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;
import javax.crypto.SecretKey;

/**
 * The KDF engine of {@link RecordingProvider} (Java 25's API, so it lives in the Java 25 test
 * sources and is reached by name). The delegate is a KDF of the JCA's choice; as the JCA binds a
 * KDF at its first derivation, the provider is read after each one. Counts "KDF HKDF-SHA256 derive
 * Carbide".
 */
public final class RecordingKdf extends KDFSpi {
  private final String algorithm;
  private final KDF delegate;

  private RecordingKdf(String algorithm, KDFParameters parameters) throws Exception {
    super(parameters);
    this.algorithm = algorithm;
    this.delegate =
        RecordingProvider.forward(
            () ->
                parameters == null
                    ? KDF.getInstance(algorithm)
                    : KDF.getInstance(algorithm, parameters));
  }

  /** Called by name from {@code RecordingEngines}. */
  public static KDFSpi create(String algorithm, Object parameters) throws Exception {
    return new RecordingKdf(algorithm, (KDFParameters) parameters);
  }

  @Override
  protected KDFParameters engineGetParameters() {
    return delegate.getParameters();
  }

  @Override
  protected SecretKey engineDeriveKey(String alg, AlgorithmParameterSpec spec)
      throws InvalidAlgorithmParameterException, NoSuchAlgorithmException {
    SecretKey key = derive(() -> delegate.deriveKey(alg, spec));
    RecordingProvider.count("KDF", algorithm, "derive", delegate.getProviderName());
    return key;
  }

  @Override
  protected byte[] engineDeriveData(AlgorithmParameterSpec spec)
      throws InvalidAlgorithmParameterException {
    byte[] data;
    try {
      data = derive(() -> delegate.deriveData(spec));
    } catch (NoSuchAlgorithmException e) {
      throw new InvalidAlgorithmParameterException(e);
    }
    RecordingProvider.count("KDF", algorithm, "derive", delegate.getProviderName());
    return data;
  }

  private static <T> T derive(RecordingProvider.Call<T, GeneralSecurityException> call)
      throws InvalidAlgorithmParameterException, NoSuchAlgorithmException {
    try {
      return RecordingProvider.forward(call);
    } catch (InvalidAlgorithmParameterException | NoSuchAlgorithmException e) {
      throw e;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
