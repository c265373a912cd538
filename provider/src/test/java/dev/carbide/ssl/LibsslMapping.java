package dev.carbide.ssl;

import dev.carbide.testing.Carbide;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.Security;
import javax.net.ssl.SSLContext;

/**
 * A child JVM's main class: installs Carbide first, uses it for JCA work and for SunJSSE's default
 * context, and reports whether libssl is mapped ("jca\t..."), then asks for Carbide's SSLContext
 * and reports again ("tls\t...").
 */
public final class LibsslMapping {
  private LibsslMapping() {}

  public static void main(String[] args) throws Exception {
    Security.insertProviderAt(Carbide.provider(), 1);
    MessageDigest.getInstance("SHA-256").digest(new byte[64]);
    SSLContext.getInstance("TLS").init(null, null, null);
    SSLContext.getDefault();
    System.out.println("jca\t" + libsslMapped());
    SSLContext.getInstance("TLS", "Carbide").init(null, null, null);
    System.out.println("tls\t" + libsslMapped());
  }

  private static boolean libsslMapped() throws Exception {
    return Files.readString(Path.of("/proc/self/maps")).contains("libssl-carbide.so.3");
  }
}
