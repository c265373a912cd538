package dev.carbide.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The JDK's keytool, run beside this JVM's java launcher (without Carbide). */
public final class Keytool {
  private Keytool() {}

  /**
   * Generates a key pair with a self-signed certificate for CN=localhost, valid two days, under
   * alias "server" in a new PKCS12 {@code store}; {@code keyOptions} choose the key ("-keyalg",
   * "EC", ...). Throws with keytool's output if it fails.
   */
  public static void generateKeyPair(Path store, String password, String... keyOptions)
      throws Exception {
    generateNamedKeyPair(store, password, "server", "localhost", keyOptions);
  }

  /**
   * Generates a key pair with a self-signed certificate for CN={@code commonName}, valid two days,
   * under {@code alias} in a new PKCS12 {@code store}; {@code keyOptions} choose the key and the
   * certificate's signature ("-keyalg", "EC", "-sigalg", ...). Throws with keytool's output if it
   * fails.
   */
  public static void generateNamedKeyPair(
      Path store, String password, String alias, String commonName, String... keyOptions)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(ChildJvm.java()).resolveSibling("keytool").toString());
    command.addAll(
        List.of(
            "-genkeypair",
            "-keystore",
            store.toString(),
            "-storetype",
            "PKCS12",
            "-storepass",
            password,
            "-alias",
            alias,
            "-dname",
            "CN=" + commonName,
            "-validity",
            "2"));
    command.addAll(List.of(keyOptions));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new AssertionError("keytool failed: " + output);
    }
  }
}
