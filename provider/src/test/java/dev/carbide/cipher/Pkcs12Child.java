package dev.carbide.cipher;

import dev.carbide.ec.CountingProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Security;
import java.security.Signature;
import java.security.cert.Certificate;
import javax.crypto.spec.SecretKeySpec;

/**
 * The child JVM of {@link Pkcs12InteropTest}, run with Carbide at priority 1 and a counting
 * provider ahead of it that forwards the PBES2 cipher to Carbide: loads a PKCS12 KeyStore (args:
 * in, out, password), checks its private key against its certificate, sets it again, adds an AES
 * key and stores it all. Prints "count ..." lines and the provider of the "PBES2" parameters.
 */
public final class Pkcs12Child {
  private Pkcs12Child() {}

  public static void main(String[] args) throws Exception {
    char[] password = args[2].toCharArray();
    Security.insertProviderAt(
        new CountingProvider(Security.getProvider("Carbide"), "Cipher.PBEWithHmacSHA256AndAES_256"),
        1);
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
      store.load(in, password);
    }
    PrivateKey key = (PrivateKey) store.getKey("server", password);
    Certificate certificate = store.getCertificate("server");
    Signature signer = Signature.getInstance("SHA256withECDSA");
    signer.initSign(key);
    signer.update(new byte[] {1, 2, 3});
    byte[] signature = signer.sign();
    signer.initVerify(certificate);
    signer.update(new byte[] {1, 2, 3});
    System.out.println("key matches certificate " + signer.verify(signature));
    // Set again, so that the store encrypts it anew rather than keeping the bytes it loaded.
    store.setKeyEntry("server", key, password, store.getCertificateChain("server"));
    store.setEntry(
        "aes",
        new KeyStore.SecretKeyEntry(new SecretKeySpec(Pkcs12InteropTest.AES_KEY, "AES")),
        new KeyStore.PasswordProtection(password));
    try (OutputStream out = Files.newOutputStream(Path.of(args[1]))) {
      store.store(out, password);
    }
    CountingProvider.counts().forEach((k, v) -> System.out.println("count " + k + "=" + v));
    System.out.println(
        "provider PBES2 " + AlgorithmParameters.getInstance("PBES2").getProvider().getName());
  }
}
