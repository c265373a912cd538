package dev.carbide.ssl;

import dev.carbide.internal.Config;
import dev.carbide.internal.NativeLibrary;
import dev.carbide.internal.ServiceSink;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;

/**
 * The native TLS engine's services: SSLContext {@code TLS}, {@code TLSv1.3}, {@code TLSv1.2} and
 * {@code Default}.
 *
 * <p>They are opt-in. Carbide installed first serves the JCA, but SunJSSE stays the TLS
 * implementation: {@link #offered} hides these services from {@code SSLContext.getInstance(name)}
 * and shows them to {@code SSLContext.getInstance(name, "Carbide")} (or with the provider object),
 * unless {@code carbide.tls.default=true} asks for the engine everywhere. The package is {@code
 * dev.carbide.ssl}, not {@code dev.carbide.tls}, because the tests' {@code dev.carbide.tls} holds
 * SunJSSE-over-Carbide tests, a different thing.
 */
public final class SslServices {
  static final String TYPE = "SSLContext";

  private SslServices() {}

  public static void register(ServiceSink sink) {
    String openssl = Config.get("carbide.openssl.path");
    String platform = NativeLibrary.platform();
    boolean bundled = openssl == null || openssl.equals("bundled");
    // libssl must match the libcrypto in use: only the bundled pair is carried, so a system or
    // named libcrypto (carbide.openssl.path) has no engine. In FIPS mode the engine runs in the
    // module's library context (TlsNative), which leaves out what the module does not approve.
    if (!bundled
        || platform == null
        || SslServices.class.getResource("/META-INF/native/" + platform + "/libcarbide-ssl.so")
            == null) {
      return;
    }
    for (String protocol : new String[] {"TLS", "TLSv1.3", "TLSv1.2"}) {
      sink.add(TYPE, protocol, SSLContextSpi.class, () -> new CarbideSslContext(protocol));
    }
    // Made initialised, with the default managers (CarbideDefaultSslContext); may throw.
    sink.add(TYPE, "Default", SSLContextSpi.class, parameter -> new CarbideDefaultSslContext());
  }

  /**
   * Whether an SSLContext service of Carbide may be handed out to the current caller: always with
   * {@code carbide.tls.default=true}; otherwise only when the caller named the provider, that is
   * when {@code SSLContext.getInstance} was called with two arguments, or when the provider was
   * asked directly.
   */
  public static boolean offered() {
    if ("true".equalsIgnoreCase(Config.get("carbide.tls.default"))) {
      return true;
    }
    return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
        .walk(
            frames ->
                frames
                    .filter(
                        frame ->
                            frame.getDeclaringClass() == SSLContext.class
                                && frame.getMethodName().equals("getInstance"))
                    .findFirst()
                    .map(frame -> frame.getMethodType().parameterCount() == 2)
                    .orElse(true));
  }
}
