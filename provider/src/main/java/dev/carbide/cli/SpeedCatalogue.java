package dev.carbide.cli;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * What {@code speed} measures. Each row names an operation, the engine it belongs to (which says
 * which JDK provider Carbide is compared with), and how to build the operation for a provider. A
 * family adds its rows in {@link #all()}.
 */
final class SpeedCatalogue {
  private SpeedCatalogue() {}

  /** One operation, ready to run repeatedly; returns a value that the caller folds into a sink. */
  @FunctionalInterface
  interface Operation {
    long run() throws Exception;
  }

  /** Builds an operation on a provider; NoSuchAlgorithmException means the provider lacks it. */
  @FunctionalInterface
  interface Builder {
    Operation build(Provider provider) throws GeneralSecurityException;
  }

  /** A JCA engine type and the JDK provider that Carbide is measured against for it. */
  record Engine(String type, Supplier<Provider> jdkProvider) {}

  static final Engine DIGEST = new Engine("MessageDigest", () -> Security.getProvider("SUN"));
  static final Engine MAC = new Engine("Mac", () -> Security.getProvider("SunJCE"));
  static final Engine CIPHER = new Engine("Cipher", () -> Security.getProvider("SunJCE"));
  // An application's new SecureRandom(): NativePRNG from SUN on Linux.
  static final Engine RANDOM = new Engine("SecureRandom", () -> new SecureRandom().getProvider());

  record Row(String name, Engine engine, Builder builder) {}

  private static final int[] HASH_SIZES = {64, 1024, 16 * 1024, 1024 * 1024};
  private static final int[] RANDOM_SIZES = {16, 1024, 4096};

  /** Every row, in the order they are measured. */
  static List<Row> all() {
    List<Row> rows = new ArrayList<>();
    for (String algorithm : List.of("SHA-256", "SHA-512", "SHA3-256")) {
      for (int size : HASH_SIZES) {
        rows.add(new Row(algorithm + " " + label(size), DIGEST, p -> digest(p, algorithm, size)));
      }
    }
    for (String algorithm : List.of("HmacSHA256")) {
      for (int size : HASH_SIZES) {
        rows.add(new Row(algorithm + " " + label(size), MAC, p -> mac(p, algorithm, size)));
      }
    }
    // SHAKE and the MACs the JDK lacks (its column then stays empty), at a short and a long size.
    for (int size : new int[] {64, 16 * 1024}) {
      rows.add(
          new Row("SHAKE256-512 " + label(size), DIGEST, p -> digest(p, "SHAKE256-512", size)));
      for (String algorithm : List.of("AESCMAC", "KMAC256", "POLY1305")) {
        rows.add(new Row(algorithm + " " + label(size), MAC, p -> mac(p, algorithm, size)));
      }
      rows.add(
          new Row("SHAKE128-256 " + label(size), DIGEST, p -> digest(p, "SHAKE128-256", size)));
      for (String algorithm : List.of("HmacMD5", "KMAC128")) {
        rows.add(new Row(algorithm + " " + label(size), MAC, p -> mac(p, algorithm, size)));
      }
      rows.add(new Row("AESGMAC " + label(size), MAC, p -> gmac(p, size)));
    }
    CipherSpeeds.addTo(rows, CIPHER);
    for (int size : RANDOM_SIZES) {
      rows.add(new Row("SecureRandom " + label(size), RANDOM, p -> nextBytes(p, size)));
    }
    EcSpeed.addTo(rows);
    PqcSpeed.addTo(rows);
    RsaSpeed.addTo(rows);
    KdfSpeeds.addTo(rows);
    DsaSpeed.addTo(rows);
    DhSpeed.addTo(rows);
    return rows;
  }

  /** 64B, 1KB, 16KB, 1MB. */
  static String label(int bytes) {
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
      return bytes / (1024 * 1024) + "MB";
    }
    if (bytes >= 1024 && bytes % 1024 == 0) {
      return bytes / 1024 + "KB";
    }
    return bytes + "B";
  }

  private static Operation digest(Provider provider, String algorithm, int size)
      throws GeneralSecurityException {
    MessageDigest md = MessageDigest.getInstance(algorithm, provider);
    byte[] input = input(size);
    return () -> md.digest(input)[0];
  }

  private static Operation mac(Provider provider, String algorithm, int size)
      throws GeneralSecurityException {
    Mac mac = Mac.getInstance(algorithm, provider);
    mac.init(new SecretKeySpec(input(32), algorithm));
    byte[] input = input(size);
    return () -> mac.doFinal(input)[0];
  }

  /** GMAC as a caller must use it: a new IV, so an init, for every message. */
  private static Operation gmac(Provider provider, int size) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("AESGMAC", provider);
    SecretKeySpec key = new SecretKeySpec(input(32), "AES");
    byte[] iv = new byte[12];
    byte[] input = input(size);
    long[] sequence = {0};
    return () -> {
      ByteBuffer.wrap(iv).putLong(4, ++sequence[0]);
      mac.init(key, new IvParameterSpec(iv));
      return mac.doFinal(input)[0];
    };
  }

  private static Operation nextBytes(Provider provider, int size) throws GeneralSecurityException {
    SecureRandom jdkDefault = new SecureRandom();
    SecureRandom random =
        provider == jdkDefault.getProvider()
            ? jdkDefault
            : SecureRandom.getInstance("DEFAULT", provider);
    byte[] output = new byte[size];
    return () -> {
      random.nextBytes(output);
      return output[0];
    };
  }

  static byte[] input(int size) {
    byte[] input = new byte[size];
    Arrays.fill(input, (byte) 0x5a);
    return input;
  }
}
