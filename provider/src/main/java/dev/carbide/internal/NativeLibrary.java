package dev.carbide.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.security.ProviderException;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads libcrypto and libcarbide, once per class loader.
 *
 * <p>The jar carries, per platform ({@code META-INF/native/linux-x86_64/}, {@code linux-aarch64/}),
 * its own OpenSSL 3.5 libcrypto, {@code libcrypto-carbide.so.3}, with a {@code libcarbide.so}
 * linked against it, and a {@code libcarbide-system.so} linked against {@code libcrypto.so.3}. The
 * bundled copy is an OpenSSL "shared library variant": its soname and every symbol version are its
 * own, so the dynamic linker can neither hand libcarbide another libcrypto that the process loaded
 * first (by soname, or through a global one from LD_PRELOAD or RTLD_GLOBAL) nor hand ours to
 * another library that asks for libcrypto.so.3. {@code carbide.openssl.path} chooses another
 * libcrypto: {@code system} for the system's libcrypto.so.3, or a file; either is paired with
 * libcarbide-system.so. {@code carbide.native.path} loads a given libcarbide.so instead of the
 * jar's (it brings its own libcrypto dependency, resolved by the dynamic linker unless {@code
 * carbide.openssl.path} names a file). Where the files are written before loading is {@link
 * NativeExtraction}'s business.
 *
 * <p>A failure is kept, not thrown, so that the provider can register nothing and the JCA falls
 * back to the next provider.
 */
public final class NativeLibrary {
  private static final String BUNDLED_LIBCRYPTO = "libcrypto-carbide.so.3";
  private static final String LIBCARBIDE = "libcarbide.so";
  private static final String LIBCARBIDE_SYSTEM = "libcarbide-system.so";

  private static final Throwable LOAD_ERROR = load();

  private NativeLibrary() {}

  /** The reason the native code could not be loaded, or null if it is loaded. */
  public static Throwable loadError() {
    return LOAD_ERROR;
  }

  /** Throws ProviderException if the native code is not loaded. */
  public static void ensureLoaded() {
    if (LOAD_ERROR != null) {
      throw new ProviderException("Carbide's native library is not loaded", LOAD_ERROR);
    }
  }

  /**
   * The jar's name for this platform ({@code linux-x86_64}, {@code linux-aarch64}), or null if the
   * jar carries no native code for it.
   */
  public static String platform() {
    String os = System.getProperty("os.name", "");
    String arch = System.getProperty("os.arch", "");
    if (!os.startsWith("Linux")) {
      return null;
    }
    return switch (arch) {
      case "amd64", "x86_64" -> "linux-x86_64";
      case "aarch64", "arm64" -> "linux-aarch64";
      default -> null;
    };
  }

  /**
   * How the jar's OpenSSL for this platform was obtained and configured (written by
   * scripts/build-native.sh), or null if the jar carries none for this platform.
   */
  public static String bundledOpensslBuild() {
    String platform = platform();
    if (platform == null) {
      return null;
    }
    try (var in =
        NativeLibrary.class.getResourceAsStream(
            "/META-INF/native/" + platform + "/openssl-build.txt")) {
      return in == null
          ? null
          : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
    } catch (java.io.IOException e) {
      return null;
    }
  }

  private static Throwable load() {
    try {
      String platform = platform();
      if (platform == null) {
        throw new UnsupportedOperationException(
            "no native library for "
                + System.getProperty("os.name")
                + "/"
                + System.getProperty("os.arch"));
      }
      String resourceDir = "/META-INF/native/" + platform + "/";
      String openssl = Config.get("carbide.openssl.path");
      boolean bundled = openssl == null || openssl.equals("bundled");
      if (!bundled && !openssl.equals("system")) {
        System.load(Path.of(openssl).toAbsolutePath().toString());
      }
      String ours = Config.get("carbide.native.path");
      List<String> libraries = new ArrayList<>();
      if (ours == null) {
        libraries.addAll(
            bundled ? List.of(BUNDLED_LIBCRYPTO, LIBCARBIDE) : List.of(LIBCARBIDE_SYSTEM));
      }
      // The jar's FIPS module goes with the jar's libcrypto, written beside the libraries so that
      // it gets the same directory fallback (OpenSSL maps it as they are mapped) and checks.
      boolean jarModule = FipsMode.requested() && bundled && FipsMode.moduleDirectory() == null;
      List<String> fromJar = new ArrayList<>(libraries);
      if (jarModule) {
        fromJar.addAll(FipsMode.MODULE_FILES);
      }
      var files = NativeExtraction.read(resourceDir, fromJar);
      if (!files.keySet().containsAll(libraries)) {
        libraries.removeAll(files.keySet());
        throw new java.io.IOException("the jar carries no " + resourceDir + libraries);
      }
      NativeExtraction.load(
          platform,
          files,
          java.util.Set.copyOf(libraries),
          dir -> {
            if (ours != null) {
              System.load(Path.of(ours).toAbsolutePath().toString());
            }
            if (FipsMode.requested()) {
              FipsMode.enable(jarModule ? dir : null, bundled);
            }
          });
      Config.logger().log(Level.DEBUG, "loaded " + NativeCore.opensslVersion());
      return null;
    } catch (Throwable t) {
      Config.logger().log(Level.WARNING, "Carbide is disabled: " + t);
      return t;
    }
  }

  /**
   * Loads the jar's libraries {@code names}, in order, for a family kept out of libcarbide: the TLS
   * engine's libssl-carbide.so.3 and libcarbide-ssl.so, which bind by soname to the bundled
   * libcrypto already loaded. Only with the bundled OpenSSL, since a libssl must match its
   * libcrypto.
   */
  public static synchronized void loadBesideLibcrypto(List<String> names) throws IOException {
    ensureLoaded();
    String openssl = Config.get("carbide.openssl.path");
    if (openssl != null && !openssl.equals("bundled")) {
      throw new UnsupportedOperationException(
          "needs the bundled OpenSSL (carbide.openssl.path=" + openssl + ")");
    }
    String resourceDir = "/META-INF/native/" + platform() + "/";
    var files = NativeExtraction.read(resourceDir, names);
    if (!files.keySet().containsAll(names)) {
      throw new IOException("the jar carries no " + resourceDir + names);
    }
    NativeExtraction.load(platform(), files);
  }
}
