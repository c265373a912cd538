package dev.carbide.hybrid;

import java.security.Provider;
import java.security.Security;
import java.util.List;

/**
 * The services the routing layer may hand to the JDK: the ones where a JDK provider's intrinsics
 * can beat OpenSSL on some CPU. Every other service stays on OpenSSL without a routing wrapper.
 *
 * <p>A service routes one or two operations, each under a route key of the form {@code
 * type.algorithm.operation} (for example {@code Cipher.AES/CTR/NoPadding.encrypt}); the profile and
 * the built-in default decide per route key from which input size the JDK serves it.
 */
public final class Routable {
  private Routable() {}

  /** A JCA engine type that the routing layer knows how to wrap, with its operations. */
  enum Kind {
    CIPHER("Cipher", true, "encrypt", "decrypt"),
    DIGEST("MessageDigest", true, "digest"),
    MAC("Mac", true, "mac"),
    SIGNATURE("Signature", false, "sign", "verify"),
    KEY_PAIR_GENERATOR("KeyPairGenerator", false, "generate");

    final String type;

    /** False for operations without an input size: their route is from 0 bytes or nothing. */
    final boolean sized;

    final List<String> operations;

    Kind(String type, boolean sized, String... operations) {
      this.type = type;
      this.sized = sized;
      this.operations = List.of(operations);
    }
  }

  /** One routable service and its standard name in the JDK's providers. */
  record Service(Kind kind, String algorithm) {
    /** The route key of one of this service's operations. */
    String key(String operation) {
      return kind.type + "." + algorithm + "." + operation;
    }
  }

  /**
   * The table. Ciphers: the AES modes whose JDK intrinsics are vectorised (CTR, and CBC decryption,
   * with VAES); digests and HMACs, whose SHA-NI and AVX2 code is close to OpenSSL's; ML-DSA, which
   * JDK 25 computes with AVX-512 intrinsics; the ML-KEM and ML-DSA key pair generators, where the
   * JDK 24+ has them, whose JDK form may be faster than OpenSSL's. DSA key generation is not
   * routable: Carbide's is one modular exponentiation per pair, faster than SUN's, and a routed
   * pair would be SUN's keys, whose private key refuses {@code destroy()}.
   *
   * <p>Not routable, because SunJCE's contract differs from Carbide's there and a route would show
   * it (the route-forced test pass found each): AES/GCM (SunJCE's decryption writes plaintext into
   * the caller's buffer before the tag is checked; its update into a short buffer throws
   * ArrayIndexOutOfBoundsException; its getOutputSize overflows near Integer.MAX_VALUE) and
   * ChaCha20-Poly1305 (SunJCE's refuses a retry after a ShortBufferException). OpenSSL is faster at
   * both on the machines measured so far (docs/hybrid.md).
   */
  static final List<Service> SERVICES =
      List.of(
          new Service(Kind.CIPHER, "AES/CTR/NoPadding"),
          new Service(Kind.CIPHER, "AES/CBC/NoPadding"),
          new Service(Kind.CIPHER, "AES/CBC/PKCS5Padding"),
          new Service(Kind.DIGEST, "SHA-1"),
          new Service(Kind.DIGEST, "SHA-256"),
          new Service(Kind.DIGEST, "SHA-384"),
          new Service(Kind.DIGEST, "SHA-512"),
          new Service(Kind.DIGEST, "SHA3-256"),
          new Service(Kind.MAC, "HmacSHA1"),
          new Service(Kind.MAC, "HmacSHA256"),
          new Service(Kind.MAC, "HmacSHA384"),
          new Service(Kind.MAC, "HmacSHA512"),
          new Service(Kind.SIGNATURE, "ML-DSA"),
          new Service(Kind.SIGNATURE, "ML-DSA-44"),
          new Service(Kind.SIGNATURE, "ML-DSA-65"),
          new Service(Kind.SIGNATURE, "ML-DSA-87"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-KEM"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-KEM-512"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-KEM-768"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-KEM-1024"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-DSA"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-DSA-44"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-DSA-65"),
          new Service(Kind.KEY_PAIR_GENERATOR, "ML-DSA-87"));

  /** The routable service of this type and algorithm, or null. */
  static Service find(String type, String algorithm) {
    for (Service service : SERVICES) {
      if (service.kind.type.equals(type) && service.algorithm.equals(algorithm)) {
        return service;
      }
    }
    return null;
  }

  /** The route keys of operations without an input size (signing, key generation). */
  static List<String> sizelessKeys() {
    return SERVICES.stream()
        .filter(s -> !s.kind.sized)
        .flatMap(s -> s.kind.operations.stream().map(s::key))
        .toList();
  }

  /** Every route key, in table order. */
  static List<String> keys() {
    return SERVICES.stream().flatMap(s -> s.kind.operations.stream().map(s::key)).toList();
  }

  private static final List<String> JDK_PROVIDERS = List.of("SUN", "SunJCE", "SunEC", "SunRsaSign");

  /**
   * The JDK provider that serves this type and algorithm, found by name among the installed
   * providers, or null if none does (then the service stays on OpenSSL).
   */
  static Provider jdkProvider(String type, String algorithm) {
    // SunJCE registers one "AES" cipher that takes every mode and padding, so a transformation is
    // looked up by its algorithm too, as Cipher.getInstance does.
    int slash = algorithm.indexOf('/');
    String base = type.equals("Cipher") && slash > 0 ? algorithm.substring(0, slash) : algorithm;
    for (String name : JDK_PROVIDERS) {
      Provider provider = Security.getProvider(name);
      if (provider != null
          && (provider.getService(type, algorithm) != null
              || provider.getService(type, base) != null)) {
        return provider;
      }
    }
    return null;
  }
}
