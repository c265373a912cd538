package dev.carbide.cipher;

import dev.carbide.tls.RecordingProvider;
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
 * The child JVM of {@link Pkcs12InteropTest}, run with Carbide at priority 1 and the recording
 * provider ahead of it, which hands every call to the JCA's own choice and counts who served it:
 * loads a PKCS12 KeyStore (args: in, out, password), checks its private key against its
 * certificate, sets it again, adds an AES key and stores it all. Prints "count ..." lines and the
 * provider of the "PBES2" parameters.
 */
public final class Pkcs12Child {
  private Pkcs12Child() {}

  public static void main(String[] args) throws Exception {
    char[] password = args[2].toCharArray();
    Security.insertProviderAt(new RecordingProvider(), 1);
    RecordingProvider.record(true);
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
    // Keys are "side Type Algorithm operation Provider"; this JVM has one side.
    RecordingProvider.counts()
        .forEach(
            (k, v) -> System.out.println("count " + k.substring(k.indexOf(' ') + 1) + "=" + v));
    System.out.println(
        "provider PBES2 " + AlgorithmParameters.getInstance("PBES2").getProvider().getName());
  }
}
