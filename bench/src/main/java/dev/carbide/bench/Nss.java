package dev.carbide.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidParameterException;
import java.security.Provider;
import java.security.ProviderException;
import java.security.Security;

/**
 * NSS through the JDK's SunPKCS11, on Debian's libnss3 (scripts/install-deps.sh installs it). No
 * NSS database: {@code nssDbMode = noDb} gives NSS's crypto module without key storage, which is
 * all the suite needs; {@code attributes = compatibility} gives imported secret keys the attributes
 * NSS wants (without it, HMAC keys fail with CKR_KEY_TYPE_INCONSISTENT). {@code
 * -Dcarbide.bench.nss.dir=DIR} names another NSS library directory.
 */
final class Nss {
  private static final String DEFAULT_DIR = "/usr/lib/x86_64-linux-gnu";

  private static Provider provider;
  private static NotAvailableException failure;

  private Nss() {}

  /** The configured SunPKCS11-NSS provider, set up once per JVM. */
  static synchronized Provider provider() throws NotAvailableException {
    if (provider == null && failure == null) {
      try {
        provider = configure();
      } catch (NotAvailableException e) {
        failure = e;
      }
    }
    if (failure != null) {
      throw failure;
    }
    return provider;
  }

  private static Provider configure() throws NotAvailableException {
    Path dir = Path.of(System.getProperty("carbide.bench.nss.dir", DEFAULT_DIR));
    if (!Files.isRegularFile(dir.resolve("libsoftokn3.so"))) {
      throw new NotAvailableException(
          "NSS (libsoftokn3.so) is not in " + dir + "; install libnss3");
    }
    Provider base = Security.getProvider("SunPKCS11");
    if (base == null) {
      throw new NotAvailableException("this JDK has no SunPKCS11 provider");
    }
    try {
      Path config = Files.createTempFile("carbide-bench-nss", ".cfg");
      config.toFile().deleteOnExit();
      Files.writeString(
          config,
          "name = NSS\nnssLibraryDirectory = "
              + dir
              + "\nnssDbMode = noDb\nattributes = compatibility\n");
      return base.configure(config.toString());
    } catch (IOException | InvalidParameterException | ProviderException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new NotAvailableException("SunPKCS11 cannot start NSS from " + dir + ": " + cause);
    }
  }
}
