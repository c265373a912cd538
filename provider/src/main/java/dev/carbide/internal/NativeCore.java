package dev.carbide.internal;

/** Facts about the loaded libcrypto. Call only after {@link NativeLibrary#ensureLoaded()}. */
public final class NativeCore {
  private NativeCore() {}

  public static native String opensslVersion();

  public static native boolean fipsEnabled();

  /**
   * Creates Carbide's FIPS library context from the OpenSSL configuration file {@code config}, with
   * {@code moduleDir} as the module path (empty: libcrypto's own), and makes every later fetch use
   * it. Throws ProviderException with OpenSSL's reasons if the FIPS module does not load.
   */
  static native void enableFips(String config, String moduleDir);

  /** True if the engine's library context can fetch the key type {@code name} ("X25519"). */
  static native boolean keyTypeAvailable(String name);

  /** Operations the FIPS module ran without approving them (see dev.carbide.FipsIndicator). */
  public static native long unapprovedCount();

  /** This thread's last unapproved operation ("type: description"), cleared; or null. */
  public static native String takeUnapproved();

  /**
   * The engine's OpenSSL library context as a handle (0: OpenSSL's default one), for the TLS
   * engine's library, which links its own copy of the engine and must run in the same context.
   */
  public static native long libraryContext();

  /** The FIPS provider's name and version, or an empty string if FIPS mode is off. */
  public static native String fipsModule();
}
