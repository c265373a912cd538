package dev.carbide.testing;

import dev.carbide.CarbideProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Facts about the libcrypto the provider under test loaded, for features that depend on it. */
public final class Openssl {
  private static final Pattern VERSION = Pattern.compile("OpenSSL (\\d+)\\.(\\d+)\\.");

  private Openssl() {}

  /** True if the loaded OpenSSL is version {@code major.minor} or later. */
  public static boolean atLeast(int major, int minor) {
    Carbide.provider();
    String text = CarbideProvider.opensslVersion();
    Matcher matcher = VERSION.matcher(text);
    if (!matcher.find()) {
      throw new IllegalStateException("unrecognised OpenSSL version: " + text);
    }
    int loadedMajor = Integer.parseInt(matcher.group(1));
    int loadedMinor = Integer.parseInt(matcher.group(2));
    return loadedMajor > major || (loadedMajor == major && loadedMinor >= minor);
  }
}
