package dev.carbide;

import dev.carbide.cipher.CipherServices;
import dev.carbide.cli.FipsSelfTest;
import dev.carbide.dh.DhServices;
import dev.carbide.digest.DigestServices;
import dev.carbide.dsa.DsaServices;
import dev.carbide.ec.EcServices;
import dev.carbide.edec.EdEcServices;
import dev.carbide.internal.Config;
import dev.carbide.internal.FipsMode;
import dev.carbide.internal.NativeCore;
import dev.carbide.internal.NativeLibrary;
import dev.carbide.internal.ServiceSink;
import dev.carbide.kdf.KdfServices;
import dev.carbide.mac.MacServices;
import dev.carbide.pqc.PqcServices;
import dev.carbide.random.RandomServices;
import dev.carbide.rsa.RsaServices;
import dev.carbide.ssl.SslServices;
import java.security.Provider;
import java.security.ProviderException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The Carbide provider. Install it with {@code security.provider.1=Carbide} in a java.security
 * override, or with {@code Security.insertProviderAt(new CarbideProvider(), 1)}.
 *
 * <p>The name "Carbide" is found through ServiceLoader with the jar on the classpath
 * (META-INF/services) or on the module path (module-info's {@code provides}; service binding
 * resolves the module, so no {@code --add-modules} is needed). The class name {@code
 * dev.carbide.CarbideProvider} works in either place too. ProviderInstallTest checks all four.
 *
 * <p>If the native library cannot be loaded, the provider registers no services, so every request
 * falls through to the next provider; {@link #loadError()} says why.
 */
public final class CarbideProvider extends Provider {
  private static final long serialVersionUID = 1L;

  public static final String NAME = "Carbide";
  static final String VERSION = "0.1.0";

  /**
   * Each family adds its own services; the provider only gathers them. A family whose JCA engine
   * type is newer than Java 17 (KDF) keeps its SPI in the multi-release part of the jar and adds
   * nothing on a Java that lacks the type.
   */
  private static final List<Consumer<ServiceSink>> FAMILIES =
      List.of(
          DigestServices::register,
          MacServices::register,
          RandomServices::register,
          KdfServices::register,
          CipherServices::register,
          EcServices::register,
          EdEcServices::register,
          PqcServices::register,
          RsaServices::register,
          DhServices::register,
          DsaServices::register,
          SslServices::register);

  public CarbideProvider() {
    super(NAME, VERSION, "Carbide provider (C++ engine over OpenSSL 3)");
    if (NativeLibrary.loadError() == null) {
      ServiceSink sink = new ServiceSink();
      FAMILIES.forEach(family -> family.accept(sink));
      List<Provider.Service> services = sink.build(this);
      services.forEach(this::putService);
      if (FipsMode.enabled() && fipsSelfTest(this) != null) {
        services.forEach(this::removeService);
      }
    }
  }

  /**
   * The native TLS engine's SSLContext services are opt-in: hidden from a lookup that did not name
   * Carbide (dev.carbide.ssl.SslServices#offered), so installing Carbide never replaces SunJSSE.
   */
  @Override
  public Service getService(String type, String algorithm) {
    Service service = super.getService(type, algorithm);
    if (service != null && service.getType().equals("SSLContext") && !SslServices.offered()) {
      return null;
    }
    return service;
  }

  /**
   * Why the provider registers nothing, or null if it is working: the native library could not be
   * loaded, or in FIPS mode the module failed to load or a known-answer test failed.
   */
  public static Throwable loadError() {
    Throwable error = NativeLibrary.loadError();
    return error != null ? error : fipsSelfTestFailure;
  }

  /**
   * FIPS mode's known-answer test of every service, run once per class loader, by the first
   * provider instance, before its services can be used; later instances take the same verdict.
   */
  private static synchronized ProviderException fipsSelfTest(CarbideProvider provider) {
    if (!fipsSelfTestRun) {
      fipsSelfTestRun = true;
      String failures = FipsSelfTest.failures(provider);
      if (failures != null) {
        fipsSelfTestFailure =
            new ProviderException("FIPS mode: a known-answer test failed:\n" + failures);
        Config.logger()
            .log(System.Logger.Level.ERROR, "Carbide is disabled: " + fipsSelfTestFailure);
      }
    }
    return fipsSelfTestFailure;
  }

  private static boolean fipsSelfTestRun;
  private static volatile ProviderException fipsSelfTestFailure;

  /** OpenSSL's version text, for example "OpenSSL 3.5.7 ...". Throws if not loaded. */
  public static String opensslVersion() {
    NativeLibrary.ensureLoaded();
    return NativeCore.opensslVersion();
  }

  /**
   * True if Carbide runs in FIPS mode ({@code carbide.fips=true}), or the loaded OpenSSL runs with
   * the FIPS provider by default. Throws if not loaded.
   */
  public static boolean fipsEnabled() {
    NativeLibrary.ensureLoaded();
    return NativeCore.fipsEnabled();
  }

  /**
   * The FIPS module in use ("OpenSSL FIPS Provider 3.5.7 ..."), or null outside FIPS mode. Throws
   * if not loaded.
   */
  public static String fipsModule() {
    NativeLibrary.ensureLoaded();
    String module = NativeCore.fipsModule();
    return module.isEmpty() ? null : module;
  }
}
