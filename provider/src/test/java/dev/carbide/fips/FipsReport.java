package dev.carbide.fips;

import dev.carbide.CarbideProvider;
import dev.carbide.FipsIndicator;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.RSAKeyGenParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The main class of a child JVM started with {@code -Dcarbide.fips=true}: creates the provider and
 * prints what FIPS mode made of it, one fact per line ("key value"): the load error, the module,
 * the service count, the OpenSSL version and the libcrypto files mapped, each named service's
 * presence, which provider the JCA then picks for SHA-256, and the exception (class and message) of
 * each disallowed request.
 */
public final class FipsReport {
  private FipsReport() {}

  public static void main(String[] args) throws Exception {
    Provider carbide = new CarbideProvider();
    Throwable error = CarbideProvider.loadError();
    System.out.println("error " + (error == null ? "none" : oneLine(error.toString())));
    System.out.println("services " + carbide.getServices().size());
    // Installed first, as a user would: with nothing registered the JVM goes on with the next one.
    java.security.Security.insertProviderAt(carbide, 1);
    System.out.println("sha256 " + MessageDigest.getInstance("SHA-256").getProvider().getName());
    if (error != null) {
      return;
    }
    System.out.println("openssl " + CarbideProvider.opensslVersion());
    for (String path : dev.carbide.testing.LoaderReport.mappedLibcrypto()) {
      System.out.println("libcrypto " + path);
    }
    System.out.println("module " + CarbideProvider.fipsModule());
    System.out.println("fips " + CarbideProvider.fipsEnabled());
    for (String name :
        new String[] {
          "MessageDigest SHA-256",
          "MessageDigest MD5",
          "Cipher AES/GCM/NoPadding",
          "Cipher ChaCha20-Poly1305",
          "Signature SHA256withECDSA",
          "Signature Ed25519",
          "KeyAgreement ECDH",
          "KeyAgreement X25519",
          "Mac HmacSHA256",
          "SecretKeyFactory PBKDF2WithHmacSHA256",
          "KeyPairGenerator ML-KEM",
          "Signature ML-DSA",
          "SSLContext TLS"
        }) {
      String[] parts = name.split(" ");
      System.out.println("has " + name + " " + (carbide.getService(parts[0], parts[1]) != null));
    }
    gcm(carbide);
    indicator(carbide, 32);
    indicator(carbide, 8);
    refusal("gcm-caller-iv", () -> gcmWithIv(carbide));
    refusal("rsa1024-sign", () -> rsaSign(carbide, 1024));
    refusal("pbkdf2-short-salt", () -> pbkdf2(carbide, "correct horse", new byte[8]));
    refusal("pbkdf2-short-password", () -> pbkdf2(carbide, "short", new byte[16]));
    refusal("pbes2-short-password", () -> pbes2(carbide, "short"));
    refusal("sha1-ecdsa-sign", () -> sha1EcdsaSign(carbide));
    rsaSign(carbide, 2048);
    System.out.println("rsa2048-sign ok");
  }

  // The module approves HMAC keys of 112 bits and more; its configuration lets shorter ones run.
  private static void indicator(Provider carbide, int keyBytes) throws GeneralSecurityException {
    FipsIndicator.takeUnapproved();
    Mac mac = Mac.getInstance("HmacSHA256", carbide);
    mac.init(new SecretKeySpec(new byte[keyBytes], "HmacSHA256"));
    mac.doFinal(new byte[5]);
    System.out.println("unapproved hmac" + keyBytes + " " + FipsIndicator.takeUnapproved());
  }

  // An encryption whose IV the cipher generated decrypts again.
  private static void gcm(Provider carbide) throws GeneralSecurityException {
    SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", carbide);
    cipher.init(Cipher.ENCRYPT_MODE, key);
    byte[] sealed = cipher.doFinal(new byte[20]);
    cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, cipher.getIV()));
    System.out.println("gcm-generated-iv " + cipher.doFinal(sealed).length);
  }

  private static void gcmWithIv(Provider carbide) throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", carbide);
    cipher.init(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(new byte[16], "AES"),
        new GCMParameterSpec(128, new byte[12]));
  }

  private static void rsaSign(Provider carbide, int bits) throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", "SunRsaSign");
    generator.initialize(new RSAKeyGenParameterSpec(bits, RSAKeyGenParameterSpec.F4));
    Signature signature = Signature.getInstance("SHA256withRSA", carbide);
    signature.initSign(generator.generateKeyPair().getPrivate());
    signature.update(new byte[3]);
    signature.sign();
  }

  private static void sha1EcdsaSign(Provider carbide) throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", carbide);
    Signature signature = Signature.getInstance("SHA1withECDSA", carbide);
    signature.initSign(generator.generateKeyPair().getPrivate());
  }

  private static void pbkdf2(Provider carbide, String password, byte[] salt)
      throws GeneralSecurityException {
    SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", carbide)
        .generateSecret(new PBEKeySpec(password.toCharArray(), salt, 1000, 256));
  }

  // PBES2 derives its AES key through the same PBKDF2 path, so the same limits hold.
  private static void pbes2(Provider carbide, String password) throws GeneralSecurityException {
    String algorithm = "PBEWithHmacSHA256AndAES_256";
    Cipher cipher = Cipher.getInstance(algorithm, carbide);
    cipher.init(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(password.getBytes(java.nio.charset.StandardCharsets.UTF_8), algorithm),
        new javax.crypto.spec.PBEParameterSpec(new byte[16], 1000));
  }

  interface Request {
    void run() throws Exception;
  }

  private static void refusal(String name, Request request) {
    try {
      request.run();
      System.out.println("refused " + name + " NOT REFUSED");
    } catch (Exception e) {
      System.out.println(
          "refused " + name + " " + e.getClass().getSimpleName() + ": " + oneLine(e.getMessage()));
    }
  }

  private static String oneLine(String text) {
    return String.valueOf(text).replace('\n', '|');
  }
}
