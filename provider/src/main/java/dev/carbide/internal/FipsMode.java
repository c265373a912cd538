package dev.carbide.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;

/**
 * FIPS mode ({@code carbide.fips=true}, docs/fips.md): Carbide's own OpenSSL library context with
 * only the {@code fips} and {@code base} providers and {@code fips=yes} as its default properties.
 * The native engine passes that context to every fetch, so nothing can fall back to a non-FIPS
 * implementation, whatever else in the process uses libcrypto.
 *
 * <p>The module comes from, in order: {@code carbide.fips.module} (a directory holding {@code
 * fips.so} and the {@code fipsmodule.cnf} that {@code openssl fipsinstall} wrote for it); the jar's
 * own copy when the jar's libcrypto is in use; otherwise the loaded libcrypto's own module
 * directory, with {@code carbide.fips.config} as the module configuration if set (a distribution
 * whose module carries its own checksum, as RHEL's does, needs none).
 */
public final class FipsMode {
  private static final String CONFIG_HEADER =
      String.join(
          "\n",
          "# Written by Carbide for its FIPS library context: only fips and base, fips=yes.",
          "# Diagnostics on: a module that fails to activate fails the load, with its reasons.",
          "config_diagnostics = 1",
          "openssl_conf = carbide_init",
          "[carbide_init]",
          "providers = carbide_providers",
          "alg_section = carbide_algorithms",
          "[carbide_providers]",
          "fips = fips_sect",
          "base = carbide_base",
          "[carbide_base]",
          "activate = 1",
          "[carbide_algorithms]",
          "default_properties = fips=yes",
          "",
          "");
  private static final String BARE_MODULE_CONFIG = "[fips_sect]\nactivate = 1\n";
  // Appended after the module's own section, whose values it overrides (OpenSSL's configuration
  // reader adds to a section named again): TLS 1.2's key derivation only with the extended master
  // secret (RFC 7627), which FIPS 140-3 IG D.Q requires for the TLS 1.2 KDF to be approved.
  // fipsinstall writes 0 (allowed, reported to the indicator); only the TLS engine derives there.
  private static final String REQUIRED_CHECKS =
      "\n# Carbide: the TLS 1.2 KDF only with the extended master secret (IG D.Q).\n"
          + "[fips_sect]\ntls1-prf-ems-check = 1\n";

  private static volatile boolean enabled;

  private FipsMode() {}

  /** True if {@code carbide.fips} asks for FIPS mode (read once the native library loads). */
  public static boolean requested() {
    return Boolean.parseBoolean(Config.get("carbide.fips"));
  }

  /**
   * True if Carbide runs in FIPS mode: the module loaded and passed its power-up self-tests. Hybrid
   * routing (carbide.hybrid) must stay off while this is true: every operation must run in the
   * module.
   */
  public static boolean enabled() {
    return enabled;
  }

  /** The jar's module and the configuration {@code openssl fipsinstall} wrote for it. */
  static final java.util.List<String> MODULE_FILES = java.util.List.of("fips.so", "fipsmodule.cnf");

  /** The directory {@code carbide.fips.module} names, or null. */
  static Path moduleDirectory() {
    String configured = Config.get("carbide.fips.module");
    return configured == null ? null : Path.of(configured).toAbsolutePath();
  }

  /**
   * Loads the FIPS module into Carbide's library context. {@code jarModule} is the directory the
   * loader wrote the jar's {@link #MODULE_FILES} to, when the jar's libcrypto is in use and {@code
   * carbide.fips.module} is not set (else null); {@code bundled} is true when the jar's libcrypto
   * is in use.
   */
  static void enable(Path jarModule, boolean bundled) throws IOException {
    Path moduleDir = moduleDirectory();
    String moduleConfig;
    if (moduleDir != null) {
      moduleConfig = Files.readString(moduleDir.resolve("fipsmodule.cnf"));
    } else if (bundled) {
      if (jarModule == null || !Files.isRegularFile(jarModule.resolve("fips.so"))) {
        throw new IOException("the jar carries no FIPS module (fips.so); set carbide.fips.module");
      }
      if (!Files.isRegularFile(jarModule.resolve("fipsmodule.cnf"))) {
        throw new IOException("the jar carries no fipsmodule.cnf beside its fips.so");
      }
      moduleDir = jarModule;
      moduleConfig = Files.readString(jarModule.resolve("fipsmodule.cnf"));
    } else {
      String file = Config.get("carbide.fips.config");
      moduleConfig = file != null ? Files.readString(Path.of(file)) : BARE_MODULE_CONFIG;
    }
    // The configuration is data, not code: a private file in the temporary directory will do, even
    // one mounted noexec, deleted once OpenSSL has read it.
    String root = Config.get("carbide.native.dir");
    Path config =
        Files.createTempFile(
            Path.of(root != null ? root : System.getProperty("java.io.tmpdir")),
            "carbide-fips-",
            ".cnf",
            java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
    try {
      Files.writeString(config, CONFIG_HEADER + moduleConfig + REQUIRED_CHECKS);
      NativeCore.enableFips(config.toString(), moduleDir == null ? "" : moduleDir.toString());
    } finally {
      Files.deleteIfExists(config);
    }
    enabled = true;
  }

  /**
   * Refuses an AES-GCM encryption whose IV the caller chose: FIPS 140-3 (IG C.H) wants the IV
   * generated inside the module. Init without parameters and the cipher makes one.
   */
  public static void refuseCallerGcmIv() throws InvalidAlgorithmParameterException {
    if (enabled) {
      throw new InvalidAlgorithmParameterException(
          "FIPS mode: AES-GCM encryption takes no caller-chosen IV (FIPS 140-3 IG C.H); init"
              + " without parameters and read the generated IV from getIV()");
    }
  }

  /**
   * Refuses, in FIPS mode, a PBKDF2 derivation outside SP 800-132's bounds (a salt under 128 bits,
   * fewer than 1000 iterations, a key under 112 bits) or under Carbide's own password minimum of 8
   * characters. SP 800-132 sets no password length; the minimum is Carbide's local policy, and the
   * message says so.
   */
  public static void checkPbkdf2(char[] password, byte[] salt, int iterations, int keyBits)
      throws InvalidKeySpecException {
    if (!enabled) {
      return;
    }
    String why =
        password.length < 8
            ? "a password of at least 8 characters (Carbide's local policy in FIPS mode, not a"
                + " requirement of SP 800-132)"
            : salt.length < 16
                ? "a salt of at least 128 bits (SP 800-132)"
                : iterations < 1000
                    ? "at least 1000 iterations (SP 800-132)"
                    : keyBits < 112 ? "a derived key of at least 112 bits (SP 800-132)" : null;
    if (why != null) {
      throw new InvalidKeySpecException("FIPS mode: PBKDF2 needs " + why);
    }
  }

  /**
   * Refuses, in FIPS mode, an RSA key under 2048 bits for {@code use} (signing, encryption or
   * decryption; SP 800-131A). Verification with a shorter key stays allowed, for old signatures.
   */
  public static void checkRsaKey(int modulusBits, String use) throws InvalidKeyException {
    if (enabled && modulusBits < 2048) {
      throw new InvalidKeyException(
          "FIPS mode: "
              + use
              + " needs an RSA key of at least 2048 bits (SP 800-131A), not "
              + modulusBits);
    }
  }

  /**
   * Refuses, in FIPS mode, signing over SHA-1 ({@code md} is the engine's digest handle): SP
   * 800-131A disallows SHA-1 for generating signatures; verifying old ones stays allowed.
   */
  public static void checkSigningDigest(long md) throws InvalidKeyException {
    if (enabled && md != 0 && md == Sha1.HANDLE) {
      throw new InvalidKeyException(
          "FIPS mode: SHA-1 signatures may not be generated (SP 800-131A); use SHA-256 or"
              + " stronger (verifying SHA-1 signatures stays allowed)");
    }
  }

  // Fetched once, when first needed: the engine caches each digest, so equal handles mean SHA-1.
  private static final class Sha1 {
    static final long HANDLE = dev.carbide.digest.DigestServices.fetch("SHA-1");
  }

  /**
   * True unless FIPS mode leaves the service {@code type.algorithm} out: see {@link FipsServices}.
   * Always true outside FIPS mode.
   */
  public static boolean admits(String type, String algorithm) {
    return !enabled || FipsServices.admits(type, algorithm);
  }
}
