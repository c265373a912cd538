package dev.carbide.bench;

import java.security.GeneralSecurityException;
import java.security.Key;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One message per operation: {@code init} with the same key object and a new IV, then a one-shot
 * {@code doFinal(input)}. The IV is a counter, so the AEADs' refusal of a repeated key and IV never
 * trips. The direction is part of {@link #algorithm} so that only CBC is also decrypted (and, on
 * demand with {@code -p algorithm=AES-256-GCM-Decrypt}, AES-GCM, over a sealed input).
 */
public class CipherBenchmark extends SizedInputBenchmark {
  @Param({
    "AES-256-GCM",
    "AES-256-CBC-Encrypt",
    "AES-256-CBC-Decrypt",
    "AES-256-CTR",
    "ChaCha20-Poly1305",
    "DESede-CBC-Encrypt",
    "AES-256-CCM",
    "AES-256-GCM-SIV",
    "AES-256-XTS",
    "AES-256-OFB",
    "AES-256-CFB",
    "AES-256-CFB8"
  })
  public String algorithm;

  /**
   * The JCA transformation, key algorithm, IV length and direction of each {@link #algorithm}, and
   * whether its IV goes in a GCMParameterSpec (worked out once, not in the measured loop).
   */
  record Scheme(
      String transformation, String keyAlgorithm, int ivLength, int mode, boolean gcmSpec) {
    Scheme(String transformation, String keyAlgorithm, int ivLength, int mode) {
      this(
          transformation,
          keyAlgorithm,
          ivLength,
          mode,
          transformation.contains("GCM") || transformation.contains("CCM"));
    }

    Cipher open(String provider) throws GeneralSecurityException, NotAvailableException {
      return Cipher.getInstance(
          transformation, Providers.forService(provider, "Cipher", transformation));
    }

    /** 256-bit AES (two for XTS), or three-key Triple DES. */
    Key key() {
      int length = keyAlgorithm.equals("DESede") ? 24 : transformation.contains("XTS") ? 64 : 32;
      return new SecretKeySpec(Inputs.bytes(length, 7), keyAlgorithm);
    }

    /**
     * Starts a message: the same key object, and a new IV from {@code counter}; an AEAD decryption
     * keeps the all-zero IV that {@link #sealed} encrypted under.
     */
    void init(Cipher cipher, Key key, Counter counter) throws GeneralSecurityException {
      byte[] iv = openingAead() ? new byte[ivLength] : counter.next(ivLength);
      cipher.init(mode, key, gcmSpec ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
    }

    /** True for an AEAD decryption, whose input must be a sealed message. */
    boolean openingAead() {
      return gcmSpec && mode == Cipher.DECRYPT_MODE;
    }

    /** The input an operation takes: {@code plaintext} itself, or sealed for an AEAD decryption. */
    byte[] sealed(byte[] plaintext) throws GeneralSecurityException {
      if (!openingAead()) {
        return plaintext;
      }
      Cipher sealer = Cipher.getInstance(transformation, "SunJCE");
      sealer.init(Cipher.ENCRYPT_MODE, key(), new GCMParameterSpec(128, new byte[ivLength]));
      return sealer.doFinal(plaintext);
    }
  }

  static final Map<String, Scheme> SCHEMES =
      Map.ofEntries(
          Map.entry("AES-256-GCM", new Scheme("AES/GCM/NoPadding", "AES", 12, Cipher.ENCRYPT_MODE)),
          Map.entry(
              "AES-256-GCM-Decrypt",
              new Scheme("AES/GCM/NoPadding", "AES", 12, Cipher.DECRYPT_MODE)),
          Map.entry(
              "AES-256-CBC-Encrypt",
              new Scheme("AES/CBC/NoPadding", "AES", 16, Cipher.ENCRYPT_MODE)),
          Map.entry(
              "AES-256-CBC-Decrypt",
              new Scheme("AES/CBC/NoPadding", "AES", 16, Cipher.DECRYPT_MODE)),
          Map.entry("AES-256-CTR", new Scheme("AES/CTR/NoPadding", "AES", 16, Cipher.ENCRYPT_MODE)),
          Map.entry(
              "ChaCha20-Poly1305",
              new Scheme("ChaCha20-Poly1305", "ChaCha20", 12, Cipher.ENCRYPT_MODE)),
          Map.entry(
              "DESede-CBC-Encrypt",
              new Scheme("DESede/CBC/NoPadding", "DESede", 8, Cipher.ENCRYPT_MODE)),
          Map.entry("AES-256-CCM", new Scheme("AES/CCM/NoPadding", "AES", 12, Cipher.ENCRYPT_MODE)),
          Map.entry(
              "AES-256-GCM-SIV",
              new Scheme("AES/GCM-SIV/NoPadding", "AES", 12, Cipher.ENCRYPT_MODE)),
          Map.entry("AES-256-XTS", new Scheme("AES/XTS/NoPadding", "AES", 16, Cipher.ENCRYPT_MODE)),
          Map.entry("AES-256-OFB", new Scheme("AES/OFB/NoPadding", "AES", 16, Cipher.ENCRYPT_MODE)),
          Map.entry("AES-256-CFB", new Scheme("AES/CFB/NoPadding", "AES", 16, Cipher.ENCRYPT_MODE)),
          Map.entry(
              "AES-256-CFB8", new Scheme("AES/CFB8/NoPadding", "AES", 16, Cipher.ENCRYPT_MODE)));

  private Scheme scheme;
  private Cipher cipher;
  private Key key;
  private byte[] message;
  private final Counter iv = new Counter();

  @Setup
  public void setup() throws GeneralSecurityException, NotAvailableException {
    scheme = SCHEMES.get(algorithm);
    cipher = scheme.open(provider);
    key = scheme.key();
    // The same bytes as makeInput's, built here: JMH does not promise to run it first.
    message = scheme.sealed(Inputs.bytes(size, 1));
  }

  @Benchmark
  public byte[] doFinal() throws GeneralSecurityException {
    scheme.init(cipher, key, iv);
    return cipher.doFinal(message);
  }

  /** Fails unless {@code provider} can run this benchmark for {@code algorithm}. */
  static void probe(String provider, String algorithm) throws Exception {
    CipherBenchmark benchmark = new CipherBenchmark();
    benchmark.provider = provider;
    benchmark.algorithm = algorithm;
    benchmark.size = 64;
    benchmark.makeInput();
    benchmark.setup();
    benchmark.doFinal();
  }

  /** A fresh IV per operation: a big-endian counter in the last eight bytes. */
  static final class Counter {
    private long value;

    byte[] next(int length) {
      byte[] iv = new byte[length];
      long v = ++value;
      for (int i = length - 1; i >= length - Long.BYTES; i--, v >>>= 8) {
        iv[i] = (byte) v;
      }
      return iv;
    }
  }
}
