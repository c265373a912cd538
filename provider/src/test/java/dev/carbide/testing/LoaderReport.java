package dev.carbide.testing;

import dev.carbide.CarbideProvider;
import dev.carbide.internal.NativeLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The main class of a child JVM that tests the native loader: prints what a fresh process got.
 * Needs only the provider on the classpath; {@code -Dcarbide.test.preload=FILE} loads FILE first,
 * as another native library would. Lines (tab-separated): "services N" of a provider constructed
 * here, "loadError TEXT|null", "version TEXT|error: ...", one "libcrypto PATH" per mapped
 * libcrypto, "fipsModule NAME|null" once loaded, "sslContext PROVIDER|NoSuchAlgorithmException" for
 * SSLContext.getInstance("TLS", provider), one "fips.so PATH" per mapped FIPS module, and "sha256
 * PROVIDER HEX" for MessageDigest.getInstance("SHA-256") with no provider named, over "abc".
 */
public final class LoaderReport {
  private LoaderReport() {}

  public static void main(String[] args) throws Exception {
    String preload = System.getProperty("carbide.test.preload");
    if (preload != null) {
      System.load(preload); // another native library's libcrypto, there before Carbide
    }
    CarbideProvider provider = new CarbideProvider();
    System.out.println("services\t" + provider.getServices().size());
    System.out.println("loadError\t" + CarbideProvider.loadError());
    String version;
    try {
      version = CarbideProvider.opensslVersion();
    } catch (RuntimeException e) {
      version = "error: " + e;
    }
    System.out.println("version\t" + version);
    for (String path : mappedLibcrypto()) {
      System.out.println("libcrypto\t" + path);
    }
    if (CarbideProvider.loadError() == null) {
      System.out.println("fipsModule\t" + CarbideProvider.fipsModule());
    }
    for (String path : mapped("/fips.so")) {
      System.out.println("fips.so\t" + path);
    }
    String tls;
    try {
      tls = javax.net.ssl.SSLContext.getInstance("TLS", provider).getProvider().getName();
    } catch (java.security.NoSuchAlgorithmException e) {
      tls = "NoSuchAlgorithmException";
    }
    System.out.println("sslContext\t" + tls);
    MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
    byte[] digest = sha256.digest("abc".getBytes(StandardCharsets.US_ASCII));
    System.out.println(
        "sha256\t" + sha256.getProvider().getName() + "\t" + HexFormat.of().formatHex(digest));
  }

  /**
   * The distinct libcrypto files (libcrypto.so*, the bundled libcrypto-carbide.so.3) mapped into
   * this process, from /proc/self/maps.
   */
  public static List<String> mappedLibcrypto() throws IOException {
    return mapped("/libcrypto.so", "/libcrypto-carbide.so");
  }

  /** The distinct files mapped into this process whose path contains one of {@code fragments}. */
  static List<String> mapped(String... fragments) throws IOException {
    try (var lines = Files.lines(Path.of("/proc/self/maps"))) {
      return lines
          .map(line -> line.split("\\s+", 6))
          .filter(
              fields ->
                  fields.length == 6
                      && java.util.Arrays.stream(fragments).anyMatch(fields[5]::contains))
          .map(fields -> fields[5].trim())
          .distinct()
          .collect(Collectors.toList());
    }
  }

  /**
   * The system's libcrypto.so.3 in the usual library directories (Debian's multiarch ones first),
   * or null if there is none.
   */
  public static Path systemLibcrypto() {
    String triplet = System.getProperty("os.arch").equals("aarch64") ? "aarch64" : "x86_64";
    for (String dir :
        List.of(
            "/usr/lib/" + triplet + "-linux-gnu",
            "/lib/" + triplet + "-linux-gnu",
            "/usr/lib64",
            "/lib64",
            "/usr/lib")) {
      Path candidate = Path.of(dir, "libcrypto.so.3");
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /**
   * The version text compiled into the libcrypto the jar bundles ("OpenSSL 3.5.7 9 Jun 2026"), or
   * null if the jar bundles none.
   */
  public static String bundledVersion() throws IOException {
    try (InputStream in =
        CarbideProvider.class.getResourceAsStream(
            "/META-INF/native/" + NativeLibrary.platform() + "/libcrypto-carbide.so.3")) {
      if (in == null) {
        return null;
      }
      String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      int start = text.indexOf("OpenSSL 3.");
      if (start < 0) {
        throw new IOException("the bundled libcrypto carries no version text");
      }
      return text.substring(start, text.indexOf('\0', start));
    }
  }
}
