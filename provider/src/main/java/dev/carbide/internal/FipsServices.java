package dev.carbide.internal;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Which services FIPS mode registers. Most families already register only what the engine can
 * fetch, and in FIPS mode every fetch goes to the module's library context with {@code fips=yes},
 * so an algorithm the module lacks or does not approve (MD5, ChaCha20) is absent by itself. The
 * families that register without a fetch (key types served through generic key calls) are probed
 * here instead: each row names the services by a pattern and the OpenSSL key type the module must
 * offer for them; a row without a key type is never approved by the module in use.
 */
final class FipsServices {
  private record Rule(Pattern services, String keyType) {}

  private static final List<Rule> RULES =
      List.of(
          rule("(KeyAgreement|KeyPairGenerator|KeyFactory)\\.(XDH|X25519)", "X25519"),
          rule("(KeyAgreement|KeyPairGenerator|KeyFactory)\\.X448", "X448"),
          rule("(Signature|KeyPairGenerator|KeyFactory)\\.(EdDSA|Ed25519)", "ED25519"),
          rule("(Signature|KeyPairGenerator|KeyFactory)\\.Ed448", "ED448"),
          // The module offers the hybrid, but its X25519 half is not approved on its own.
          rule("(KEM|KeyPairGenerator|KeyFactory)\\.X25519MLKEM768", "X25519"),
          rule("(KEM|KeyPairGenerator|KeyFactory)\\.SecP256r1MLKEM768", "SecP256r1MLKEM768"),
          rule("(KEM|KeyPairGenerator|KeyFactory)\\.SecP384r1MLKEM1024", "SecP384r1MLKEM1024"),
          // OpenSSL 3.5's module takes the nonce-type parameter, then fails every signing.
          rule("Signature\\..*withDetECDSA.*", null),
          // FIPS 140-3 approves Triple DES only for decrypting old data; Carbide leaves it out.
          rule("(Cipher|KeyGenerator|SecretKeyFactory|Mac)\\.(DESede.*|TripleDES.*)", null),
          // FIPS 186-5 dropped DSA: the module only verifies (DsaSignature refuses initSign).
          rule("(KeyPairGenerator|AlgorithmParameterGenerator)\\.DSA", null));

  private static final ConcurrentHashMap<String, Boolean> PROBED = new ConcurrentHashMap<>();

  private FipsServices() {}

  private static Rule rule(String services, String keyType) {
    return new Rule(Pattern.compile(services, Pattern.CASE_INSENSITIVE), keyType);
  }

  static boolean admits(String type, String algorithm) {
    String service = type + "." + algorithm;
    for (Rule rule : RULES) {
      if (rule.services.matcher(service).matches()) {
        return rule.keyType != null
            && PROBED.computeIfAbsent(rule.keyType, NativeCore::keyTypeAvailable);
      }
    }
    return true;
  }
}
