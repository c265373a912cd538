package dev.carbide.ssl;

import java.security.GeneralSecurityException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;

/**
 * SunJSSE's check of the names given to {@code setEnabledCipherSuites} and {@code
 * SSLParameters.setCipherSuites} (its {@code CipherSuite.validValuesOf}), made at set time on
 * engines and sockets alike: a null array, a null or empty name, or a name SunJSSE does not support
 * throws IllegalArgumentException with SunJSSE's message. A name this engine serves passes at once;
 * any other is asked of SunJSSE itself (an engine of its own, made once without key or trust
 * material), so the check follows the running JDK's list, aliases ({@code SSL_RSA_WITH_...})
 * included. A name SunJSSE supports but OpenSSL does not serve ({@code
 * TLS_EMPTY_RENEGOTIATION_INFO_SCSV}, the DHE-DSS suites) is accepted, as before, and skipped at
 * the handshake, which fails only if no enabled suite is served. Without SunJSSE every name passes.
 */
final class CipherSuiteNames {
  // SunJSSE's verdicts on names this engine does not serve; a few names at most in practice, so
  // kept up to a bound rather than evicted.
  private static final int MAX_VERDICTS = 256;
  private static final Map<String, Boolean> SUN_JSSE_VERDICTS = new ConcurrentHashMap<>();

  private CipherSuiteNames() {}

  /** Throws IllegalArgumentException, as SunJSSE would, unless every name may be enabled. */
  static void check(String[] names, String[] served) {
    if (names == null) {
      throw new IllegalArgumentException("CipherSuites cannot be null");
    }
    for (String name : names) {
      if (name == null || name.isEmpty()) {
        throw new IllegalArgumentException(
            "The specified CipherSuites array contains invalid null or empty string elements");
      }
      if (!contains(served, name) && !sunJsseSupports(name)) {
        throw new IllegalArgumentException("Unsupported CipherSuite: " + name);
      }
    }
  }

  private static boolean contains(String[] names, String name) {
    for (String candidate : names) {
      if (candidate.equals(name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean sunJsseSupports(String name) {
    Boolean verdict = SUN_JSSE_VERDICTS.get(name);
    if (verdict == null) {
      verdict = askSunJsse(name);
      if (SUN_JSSE_VERDICTS.size() < MAX_VERDICTS) {
        SUN_JSSE_VERDICTS.put(name, verdict);
      }
    }
    return verdict;
  }

  private static boolean askSunJsse(String name) {
    SSLEngine engine = SunJsse.ENGINE;
    if (engine == null) {
      return true; // no SunJSSE to follow: the handshake decides, as before
    }
    try {
      engine.setEnabledCipherSuites(new String[] {name});
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** SunJSSE's engine, made on the first name this engine does not serve. */
  private static final class SunJsse {
    static final SSLEngine ENGINE = make();

    private static SSLEngine make() {
      try {
        SSLContext context = SSLContext.getInstance("TLS", "SunJSSE");
        // Empty arrays, not null: SunJSSE would load the default trust store for null.
        context.init(new KeyManager[0], new TrustManager[0], null);
        return context.createSSLEngine();
      } catch (GeneralSecurityException | RuntimeException e) {
        return null;
      }
    }
  }
}
