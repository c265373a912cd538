package dev.carbide.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.carbide.CarbideProvider;
import dev.carbide.testing.ChildJvm;
import dev.carbide.testing.Keytool;
import dev.carbide.testing.SecurityOverride;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.Security;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK's PKCS12 KeyStore over Carbide's PBES2: keytool writes a store with the JDK alone; a JVM
 * with Carbide at priority 1 opens it and writes a new one, and a counting provider shows that
 * Carbide's PBES2 cipher decrypted and encrypted the keys and certificates; this JVM, without
 * Carbide, then opens that store and finds the same keys. (PKCS12's MAC, HmacPBESHA256, and its
 * SecretKeyFactory "PBE" stay with SunJCE.) About two seconds: keytool and one child JVM.
 */
class Pkcs12InteropTest {
  static final byte[] AES_KEY = HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f");
  private static final String PASSWORD = "changeit";

  @TempDir Path dir;

  @Test
  void storesWrittenWithAndWithoutCarbideOpenInTheOther() throws Exception {
    assertNull(Security.getProvider(CarbideProvider.NAME), "this JVM must be the JDK alone");
    Path jdkStore = dir.resolve("jdk.p12");
    Path carbideStore = dir.resolve("carbide.p12");
    Keytool.generateKeyPair(jdkStore, PASSWORD, "-keyalg", "EC", "-groupname", "secp256r1");

    ChildJvm.Result child =
        ChildJvm.run(
            List.of(SecurityOverride.carbideFirst(dir, CarbideProvider.NAME)),
            Pkcs12Child.class,
            jdkStore.toString(),
            carbideStore.toString(),
            PASSWORD);
    assertEquals(0, child.exitCode(), child::toString);
    assertEquals("true", child.line("key matches certificate "), child::toString);
    assertEquals("Carbide", child.line("provider PBES2 "), child::toString);
    String counted = "count Cipher PBEWithHmacSHA256AndAES_256 ";
    // Loading: the private key and the certificate bag. Storing: both keys and the bag.
    assertTrue(count(child, counted + "decrypt Carbide") >= 2, child::toString);
    assertTrue(count(child, counted + "encrypt Carbide") >= 3, child::toString);

    KeyStore written = load(carbideStore);
    KeyStore original = load(jdkStore);
    Key key = written.getKey("server", PASSWORD.toCharArray());
    assertArrayEquals(
        original.getKey("server", PASSWORD.toCharArray()).getEncoded(), key.getEncoded());
    assertEquals(original.getCertificate("server"), written.getCertificate("server"));
    assertArrayEquals(AES_KEY, written.getKey("aes", PASSWORD.toCharArray()).getEncoded());
  }

  private static long count(ChildJvm.Result child, String key) {
    return Long.parseLong(child.line(key + "="));
  }

  private static KeyStore load(Path file) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, PASSWORD.toCharArray());
    }
    return store;
  }
}
