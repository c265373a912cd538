package dev.carbide.internal;

/** Facts about the loaded libcrypto. Call only after {@link NativeLibrary#ensureLoaded()}. */
public final class NativeCore {
  private NativeCore() {}

  public static native String opensslVersion();

  public static native boolean fipsEnabled();
}
