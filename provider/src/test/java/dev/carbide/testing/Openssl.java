package dev.carbide.testing;

import dev.carbide.CarbideProvider;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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

  /**
   * Runs the system's {@code openssl s_client} against 127.0.0.1:{@code port} with {@code
   * protocolOption} ("-tls1_3", ...), writes {@code input} to it and returns what it printed before
   * the server closed; its stderr goes to {@code errors}. Waits up to 20 s.
   */
  public static String sClient(int port, String protocolOption, String input, Path errors)
      throws Exception {
    Process client =
        new ProcessBuilder(
                "openssl",
                "s_client",
                "-connect",
                "127.0.0.1:" + port,
                protocolOption,
                "-quiet",
                "-ign_eof")
            .redirectError(errors.toFile())
            .start();
    try (OutputStream stdin = client.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.US_ASCII));
    }
    String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!client.waitFor(20, TimeUnit.SECONDS)) {
      client.destroyForcibly();
      throw new AssertionError("s_client did not finish");
    }
    return output;
  }
}
