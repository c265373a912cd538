package dev.carbide.internal;

import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the jar's native libraries to a directory the dynamic linker can map them from, and loads
 * them in order.
 *
 * <p>A host may mount {@code /tmp} noexec, which makes every library written there fail to load. So
 * the directories are tried in turn: a private directory in {@code carbide.native.dir} (or {@code
 * java.io.tmpdir}), deleted once the libraries are mapped; then a per-user cache ({@code
 * $XDG_CACHE_HOME/carbide/native}, or {@code ~/.cache/carbide/native}), kept, in a subdirectory
 * named by the libraries' digest so that builds never mix. A directory is abandoned only while
 * nothing has been loaded from it; the error then names every directory tried and the settings that
 * fix it.
 *
 * <p>Files appear whole or not at all: each is written under a temporary name, forced to disk and
 * renamed over the final name, so a crash or a concurrent JVM never leaves a truncated library
 * where another process would load it. A file found in the cache is loaded only if its SHA-256 is
 * the jar's; otherwise it is replaced the same way.
 */
final class NativeExtraction {
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rwx------");

  private NativeExtraction() {}

  /** Reads {@code names} (in loading order) from {@code resourceDir}; absent ones are skipped. */
  static Map<String, byte[]> read(String resourceDir, List<String> names) throws IOException {
    Map<String, byte[]> files = new LinkedHashMap<>();
    for (String name : names) {
      try (InputStream in = NativeExtraction.class.getResourceAsStream(resourceDir + name)) {
        if (in != null) {
          files.put(name, in.readAllBytes());
        }
      }
    }
    return files;
  }

  /** Writes {@code files} to the first usable directory and loads them, in order. */
  static void load(String platform, Map<String, byte[]> files) throws IOException {
    load(platform, files, files.keySet(), dir -> {});
  }

  /** Code that uses the written files while their directory still exists. */
  @FunctionalInterface
  interface WhileWritten {
    /** {@code dir} holds the files, or is null if there were none. */
    void use(Path dir) throws IOException;
  }

  /**
   * Writes {@code files} to the first usable directory, loads those named in {@code libraries} (in
   * the map's order), then runs {@code whileWritten} with that directory before a private one is
   * deleted. The other files are data that native code opens by path: the FIPS module, which
   * OpenSSL maps itself, so it needs a directory that allows execution exactly as the libraries do,
   * and the same atomic, hash-checked writes.
   */
  static void load(
      String platform, Map<String, byte[]> files, Set<String> libraries, WhileWritten whileWritten)
      throws IOException {
    if (files.isEmpty()) {
      whileWritten.use(null);
      return;
    }
    List<String> failures = new ArrayList<>();
    String configured = Config.get("carbide.native.dir");
    Path temporaryRoot =
        Path.of(configured != null ? configured : System.getProperty("java.io.tmpdir"));
    try {
      Path dir =
          Files.createTempDirectory(
              temporaryRoot, "carbide-", PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      try {
        if (loadFrom(dir, files, libraries, failures)) {
          whileWritten.use(dir);
          return;
        }
      } finally {
        deleteQuietly(dir);
      }
    } catch (IOException e) {
      failures.add(temporaryRoot + ": " + e);
    }
    Path cache = userCache().resolve(platform + "-" + digest(files).substring(0, 16));
    try {
      createPrivateDirectories(cache);
      if (loadFrom(cache, files, libraries, failures)) {
        whileWritten.use(cache);
        return;
      }
    } catch (IOException e) {
      failures.add(cache + ": " + e);
    }
    throw new IOException(
        "cannot load Carbide's native libraries from any directory tried ("
            + String.join("; ", failures)
            + "): set carbide.native.dir to a directory on a filesystem that allows execution, or"
            + " carbide.native.path to an installed libcarbide.so");
  }

  /**
   * Writes and loads the files in {@code dir}. Returns false (noting why) if the first library
   * cannot be loaded there; a failure after something was loaded is thrown, since another directory
   * could not undo it.
   */
  private static boolean loadFrom(
      Path dir, Map<String, byte[]> files, Set<String> libraries, List<String> failures)
      throws IOException {
    boolean first = true;
    for (Map.Entry<String, byte[]> file : files.entrySet()) {
      Path path = dir.resolve(file.getKey());
      if (!sameContent(path, file.getValue())) {
        writeAtomically(path, file.getValue());
      }
      if (!libraries.contains(file.getKey())) {
        continue;
      }
      try {
        System.load(path.toString());
      } catch (UnsatisfiedLinkError e) {
        if (!first) {
          throw e;
        }
        failures.add(dir + ": " + e.getMessage());
        Config.logger().log(Level.DEBUG, "cannot load from " + dir + ": " + e.getMessage());
        return false;
      }
      first = false;
    }
    return true;
  }

  private static Path userCache() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && Path.of(xdg).isAbsolute()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("carbide").resolve("native");
  }

  // Another user who owns the directory or its parent, or may write to either, could swap a
  // library between check and load (or rename the directory away and put their own in its place).
  private static void createPrivateDirectories(Path dir) throws IOException {
    Files.createDirectories(dir.getParent());
    checkPrivate(dir.getParent());
    if (!Files.isDirectory(dir)) {
      try {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // another JVM made it first: checked below like any existing directory
      }
    }
    checkPrivate(dir);
  }

  private static void checkPrivate(Path dir) throws IOException {
    Set<PosixFilePermission> permissions =
        Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
    if (permissions.contains(PosixFilePermission.GROUP_WRITE)
        || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new IOException(dir + " is writable by other users");
    }
    Object owner = Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    Object self = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    if (!owner.equals(self)) {
      throw new IOException(
          dir + " is owned by uid " + owner + ", not by this user (" + self + ")");
    }
  }

  private static boolean sameContent(Path path, byte[] content) throws IOException {
    if (!Files.isRegularFile(path) || Files.size(path) != content.length) {
      return false;
    }
    return MessageDigest.isEqual(sha256(Files.readAllBytes(path)), sha256(content));
  }

  private static void writeAtomically(Path path, byte[] content) throws IOException {
    Path temporary =
        Files.createTempFile(
            path.getParent(),
            "." + path.getFileName() + "-",
            ".partial",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  private static String digest(Map<String, byte[]> files) {
    MessageDigest digest = newSha256();
    for (Map.Entry<String, byte[]> file : files.entrySet()) {
      digest.update(file.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      digest.update(sha256(file.getValue()));
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static byte[] sha256(byte[] content) {
    return newSha256().digest(content);
  }

  // The JDK's SUN provider by name: Carbide itself is not loaded yet.
  private static MessageDigest newSha256() {
    try {
      return MessageDigest.getInstance("SHA-256", "SUN");
    } catch (NoSuchAlgorithmException | java.security.NoSuchProviderException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }

  // A loaded library stays mapped after its file is deleted, so nothing is left behind.
  private static void deleteQuietly(Path dir) {
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
