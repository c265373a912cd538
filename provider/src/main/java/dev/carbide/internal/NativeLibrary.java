package dev.carbide.internal;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.ProviderException;

/**
 * Loads libcrypto and libcarbide.so, once per class loader.
 *
 * <p>By default the jar's own OpenSSL 3.5 libcrypto.so.3 is loaded first; since our library asks
 * for the soname libcrypto.so.3, the dynamic linker then binds it to that copy. {@code
 * carbide.openssl.path} chooses another: {@code system} for the system's libcrypto.so.3, or a file.
 * {@code carbide.native.path} loads a given libcarbide.so instead of the jar's.
 *
 * <p>A failure is kept, not thrown, so that the provider can register nothing and the JCA falls
 * back to the next provider.
 */
public final class NativeLibrary {
  private static final String RESOURCE_DIR = "/META-INF/native/linux-x86_64/";
  private static final String LIBCRYPTO = "libcrypto.so.3";
  private static final String LIBCARBIDE = "libcarbide.so";

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

  private static Throwable load() {
    try {
      String os = System.getProperty("os.name", "");
      String arch = System.getProperty("os.arch", "");
      if (!os.startsWith("Linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
        throw new UnsupportedOperationException("no native library for " + os + "/" + arch);
      }
      Path dir = null;
      String openssl = Config.get("carbide.openssl.path");
      try {
        if (openssl == null || openssl.equals("bundled")) {
          dir = privateDirectory();
          Path bundled = extract(LIBCRYPTO, dir);
          if (bundled != null) {
            System.load(bundled.toString());
          } else {
            Config.logger().log(Level.DEBUG, "no bundled libcrypto; using the system's");
          }
        } else if (!openssl.equals("system")) {
          System.load(Path.of(openssl).toAbsolutePath().toString());
        }
        String ours = Config.get("carbide.native.path");
        if (ours != null) {
          System.load(Path.of(ours).toAbsolutePath().toString());
        } else {
          if (dir == null) {
            dir = privateDirectory();
          }
          Path extracted = extract(LIBCARBIDE, dir);
          if (extracted == null) {
            throw new IOException("the jar carries no " + RESOURCE_DIR + LIBCARBIDE);
          }
          System.load(extracted.toString());
        }
        if (FipsMode.requested()) {
          if (dir == null) {
            dir = privateDirectory();
          }
          boolean bundled = openssl == null || openssl.equals("bundled");
          FipsMode.enable(dir, bundled, NativeLibrary::extract);
        }
      } finally {
        deleteQuietly(dir);
      }
      Config.logger().log(Level.DEBUG, "loaded " + NativeCore.opensslVersion());
      return null;
    } catch (Throwable t) {
      Config.logger().log(Level.WARNING, "Carbide is disabled: " + t);
      return t;
    }
  }

  /** Copies the jar's resource {@code name} into {@code dir}; null if the jar lacks it. */
  @FunctionalInterface
  interface Extractor {
    Path extract(String name, Path dir) throws IOException;
  }

  // Owner-only, so no other user can swap the library between extraction and loading.
  private static Path privateDirectory() throws IOException {
    return Files.createTempDirectory(
        "carbide-",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  private static Path extract(String name, Path dir) throws IOException {
    try (InputStream in = NativeLibrary.class.getResourceAsStream(RESOURCE_DIR + name)) {
      if (in == null) {
        return null;
      }
      Path target = dir.resolve(name);
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
      return target;
    }
  }

  // A loaded library stays mapped after its file is deleted, so nothing is left in /tmp.
  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(file);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      dir.toFile().deleteOnExit();
    }
  }
}
