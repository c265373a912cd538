package dev.carbide.cli;

import dev.carbide.cli.SpeedCatalogue.Engine;
import dev.carbide.cli.SpeedCatalogue.Operation;
import dev.carbide.cli.SpeedCatalogue.Row;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The cipher rows of {@code speed}: the JSSE record path, bulk encryption at 16 KB, and a PBES2
 * message. Keys are 256-bit except on the record path, which is AES-128-GCM as TLS most often
 * negotiates it.
 */
final class CipherSpeeds {
  private CipherSpeeds() {}

  private static final int BULK = 16 * 1024;

  static void addTo(List<Row> rows, Engine engine) {
    for (int size : new int[] {64, 1024, BULK}) {
      rows.add(
          new Row(
              "AES-128-GCM TLS record " + SpeedCatalogue.label(size),
              engine,
              p -> tlsRecord(p, size)));
    }
    rows.add(
        new Row(
            "AES-256-GCM encrypt 16KB",
            engine,
            p -> bulk(p, "AES/GCM/NoPadding", Cipher.ENCRYPT_MODE)));
    rows.add(
        new Row(
            "ChaCha20-Poly1305 encrypt 16KB",
            engine,
            p -> bulk(p, "ChaCha20-Poly1305", Cipher.ENCRYPT_MODE)));
    rows.add(
        new Row(
            "AES-256-CTR 16KB", engine, p -> bulk(p, "AES/CTR/NoPadding", Cipher.ENCRYPT_MODE)));
    rows.add(
        new Row(
            "AES-256-CBC encrypt 16KB",
            engine,
            p -> bulk(p, "AES/CBC/NoPadding", Cipher.ENCRYPT_MODE)));
    rows.add(
        new Row(
            "AES-256-CBC decrypt 16KB",
            engine,
            p -> bulk(p, "AES/CBC/NoPadding", Cipher.DECRYPT_MODE)));
    rows.add(
        new Row(
            "AES-256-CFB8 16KB", engine, p -> bulk(p, "AES/CFB8/NoPadding", Cipher.ENCRYPT_MODE)));
    rows.add(
        new Row(
            "AES-256-CFB 16KB", engine, p -> bulk(p, "AES/CFB/NoPadding", Cipher.ENCRYPT_MODE)));
    rows.add(
        new Row(
            "AES-256-OFB 16KB", engine, p -> bulk(p, "AES/OFB/NoPadding", Cipher.ENCRYPT_MODE)));
    rows.add(
        new Row(
            "PBEWithHmacSHA256AndAES_256 1KB",
            engine,
            p -> pbes2(p, "PBEWithHmacSHA256AndAES_256")));
    addIssue19Rows(rows, engine);
  }

  /**
   * DESede against SunJCE, and the one-shot AES modes, which the JDK lacks (its column stays empty;
   * the JMH suite sets them beside Bouncy Castle): 16 KB messages, a fresh nonce for each AEAD
   * message, and one 16 KB data unit for XTS.
   */
  private static void addIssue19Rows(List<Row> rows, Engine engine) {
    for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
      String direction = mode == Cipher.ENCRYPT_MODE ? "encrypt" : "decrypt";
      rows.add(
          new Row(
              "DESede-CBC " + direction + " 16KB",
              engine,
              p -> keyed(p, "DESede/CBC/NoPadding", mode, 24, new IvParameterSpec(new byte[8]))));
    }
    rows.add(
        new Row(
            "AES-256-XTS encrypt 16KB",
            engine,
            p ->
                keyed(
                    p,
                    "AES/XTS/NoPadding",
                    Cipher.ENCRYPT_MODE,
                    64,
                    new IvParameterSpec(new byte[16]))));
    for (String transformation : List.of("AES/CCM/NoPadding", "AES/GCM-SIV/NoPadding")) {
      String name = "AES-256-" + transformation.split("/")[1] + " encrypt 16KB";
      rows.add(new Row(name, engine, p -> bulk(p, transformation, Cipher.ENCRYPT_MODE)));
    }
  }

  private static Operation keyed(
      Provider provider,
      String transformation,
      int mode,
      int keyBytes,
      java.security.spec.AlgorithmParameterSpec params)
      throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    byte[] key = SpeedCatalogue.input(keyBytes);
    key[keyBytes - 1] ^= 1; // the two halves of an XTS key must differ
    String algorithm = transformation.startsWith("DESede") ? "DESede" : "AES";
    cipher.init(mode, new SecretKeySpec(key, algorithm), params);
    byte[] input = SpeedCatalogue.input(BULK);
    byte[] output = new byte[BULK];
    return () -> cipher.doFinal(input, 0, BULK, output, 0);
  }

  /** The iteration count of the JDK's PKCS12 KeyStore, which encrypts its keys with PBES2. */
  static final int PBES2_ITERATIONS = 10_000;

  /**
   * A PBES2 message as the PKCS12 KeyStore encrypts a key: init with the password key and a fresh
   * salt and IV (so PBKDF2 runs every time, as it does there), then a 1 KB doFinal.
   */
  private static Operation pbes2(Provider provider, String algorithm)
      throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance(algorithm, provider);
    SecretKey password = new SecretKeySpec("password".getBytes(StandardCharsets.UTF_8), "PBE");
    byte[] salt = new byte[20];
    byte[] iv = new byte[16];
    byte[] input = SpeedCatalogue.input(1024);
    byte[] output = new byte[1024 + 16];
    long[] sequence = {0};
    return () -> {
      ByteBuffer.wrap(salt).putLong(12, ++sequence[0]);
      ByteBuffer.wrap(iv).putLong(8, sequence[0]);
      cipher.init(
          Cipher.ENCRYPT_MODE,
          password,
          new PBEParameterSpec(salt, PBES2_ITERATIONS, new IvParameterSpec(iv)));
      return cipher.doFinal(input, 0, input.length, output, 0);
    };
  }

  /**
   * What SunJSSE does per record: init with the same key object and a new nonce, 13 bytes of AAD,
   * then an in-place doFinal on a heap ByteBuffer.
   */
  private static Operation tlsRecord(Provider provider, int size) throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", provider);
    SecretKey key = new SecretKeySpec(SpeedCatalogue.input(16), "AES");
    byte[] header = SpeedCatalogue.input(13);
    byte[] nonce = new byte[12];
    ByteBuffer record = ByteBuffer.allocate(size + 16);
    byte[] plaintext = SpeedCatalogue.input(size);
    long[] sequence = {0};
    return () -> {
      ByteBuffer.wrap(nonce).putLong(4, ++sequence[0]);
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
      cipher.updateAAD(header);
      record.clear();
      record.put(plaintext).flip();
      ByteBuffer out = record.duplicate().limit(size + 16);
      return cipher.doFinal(record, out);
    };
  }

  private static Operation bulk(Provider provider, String transformation, int mode)
      throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    SecretKey key = new SecretKeySpec(SpeedCatalogue.input(32), "AES");
    byte[] input = SpeedCatalogue.input(BULK);
    byte[] output = new byte[BULK + 16];
    if (transformation.contains("GCM")
        || transformation.contains("CCM")
        || transformation.startsWith("ChaCha")) {
      // AEAD encryption wants a fresh nonce per message, as any real caller gives it.
      byte[] nonce = new byte[12];
      long[] sequence = {0};
      boolean gcm = !transformation.startsWith("ChaCha");
      return () -> {
        ByteBuffer.wrap(nonce).putLong(4, ++sequence[0]);
        cipher.init(mode, key, gcm ? new GCMParameterSpec(128, nonce) : new IvParameterSpec(nonce));
        return cipher.doFinal(input, 0, BULK, output, 0);
      };
    }
    cipher.init(mode, key, new IvParameterSpec(new byte[16]));
    return () -> cipher.doFinal(input, 0, BULK, output, 0);
  }
}
