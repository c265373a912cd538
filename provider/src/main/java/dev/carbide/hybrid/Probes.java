package dev.carbide.hybrid;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * What calibration measures: one probe per group of route keys that share an implementation on both
 * sides (CBC with and without padding, SHA-384 with SHA-512, the three ML-DSA sets, a key generator
 * family and its sets), each at the size classes where the answer can change. Every operation is
 * what the routed SPI does on that engine, including the JDK engine's init with a key Carbide made.
 */
final class Probes {
  private Probes() {}

  /** One operation on one engine, run repeatedly. */
  @FunctionalInterface
  interface Operation {
    int run() throws Exception;
  }

  /** Builds the operation of a probe on an engine's provider, at a size. */
  @FunctionalInterface
  interface Builder {
    Operation build(Provider provider, int size, Setup setup) throws GeneralSecurityException;
  }

  /**
   * A probe: the route keys it decides, its size classes, how to build it, and how many calls at
   * its smallest size drive the JDK's engine into C2 before anything is timed.
   */
  record Probe(
      String name,
      List<String> keys,
      int[] sizes,
      String algorithm,
      int compileCalls,
      Builder builder) {
    Probe(String name, List<String> keys, int[] sizes, String algorithm, Builder builder) {
      this(name, keys, sizes, algorithm, COMPILE_CALLS, builder);
    }
  }

  // Four times HotSpot's tier-4 invocation threshold (5,000): C2 has been asked to compile the
  // JDK's engine even when a long compile queue has raised the threshold. Cheap at a small size.
  static final int COMPILE_CALLS = 20_000;

  /**
   * A key generation calls its arithmetic (NTTs, Montgomery products) hundreds of times, so a few
   * hundred generations drive it into C2; 20,000 would cost seconds (an ML-DSA-65 key takes about a
   * quarter of a millisecond). The warm-up then goes on until the rate is flat and the JIT idle.
   */
  static final int KEYGEN_COMPILE_CALLS = 200;

  /** Shared inputs: keys made once by Carbide, as a Carbide-first application would have them. */
  static final class Setup {
    final Provider carbide;
    private KeyPair mlDsa;

    Setup(Provider carbide) {
      this.carbide = carbide;
    }

    KeyPair mlDsa() throws GeneralSecurityException {
      if (mlDsa == null) {
        mlDsa = KeyPairGenerator.getInstance("ML-DSA-65", keyProvider()).generateKeyPair();
      }
      return mlDsa;
    }

    private Provider keyProvider() {
      // The registered Carbide provider if there is one, else the JDK's generator.
      Provider registered = java.security.Security.getProvider("Carbide");
      return registered != null ? registered : Routable.jdkProvider("KeyPairGenerator", "ML-DSA");
    }
  }

  static final int[] SIZES = {64, 1024, 16 * 1024};

  /**
   * A cipher's size classes, 64 B included. Before a re-init could go to the JDK's engine alone
   * (RoutedCipher's predicted init), a routed 64-byte operation paid both engines' init and the
   * class was left out; now a routed operation costs the JDK's own plus a second {@code Cipher}
   * layer (bench's RouteFloorBenchmark), and on a CPU with VAES the JDK's whole 64-byte AES-CTR or
   * CBC decryption is faster than Carbide's native one (docs/hybrid.md, session 13).
   */
  static final int[] CIPHER_SIZES = {64, 1024, 16 * 1024};

  private static final int[] ONE = {0};

  static final List<Probe> ALL =
      List.of(
          cipher(
              "AES-256-CTR",
              "AES/CTR/NoPadding",
              Cipher.ENCRYPT_MODE,
              "Cipher.AES/CTR/NoPadding.encrypt",
              "Cipher.AES/CTR/NoPadding.decrypt"),
          cipher(
              "AES-256-CBC encrypt",
              "AES/CBC/NoPadding",
              Cipher.ENCRYPT_MODE,
              "Cipher.AES/CBC/NoPadding.encrypt",
              "Cipher.AES/CBC/PKCS5Padding.encrypt"),
          cipher(
              "AES-256-CBC decrypt",
              "AES/CBC/NoPadding",
              Cipher.DECRYPT_MODE,
              "Cipher.AES/CBC/NoPadding.decrypt",
              "Cipher.AES/CBC/PKCS5Padding.decrypt"),
          digest("SHA-1", "MessageDigest.SHA-1.digest"),
          digest("SHA-256", "MessageDigest.SHA-256.digest"),
          digest("SHA-512", "MessageDigest.SHA-512.digest", "MessageDigest.SHA-384.digest"),
          digest("SHA3-256", "MessageDigest.SHA3-256.digest"),
          mac("HmacSHA1", "Mac.HmacSHA1.mac"),
          mac("HmacSHA256", "Mac.HmacSHA256.mac"),
          mac("HmacSHA512", "Mac.HmacSHA512.mac", "Mac.HmacSHA384.mac"),
          new Probe("ML-DSA-65 sign", mlDsaKeys("sign"), ONE, "ML-DSA-65", Probes::sign),
          new Probe("ML-DSA-65 verify", mlDsaKeys("verify"), ONE, "ML-DSA-65", Probes::verify),
          keygen("ML-KEM-768 keygen", "ML-KEM", "ML-KEM-768", "ML-KEM-512", "ML-KEM-1024"),
          keygen("ML-DSA-65 keygen", "ML-DSA", "ML-DSA-65", "ML-DSA-44", "ML-DSA-87"));

  private static List<String> mlDsaKeys(String operation) {
    return List.of(
        "Signature.ML-DSA." + operation,
        "Signature.ML-DSA-44." + operation,
        "Signature.ML-DSA-65." + operation,
        "Signature.ML-DSA-87." + operation);
  }

  /**
   * Key generation of a family, deciding the family's generator and those of {@code set} and {@code
   * others}. Each pair's public key is encoded, as one that is sent or stored is. An ML-KEM pair is
   * ephemeral and its decapsulation always runs on Carbide (KEM is not routable), so a pair the JDK
   * made is also translated into Carbide's key, as Carbide's KEM then does once per key: a route
   * that wins the generation but loses the translation would be a loss.
   */
  private static Probe keygen(String name, String family, String set, String... others) {
    List<String> keys = new ArrayList<>();
    keys.add("KeyPairGenerator." + family + ".generate");
    keys.add("KeyPairGenerator." + set + ".generate");
    for (String other : others) {
      keys.add("KeyPairGenerator." + other + ".generate");
    }
    boolean ephemeral = family.equals("ML-KEM");
    return new Probe(
        name,
        List.copyOf(keys),
        ONE,
        set,
        KEYGEN_COMPILE_CALLS,
        (provider, size, setup) -> {
          KeyPairGenerator generator = KeyPairGenerator.getInstance(set, provider);
          KeyFactory carbideKeys =
              ephemeral && provider != setup.carbide
                  ? KeyFactory.getInstance(family, setup.carbide)
                  : null;
          return () -> {
            KeyPair pair = generator.generateKeyPair();
            int sink = pair.getPublic().getEncoded()[0];
            if (carbideKeys != null) {
              sink += carbideKeys.translateKey(pair.getPrivate()).hashCode();
            }
            return sink;
          };
        });
  }

  private static Probe cipher(String name, String transformation, int mode, String... keys) {
    return new Probe(
        name,
        List.of(keys),
        CIPHER_SIZES,
        transformation,
        (provider, size, setup) -> cipherOperation(provider, transformation, mode, size));
  }

  private static Probe digest(String algorithm, String... keys) {
    return new Probe(
        algorithm,
        List.of(keys),
        SIZES,
        algorithm,
        (provider, size, setup) -> {
          MessageDigest md = MessageDigest.getInstance(algorithm, provider);
          byte[] input = input(size);
          return () -> md.digest(input)[0];
        });
  }

  private static Probe mac(String algorithm, String... keys) {
    return new Probe(
        algorithm,
        List.of(keys),
        SIZES,
        algorithm,
        (provider, size, setup) -> {
          Mac mac = Mac.getInstance(algorithm, provider);
          mac.init(new SecretKeySpec(input(32), algorithm));
          byte[] input = input(size);
          return () -> mac.doFinal(input)[0];
        });
  }

  /**
   * A cipher message as the routed SPI runs it: init with the same key object, then one doFinal.
   * The IV object is reused and the output written into an array, where an application (and bench's
   * CipherBenchmark) makes a new IV per message and lets doFinal allocate; neither changes the
   * answer: both engines copy the IV whatever its object, and both allocate the same output in the
   * allocating form, which only adds the same cost to each side (session 14 measured the JDK's
   * speed over Carbide's at 64 B at 1.55-1.70 in either form, docs/hybrid.md). What kept small
   * AES-CBC encryptions on OpenSSL until session 15 was not this operation but the largest-first
   * rule in Calibration: CBC encryption is serial in both engines, so they tie at 16 KiB, and a
   * profile could only say "the JDK from N bytes up"; now a loss at 16 KiB sends the measuring to
   * the smallest class, and the route may be "below N".
   */
  private static Operation cipherOperation(
      Provider provider, String transformation, int mode, int size)
      throws GeneralSecurityException {
    Cipher cipher = Cipher.getInstance(transformation, provider);
    SecretKeySpec key = new SecretKeySpec(input(32), "AES");
    byte[] input = input(size);
    byte[] output = new byte[size + 16];
    IvParameterSpec iv = new IvParameterSpec(new byte[16]);
    return () -> {
      cipher.init(mode, key, iv);
      return cipher.doFinal(input, 0, size, output, 0);
    };
  }

  private static Operation sign(Provider provider, int size, Setup setup)
      throws GeneralSecurityException {
    Signature signature = Signature.getInstance("ML-DSA-65", provider);
    KeyPair pair = setup.mlDsa();
    byte[] message = input(64);
    return () -> {
      signature.initSign(pair.getPrivate());
      signature.update(message);
      return signature.sign()[0];
    };
  }

  private static Operation verify(Provider provider, int size, Setup setup)
      throws GeneralSecurityException {
    Signature signature = Signature.getInstance("ML-DSA-65", provider);
    KeyPair pair = setup.mlDsa();
    byte[] message = input(64);
    Signature signer = Signature.getInstance("ML-DSA-65", setup.carbide);
    signer.initSign(pair.getPrivate());
    signer.update(message);
    byte[] sig = signer.sign();
    return () -> {
      signature.initVerify(pair.getPublic());
      signature.update(message);
      return signature.verify(sig) ? 1 : 0;
    };
  }

  static byte[] input(int size) {
    byte[] input = new byte[size];
    Arrays.fill(input, (byte) 0x5a);
    return input;
  }
}
